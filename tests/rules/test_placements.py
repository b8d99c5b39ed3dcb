"""Placements: the one rule for which total is better, ties, and seats that left."""

from __future__ import annotations

from rules import GAMES
from rules.placements import Result, placements
from rules.record import Progress


def test_ties_share_a_place_and_the_next_is_skipped() -> None:
    """Equal totals share a place; the place after a tie of two is two further down."""
    assert placements((5, 9, 9, 1), (), lowest_wins=False) == (3, 1, 1, 4)
    assert placements((4, 4, 4), (), lowest_wins=False) == (1, 1, 1)


def test_lowest_is_best_where_the_lowest_total_wins() -> None:
    """In Arcs And Marks the smallest total places first."""
    assert GAMES["arcs-and-marks"].lowest_wins
    assert placements((41, 44, 44), (), lowest_wins=True) == (1, 2, 2)
    assert placements((41, 40, 44), (), lowest_wins=True) == (2, 1, 3)


def test_seats_that_left_come_last_whatever_their_totals() -> None:
    """A seat that left places below every seat that stayed, and among those that left by
    its total."""
    assert placements((30, 2, 9), {0}, lowest_wins=False) == (3, 2, 1)
    assert placements((30, 2, 9), {0, 2}, lowest_wins=False) == (2, 1, 3)
    assert placements((1, 50, 3), {0}, lowest_wins=True) == (3, 2, 1)


def test_a_result_names_winners_order_and_score() -> None:
    """The winners are the seats placed first that stayed; the tally runs from the best."""
    won = Result.of((1, 2), [], lowest_wins=False)
    assert won.winners == (1,) and won.order == (1, 0) and won.tally() == "2-1"
    drawn = Result.of((1, 1), [], lowest_wins=False)
    assert drawn.winners == (0, 1) and drawn.drawn and drawn.tally() == "1-1"
    left = Result.of((7, 0), [(0, "timeout")], lowest_wins=False)
    assert left.winners == (1,) and left.gone == {0} and left.tally() == "0-7"
    alone = Result.of((12,), [(0, "resigned")], lowest_wins=False)
    assert alone.winners == () and alone.places == (1,)


def test_a_record_keeps_why_a_seat_left() -> None:
    """The record's reason for each seat that left is in its result, in order."""
    p = Progress.begin(GAMES["lengths-of-lengths"], 3, {})
    p = p.enter((2, "resign", "removed")).enter((0, "resign", "timeout"))
    result = p.final()
    assert result is not None and result.left == ((2, "removed"), (0, "timeout"))
    assert result.winners == (1,) and p.winners() == [1]
    assert (
        p.final() is not None and Progress.begin(GAMES["lengths-of-lengths"], 3, {}).final() is None
    )
