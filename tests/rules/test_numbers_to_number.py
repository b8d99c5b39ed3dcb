"""Numbers To Number: the worked example, scoring and refusals."""

from __future__ import annotations

import pytest

from rules.base import BadOption, IllegalMove
from rules.numbers_to_number import GAME, d_values, in_d, round_points, symbol
from rules.record import Progress


def test_worked_example_d() -> None:
    """RULES.md: the list 01_001_1 gives D = {69, 71, 101, 103}."""
    assert d_values("01_001_1") == ([69, 71, 101, 103], 4)
    assert [x for x in range(256) if in_d(x, "01_001_1")] == [69, 71, 101, 103]


def test_mask_test_matches_enumeration() -> None:
    """The O(m) membership test agrees with listing D, for every list of length 4."""
    import itertools

    for symbols in map("".join, itertools.product("01_", repeat=4)):
        listed, size = d_values(symbols, 99)
        assert size == len(listed) == 2 ** symbols.count("_")
        assert [x for x in range(16) if in_d(x, symbols)] == listed


def test_symbols() -> None:
    """1 when seat 0's number is larger, 0 when smaller, _ when equal."""
    assert (symbol((5, 3)), symbol((3, 5)), symbol((4, 4))) == ("1", "0", "_")


def test_round_scoring_both_can_score() -> None:
    """Each player scores for each of their numbers in D; both may score for one number."""
    pairs = [(3, 1), (1, 2), (2, 2)]  # list 10_ : D = {4, 5}
    assert round_points(pairs) == (0, 0)
    pairs = [(5, 1), (1, 5), (4, 4)]  # list 10_ : D = {4, 5}
    assert round_points(pairs) == (2, 2)


def play(progress: Progress, *pairs: tuple[int, int]) -> Progress:
    for a, b in pairs:
        progress = progress.submit(0, str(a)).submit(1, str(b))
    return progress


def test_full_round_m3() -> None:
    """A round of m=3 scores, then the next round starts with an empty list."""
    p = Progress.begin(GAME, 2, {"m": 3, "rounds": 2})
    p = play(p, (5, 1), (1, 5), (4, 4))
    assert GAME.scores(p.state) == (2, 2)
    assert p.state.round == 1 and p.state.pairs == ()
    with pytest.raises(IllegalMove, match="already played 5"):
        p.check(0, "5")
    p = play(p, (2, 3), (3, 2), (6, 6))
    assert GAME.is_over(p.state)
    assert p.result()["to_move"] == []


def test_refusals_say_why() -> None:
    """Out of range, not a number, and repeats are refused with a reason."""
    p = Progress.begin(GAME, 2, {"m": 6})
    with pytest.raises(IllegalMove, match="1 to 63"):
        p.check(0, "64")
    with pytest.raises(IllegalMove, match="not a number from 1 to 63"):
        p.check(0, "seventeen")
    p = p.submit(0, "17")
    with pytest.raises(IllegalMove, match="already moved"):
        p.check(0, "18")
    assert p.awaited() == {1}


def test_options() -> None:
    """Defaults follow m; rounds is bounded by (2^m-1)/m."""
    assert GAME.settle_options(2, {}) == {"m": 6, "rounds": 10}
    assert GAME.settle_options(2, {"m": 8}) == {"m": 8, "rounds": 31}
    with pytest.raises(BadOption, match="`rounds` must be from 1 to 10"):
        GAME.settle_options(2, {"m": 6, "rounds": 11})
    with pytest.raises(BadOption, match="`m` must be from 2 to 16"):
        GAME.settle_options(2, {"m": 17})
    with pytest.raises(BadOption, match="exactly 2 players"):
        GAME.settle_options(3, {})


def test_board_shows_list_and_d() -> None:
    """The board shows the list, the numbers and D at the end of a round."""
    p = play(Progress.begin(GAME, 2, {"m": 3}), (5, 1), (1, 5), (4, 4))
    board = GAME.render(p.state, 0, ["alice", "bob"])
    assert "10_" in board and "D = {4, 5}" in board and "alice" in board


def test_legal_is_a_range_test_equal_to_the_listing() -> None:
    """legal() counts and tests in O(1) and iterates exactly as the plain listing, at m=4."""
    p = Progress.begin(GAME, 2, {"m": 4})
    p = play(p, (5, 1), (1, 15), (9, 9))
    for seat in (0, 1):
        legal = GAME.legal(p.state, seat)
        used = p.state.used[seat]
        listing = [str(x) for x in range(1, 16) if x not in used]
        assert list(legal) == listing and len(legal) == len(listing) == 12
        assert all((str(x) in legal) == (str(x) in listing) for x in range(-1, 20))
    assert "5" not in GAME.legal(p.state, 0) and "5" in GAME.legal(p.state, 1)


def test_legal_at_m16_is_counted_without_listing() -> None:
    """At m=16 the 65,535 moves are counted and tested without being listed."""
    s = GAME.start(2, GAME.settle_options(2, {"m": 16}))
    legal = GAME.legal(s, 0)
    assert len(legal) == 65535 and "65535" in legal and "65536" not in legal
    assert next(iter(legal)) == "1"
    over = GAME.start(2, GAME.settle_options(2, {"m": 2, "rounds": 1}))
    over = GAME.apply(GAME.apply(over, {0: "1", 1: "2"}), {0: "2", 1: "1"})
    assert GAME.is_over(over) and len(GAME.legal(over, 0)) == 0
