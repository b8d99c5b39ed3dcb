"""Arcs And Marks: options, notation, scoring move by move, rounds, the board and the channel."""

from __future__ import annotations

import math
import random

import pytest

from rules.arcs_and_marks import GAME, State
from rules.arcs_geometry import arcs_meet
from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.record import Progress
from tests.rules.french import FRENCH

NAMES = ["alice", "bob", "carol"]
LONG = [f"player{i}" for i in range(8)]


def play(progress: Progress, *moves: str) -> Progress:
    """Submit moves in order, each by the seat whose turn it is."""
    for move in moves:
        (seat,) = progress.awaited()
        progress = progress.submit(seat, move)
    return progress


def seat_now(s: State) -> int:
    (seat,) = GAME.to_move(s)
    return seat


# Options ---------------------------------------------------------------------------------


def test_defaults_follow_the_player_count() -> None:
    """m defaults to the smallest multiple of p that is at least 8; rounds to p."""
    want = {2: 8, 3: 9, 4: 8, 5: 10, 6: 12, 7: 14, 8: 8}
    for p, m in want.items():
        assert GAME.settle_options(p, {}) == {"m": m, "rounds": p}
    assert GAME.lowest_wins


def test_option_bounds() -> None:
    """m is 3..60 and a multiple of p; rounds is 1..24."""
    assert GAME.settle_options(3, {"m": 3, "rounds": 1}) == {"m": 3, "rounds": 1}
    assert GAME.settle_options(6, {"m": 60, "rounds": 24}) == {"m": 60, "rounds": 24}
    with pytest.raises(
        BadOption, match="`m` must be a multiple of 2 with 2 players: 4, 6, 8, …, 60; got 9"
    ):
        GAME.settle_options(2, {"m": 9})
    with pytest.raises(
        BadOption, match="`m` must be a multiple of 8 with 8 players: 8, 16, 24, …, 56; got 60"
    ):
        GAME.settle_options(8, {"m": 60})
    with pytest.raises(BadOption, match="`m` must be from 3 to 60"):
        GAME.settle_options(2, {"m": 62})
    with pytest.raises(BadOption, match="`rounds` must be from 1 to 24"):
        GAME.settle_options(2, {"rounds": 25})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(9, {})
    assert GAME.max_steps(3, {"m": 9, "rounds": 4}) == 36


# Notation and refusals --------------------------------------------------------------------


def test_first_move_notation() -> None:
    """`k` means centre 0; `k@c` picks the centre; canonical is always k@c."""
    s = Progress.begin(GAME, 2, {}).state
    assert GAME.parse(s, 0, "2") == "2@0"
    assert GAME.parse(s, 0, " 3@7 ") == "3@7"
    assert GAME.parse(s, 0, "1 @ 5") == "1@5"
    assert GAME.parse(s, 0, "2@0") == "2@0"
    legal = list(GAME.legal(s, 0))
    assert len(legal) == 8 * 3 and "3@7" in legal and all("@" in x for x in legal)
    assert list(GAME.legal(s, 1)) == []


def test_later_moves_are_plain_k() -> None:
    """After the first move only k is given; the centre is the next mark clockwise."""
    p = play(Progress.begin(GAME, 2, {}), "1@6")
    s = p.state
    assert GAME.parse(s, 1, "3") == "3"
    assert list(GAME.legal(s, 1)) == ["1", "2", "3"]
    with pytest.raises(IllegalMove, match="the centre is only chosen on a round's first move"):
        GAME.parse(s, 1, "2@7")
    with pytest.raises(IllegalMove, match="centre is mark 7"):
        GAME.parse(s, 1, "2@3")


def test_refusals_say_what_is_allowed() -> None:
    """k out of range, centre out of range, junk, and the wrong seat."""
    s = Progress.begin(GAME, 2, {}).state
    with pytest.raises(IllegalMove, match="k must be from 1 to 3 when m is 8"):
        GAME.parse(s, 0, "4")
    with pytest.raises(IllegalMove, match="k must be from 1 to 3 when m is 8"):
        GAME.parse(s, 0, "0@2")
    with pytest.raises(IllegalMove, match="c must be a mark from 0 to 7"):
        GAME.parse(s, 0, "2@8")
    with pytest.raises(IllegalMove, match="The move is empty: send `k`"):
        GAME.parse(s, 0, "")
    for junk in ["x", "-1", "1.5", "2@", "@2", "2@3@4", "+2", "٣"]:
        with pytest.raises(IllegalMove, match="is not a move: send k"):
            GAME.parse(s, 0, junk)
    with pytest.raises(IllegalMove, match="It is not your move"):
        GAME.parse(s, 1, "2")
    s4 = Progress.begin(GAME, 2, {"m": 4}).state
    with pytest.raises(IllegalMove, match="k must be 1 when m is 4"):
        GAME.parse(s4, 0, "2")


