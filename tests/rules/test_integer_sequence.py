"""An Integer Sequence Game: the worked examples, scoring, turns, refusals, options, board."""

from __future__ import annotations

import json
import random

import pytest

from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.codec import decode, encode
from rules.integer_sequence import GAME, abbreviate, best_divisor, left_out, play, rows_shown
from rules.record import Progress
from tests.rules.french import FRENCH

NAMES = ["alice", "bob", "carol"]


def circle(players: int, n: int, *rs: int) -> Progress:
    """A game where the seats circle rs in turn."""
    p = Progress.begin(GAME, players, {"n": n})
    for k, r in enumerate(rs):
        p = p.submit(k % players, str(r))
    return p


def test_worked_example() -> None:
    """RULES.md: r = 2,8,3,5,1,4,6,7 gives these m and scores (total 26)."""
    p = circle(1, 8, 2, 8, 3, 5, 1, 4, 6, 7)
    s = p.state
    assert s.m == (1, 2, 16, 49, 247, 250, 1004, 6029, 42208)
    assert s.points == (1, 2, 1, 1, 2, 2, 1, 16)
    assert GAME.scores(s) == (26,) and GAME.is_over(s)
    assert play(8, [2, 8, 3, 5, 1, 4, 6, 7]) == (list(s.m), list(s.points))


def test_best_solitaire_of_eight() -> None:
    """RULES.md: a(8) = 397 with r = 4,5,6,3,1,2,7,8 (the last move scores m(4) = 387)."""
    p = circle(1, 8, 4, 5, 6, 3, 1, 2, 7, 8)
    assert GAME.scores(p.state) == (397,)
    assert p.state.m[4] == 387 and p.state.points[-1] == 387


def test_composite_count_by_position() -> None:
    """C counts composite values by position; 1 and primes do not count; C is kept per move."""
    p = circle(1, 8, 1, 2)  # m = 1, 1, 2: no composite yet
    assert p.state.m == (1, 1, 2) and p.state.composites == (0, 0, 0)
    p = p.submit(0, "8")  # m(3) = 8·2 + 0 = 16, composite
    assert p.state.m[-1] == 16 and p.state.composites[-1] == 1
    p = p.submit(0, "3")  # m(4) = 3·16 + 1 = 49
    assert p.state.m[-1] == 49 and p.state.composites[-1] == 2


def test_scoring_cases() -> None:
    """The largest earlier m dividing m(k) scores; m(k-1) divides m(k) when C = 0; at least 1."""
    assert best_divisor([1, 2, 16], 2 * 16) == (16, 2)
    assert best_divisor([1, 2, 16, 49], 247) == (1, 0)
    assert best_divisor([1, 1], 5) == (1, 1)  # ties: the latest
    p = circle(1, 8, 2, 8)  # m(2) = 16 = 8·2 + 0: m(1) = 2 divides it
    assert p.state.points == (1, 2)
    p = circle(1, 8, 2, 8, 3, 5, 1, 4, 6, 7)  # the last move: 42208 = 16·2638
    assert p.state.points[-1] == 16


def test_turns_and_end() -> None:
    """Seats move in turn from seat 0; the game ends after move n; each mover scores."""
    p = Progress.begin(GAME, 3, {"n": 4})
    assert p.awaited() == {0}
    p = p.submit(0, "2").submit(1, "4")
    assert p.awaited() == {2}
    with pytest.raises(IllegalMove, match="not your move"):
        p.check(0, "1")
    p = p.submit(2, "1").submit(0, "3")
    assert GAME.is_over(p.state) and p.awaited() == frozenset()
    assert GAME.scores(p.state) == (1 + p.state.points[3], p.state.points[1], p.state.points[2])
    assert GAME.winners(p.state)
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(p.state, {0: "5"})


def test_refusals_say_why() -> None:
    """Out of range, not a number, already circled: refused with what is allowed."""
    p = circle(1, 8, 5, 3)
    with pytest.raises(IllegalMove, match="not on the r-list: circle a number from 1 to 8"):
        p.check(0, "9")
    with pytest.raises(IllegalMove, match="not a number from 1 to 8"):
        p.check(0, "five")
    with pytest.raises(IllegalMove, match="5 is already circled; uncircled: 1, 2, 4, 6, 7, 8"):
        p.check(0, "5")
    assert p.check(0, " 7 ") == "7"
    assert GAME.parse(p.state, 0, "07") == "7"


def test_options() -> None:
    """n is 1..60, default max(8, 4·players); 1 to 8 players."""
    assert GAME.settle_options(1, {}) == {"n": 8}
    assert GAME.settle_options(2, {}) == {"n": 8}
    assert GAME.settle_options(3, {}) == {"n": 12}
    assert GAME.settle_options(8, {}) == {"n": 32}
    assert GAME.settle_options(2, {"n": 60}) == {"n": 60}
    with pytest.raises(BadOption, match="`n` must be from 1 to 60"):
        GAME.settle_options(2, {"n": 61})
    with pytest.raises(BadOption, match="1 to 8 players"):
        GAME.settle_options(9, {})
    assert GAME.max_steps(3, {"n": 12}) == 12


def test_legal_and_state_round_trip() -> None:
    """Legal moves are the uncircled numbers; a state survives a JSON round trip."""
    p = circle(2, 6, 3, 6)
    assert list(GAME.legal(p.state, 0)) == ["1", "2", "4", "5"]
    assert list(GAME.legal(p.state, 1)) == []
    data = json.loads(json.dumps(encode(p.state)))
    assert decode(GAME.state_type, data) == p.state


def test_describe_says_why() -> None:
    """Each move line shows the formula, prime/composite, and which earlier m divides."""
    p = circle(1, 8, 2, 8, 3)
    before = p.state
    after = p.submit(0, "5").state
    (line,) = english(GAME.describe(before, {0: "5"}, after), ["alice"])
    assert line == (
        "alice circles 5: m(4) = 5·49 + 2 = 247 (composite); "
        "247 is divisible by 1 only among earlier m → +1."
    )
    p = circle(1, 8, 2)
    lines = english(GAME.describe(p.state, {0: "8"}, p.submit(0, "8").state), ["alice"])
    assert lines == [
        "alice circles 8: m(2) = 8·2 + 0 = 16 (composite); "
        "the largest earlier m dividing it is m(1) = 2 → +2."
    ]
    p = circle(1, 2, 2)
    lines = english(GAME.describe(p.state, {0: "1"}, p.submit(0, "1").state), ["alice"])
    assert lines[0].endswith("→ +2.") and lines[1] == "That was move 2 of 2: the game is over."


def test_rows_shown_keep_m0_and_the_latest_moves() -> None:
    """A table shows m(0) and the latest moves that fit, but never leaves out move 1 alone;
    `left_out` names the last move it leaves out."""
    assert rows_shown(3, 7) == [0, 1, 2, 3]
    assert rows_shown(7, 7) == list(range(8))
    assert rows_shown(8, 7) == list(range(9))  # a line for move 1 alone would take its room
    assert rows_shown(9, 7) == [0, *range(3, 10)]
    assert rows_shown(60, 60) == list(range(61))
    assert [left_out(rows_shown(k, 7)) for k in (0, 3, 8, 9, 60)] == [0, 0, 0, 2, 53]


def test_board_full() -> None:
    """The board shows the r-list with circles and the table k, r, m, P/C, C, mover, points."""
    p = circle(2, 8, 2, 8, 3)
    board = GAME.render(p.state, None, NAMES[:2])
    assert "(2)" in board and "(8)" in board and " 5 " in board
    rows = {line.split()[0]: line.split() for line in board.splitlines()[3:8]}
    assert rows["k"] == ["k", "r(k)", "m(k)", "P/C", "C", "by", "pts"]
    assert rows["0"] == ["0", "-", "1", "-", "-"]
    assert rows["2"] == ["2", "8", "16", "C", "0", "bob", "+2"]
    assert rows["3"] == ["3", "3", "49", "C", "1", "alice", "+1"]
    assert "Scores: alice 2, bob 2" in board
    assert "Next: bob; m(4) = r·m(3) + 2" in board


def test_board_compact_at_the_largest_bound() -> None:
    """n = 60 with 8 players: 80-digit numbers are abbreviated and the board fits."""
    names = [f"player{i}" for i in range(8)]
    rng = random.Random(7)
    p = Progress.begin(GAME, 8, {"n": 60})
    worst = 0
    while not GAME.is_over(p.state):
        (seat,) = p.awaited()
        p = p.submit(seat, GAME.sample(p.state, seat, rng))
        board = GAME.render(p.state, seat, names)
        french = GAME.render_view(GAME.view(p.state, seat), names, FRENCH)
        worst = max(worst, len(board), len(french))
        assert not board.endswith("\n…") and not french.endswith("\n…")
    assert worst <= BOARD_LIMIT
    assert len(str(p.state.m[-1])) >= 80
    assert "digits)" in board and "… moves 1 to 53" in board
    assert abbreviate(p.state.m[-1]).startswith(str(p.state.m[-1])[:10])


def test_board_compact_with_huge_scores() -> None:
    """Even if every score were 80 digits long the compact board fits."""
    names = [f"player{i}" for i in range(8)]
    p = circle(8, 60, *range(1, 61))
    view = GAME.public_view(p.state)
    view["scores"] = [10**80] * 8
    view["points"] = [str(10**80)] * 60
    board = GAME.draw({**view, "viewer": None, "private": None}, names, compact=True)
    assert len(board) <= BOARD_LIMIT
    french = GAME.draw({**view, "viewer": None, "private": None}, names, True, FRENCH)
    assert len(french) <= BOARD_LIMIT


def test_prompt() -> None:
    """The prompt names the formula and the uncircled numbers."""
    p = circle(1, 5, 4, 5)
    assert GAME.prompt(p.state, 0).english() == (
        "Move 3 of 5: circle a number; m(3) = r·21 + 2. Uncircled: 1, 2, 3."
    )