# Scoring ------------------------------------------------------------------------------------


def test_a_round_of_six_unit_arcs() -> None:
    """m=6, k=1 everywhere: crossings, shared end marks and the tangency at the centre.

    Arc (c,1) has radius 1 and ends c-1, c+1. Arc t meets every earlier arc: its neighbours
    cross it (interleaved ends), arcs two apart share an end mark, and the arc opposite
    (three apart) touches it at the centre of the circle, tangency only.
    """
    p = Progress.begin(GAME, 2, {"m": 6, "rounds": 1})
    p = play(p, "1@0", "1", "1", "1")
    assert p.state.current is not None and p.state.current.points == (0, 1, 2, 3)
    # The touch at the centre is exact: plain floats would call it a miss by 1e-16.
    assert 2 * math.sin(math.pi / 6) < math.sin(math.pi / 2) and arcs_meet(6, 0, 1, 3, 1)
    p = play(p, "1", "1")
    assert GAME.is_over(p.state)
    assert GAME.scores(p.state) == (0 + 2 + 4, 1 + 3 + 5)
    assert GAME.winners(p.state) == {0}


def test_score_counts_each_earlier_arc_once_and_only_this_round() -> None:
    """Points of a move = earlier arcs of the round it meets, anyone's; no carry-over."""
    p = Progress.begin(GAME, 2, {"m": 8, "rounds": 2})
    # Arc (0,1) has ends 7, 1; (1,1) has ends 0, 2 and crosses it. (2,3) (ends 5, 7, radius
    # 1.85 round mark 2) shares mark 7 with (0,1) but passes beyond (1,1), which stays within
    # chord(2) = 1.41 of mark 2. (3,1) (ends 2, 4, radius 0.77) shares mark 2 with (1,1); every
    # point of (2,3) is at least 1.41 from mark 3, and (0,1) is 2·0.38 < 0.92 short of it.
    p = play(p, "1@0", "1", "3", "1")
    assert p.state.current is not None
    assert p.state.current.points == (0, 1, 1, 1)
    assert GAME.scores(p.state) == (1, 2)
    p = play(p, "1", "1", "1", "1")
    assert p.state.current is None and p.state.round == 1
    assert p.state.last is not None and len(p.state.last.ks) == 8
    # Round 2 starts afresh with seat 1; its first arc scores nothing.
    assert seat_now(p.state) == 1
    before = GAME.scores(p.state)
    p = play(p, "3@4")
    assert GAME.scores(p.state) == before


def test_rounds_rotate_the_first_mover_and_wrap_centres() -> None:
    """Round i starts with seat i mod p; centres go clockwise from the chosen one, mod m."""
    p = Progress.begin(GAME, 3, {"m": 3, "rounds": 4})
    for r in range(4):
        assert seat_now(p.state) == r % 3
        p = play(p, "1@2")
        assert seat_now(p.state) == (r + 1) % 3
        assert "centred on mark 0" in GAME.prompt(p.state, (r + 1) % 3).english()
        p = play(p, "1", "1")
    assert GAME.is_over(p.state) and p.result()["to_move"] == []
    # m=3 only has k=1, and any two such arcs share an end mark: 0 + 1 + 2 per round.
    assert sum(GAME.scores(p.state)) == 4 * 3


# Channel, prompt and board ----------------------------------------------------------------------


def test_describe_says_who_scored_and_why() -> None:
    """The line names the mover, the arc, the arcs it met and the points; round ends too."""
    p = Progress.begin(GAME, 2, {"m": 6, "rounds": 1})
    lines = []
    for move in ["1@0", "1", "1", "1", "1", "1"]:
        before = p.state
        seat = seat_now(before)
        p = p.submit(seat, move)
        lines += english(
            GAME.describe(before, {seat: GAME.parse(before, seat, move)}, p.state), NAMES
        )
    assert lines[0] == "alice starts round 1 with arc k=1 at mark 0 → +0"
    assert lines[1] == "bob draws arc k=1 at mark 1: touches 1 earlier arc (the one at mark 0) → +1"
    assert lines[3] == (
        "bob draws arc k=1 at mark 3: touches 3 earlier arcs (those at marks 0, 1 and 2) → +3"
    )
    assert lines[-1] == "Round 1 of 1 ends: alice +6 (6), bob +9 (9)."


def test_describe_no_touch_and_a_new_round() -> None:
    """An arc that meets nothing says so; a round's first arc says the round starts."""
    p = play(Progress.begin(GAME, 2, {"m": 12, "rounds": 2}), "1@0")
    before = p.state
    p = play(p, "5")  # arc (1,5), ends 8 and 6, passes beyond the small arc (0,1)
    assert english(GAME.describe(before, {1: "5"}, p.state), NAMES) == [
        "bob draws arc k=5 at mark 1: touches no earlier arc → +0"
    ]
    p = play(p, *["1"] * 10)
    before = p.state
    p = play(p, "2@3")
    assert english(GAME.describe(before, {1: "2@3"}, p.state), NAMES) == [
        "bob starts round 2 with arc k=2 at mark 3 → +0"
    ]


def test_prompts() -> None:
    """The first mover is told about k@c; later movers get their centre."""
    p = Progress.begin(GAME, 2, {})
    assert (
        "k@c" in GAME.prompt(p.state, 0).english()
        and "from 1 to 3" in GAME.prompt(p.state, 0).english()
    )
    p = play(p, "2@7")
    assert (
        "move 2/8" in GAME.prompt(p.state, 1).english()
        and "mark 0" in GAME.prompt(p.state, 1).english()
    )


def test_board_shows_circle_arcs_and_list() -> None:
    """The drawing has numbered marks and lettered arcs; the list gives mark, k, mover, points."""
    p = play(Progress.begin(GAME, 2, {"m": 6, "rounds": 2}), "1@0", "1", "1", "1")
    board = GAME.render(p.state, None, NAMES)
    assert "Arcs And Marks  m=6  round 1/2" in board
    assert "Totals: alice 2  bob 4" in board
    assert "+" in board and "a" in board and "d" in board
    assert "a @0  k1  alice +0" in board and "d @3  k1  bob +3" in board
    assert "Next: alice, arc centred on mark 4." in board
    grid_rows = board.splitlines()[2:21]
    assert any(row.strip() == "0" for row in grid_rows)  # mark 0's number above the circle
    assert "dddd" in board  # arc d (centre 3, bottom) runs across the middle
    assert len(board) <= BOARD_LIMIT
    p = play(p, "1", "1")
    board = GAME.render(p.state, None, NAMES)
    assert "Round 1 ended" in board and "f @5  k1  bob +5" in board
    assert "Next: bob starts round 2 with k@c." in board
    p = play(p, *["1@0"] + ["1"] * 5)
    assert "(game over)" in GAME.render(p.state, None, NAMES)


def test_board_fits_at_the_largest_bounds() -> None:
    """With 8-character names, every board fits; the compact one drops the drawing."""
    for players, m in ((8, 56), (6, 60), (2, 60)):
        p = Progress.begin(GAME, players, {"m": m, "rounds": 2})
        rng = random.Random(players)
        names = LONG[:players]
        while not GAME.is_over(p.state):
            seat = seat_now(p.state)
            p = p.submit(seat, GAME.sample(p.state, seat, rng))
            assert len(GAME.render(p.state, None, names)) <= BOARD_LIMIT
            view = GAME.view(p.state, None)
            assert len(GAME.draw(view, names, True, FRENCH)) <= BOARD_LIMIT
        compact = GAME.draw(GAME.view(p.state, None), names, compact=True)
        assert "@" in compact and "player1" in compact and "." * 9 not in compact
    # The view alone decides; a synthetic worst case (m=60, 8 players, 5-digit totals).
    view = GAME.view(p.state, None)
    view.update(players=8, scores=[99999] * 8)
    view["current"] = {"first": 0, "ks": [29] * 60, "points": [59] * 60}
    assert len(GAME.draw(view, LONG, compact=True)) <= BOARD_LIMIT
    assert len(GAME.draw(view, LONG, True, FRENCH)) <= BOARD_LIMIT


def test_a_whole_round_at_m60() -> None:
    """A whole 60-mark round: every sampled move is legal and every board is drawn.

    How fast each operation is at this bound is measured by the benchmark (`python -m bench`).
    """
    p = Progress.begin(GAME, 2, {"m": 60, "rounds": 1})
    rng = random.Random(7)
    while not GAME.is_over(p.state):
        seat = seat_now(p.state)
        move = GAME.sample(p.state, seat, rng)
        assert move in list(GAME.legal(p.state, seat))
        s = GAME.apply(p.state, {seat: move})
        assert GAME.render(s, None, LONG[:2])
        p = Progress(GAME, s)
