"""Lengths Of Lengths Of Lengths: the worked example, scoring, turns, refusals and the board."""

from __future__ import annotations

import pytest

from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.lengths_of_lengths import (
    GAME,
    State,
    cascade,
    level_text,
    round_score,
    run_lengths,
)
from rules.record import Progress
from tests.rules.french import FRENCH

EXAMPLE = "1010110011101000111001011"
EXAMPLE_LEVELS = [
    tuple(int(c) for c in EXAMPLE),
    (1, 1, 1, 1, 2, 2, 3, 1, 1, 3, 3, 2, 1, 1, 2),
    (4, 2, 1, 2, 2, 1, 2, 1),
    (1, 1, 1, 2, 1, 1, 1),
    (3, 1, 3),
    (1, 1, 1),
]
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]


def play(progress: Progress, digits: str) -> Progress:
    """Append the digits one by one, each by whoever is to move."""
    for d in digits:
        (seat,) = progress.awaited()
        progress = progress.submit(seat, d)
    return progress


def test_worked_example_every_level() -> None:
    """RULES.md: the n=25 example cascades level by level to 1,1,1 and scores 3."""
    assert cascade(EXAMPLE) == EXAMPLE_LEVELS
    assert round_score(EXAMPLE) == 3
    assert [level_text(i, lv) for i, lv in enumerate(cascade(EXAMPLE))] == [
        EXAMPLE,
        "1,1,1,1,2,2,3,1,1,3,3,2,1,1,2",
        "4,2,1,2,2,1,2,1",
        "1,1,1,2,1,1,1",
        "3,1,3",
        "1,1,1",
    ]


def test_worked_example_played_as_a_game() -> None:
    """The example played by 5 players with n=25: only the offense (alice) scores 3."""
    p = play(Progress.begin(GAME, 5, {"n": 25}), EXAMPLE)
    assert GAME.scores(p.state) == (3, 0, 0, 0, 0)
    assert p.state.last == EXAMPLE and p.state.digits == "" and p.state.round == 1


def test_run_lengths() -> None:
    """Runs of equal adjacent values, of any values."""
    assert run_lengths((0, 0, 1, 0)) == (2, 1, 1)
    assert run_lengths((3, 3, 3)) == (3,)
    assert run_lengths((1, 2, 1, 2)) == (1, 1, 1, 1)


def test_scoring_cases() -> None:
    """All 1s scores n at once; all 0s scores 1; alternating digits score n after one level."""
    assert cascade("111111") == [(1,) * 6]
    assert round_score("1" * 12) == 12
    assert cascade("0000") == [(0, 0, 0, 0), (4,), (1,)]
    assert round_score("0" * 12) == 1
    assert round_score("01" * 6) == 12
    assert round_score("10" * 6) == 12
    assert cascade("0011") == [(0, 0, 1, 1), (2, 2), (2,), (1,)]
    assert round_score("0011") == 1
    assert cascade("001") == [(0, 0, 1), (2, 1), (1, 1)]


def test_turn_order_offense_first_and_rotation() -> None:
    """Digits go in seat order from the offense; the offense of round i is seat i mod p."""
    p = Progress.begin(GAME, 3, {"n": 6, "rounds": 2})
    seen = []
    for _ in range(6 * 6):
        (seat,) = p.awaited()
        seen.append(seat)
        p = p.submit(seat, "1")
    one_cycle = [0, 1, 2] * 2 + [1, 2, 0] * 2 + [2, 0, 1] * 2
    assert seen == one_cycle * 2
    assert GAME.is_over(p.state)
    assert GAME.scores(p.state) == (12, 12, 12)
    assert GAME.winners(p.state) == {0, 1, 2}


def test_only_the_offense_scores_and_game_ends() -> None:
    """Two players, n=4, one round each: the offense's score is the cascade result."""
    p = Progress.begin(GAME, 2, {"n": 4})
    p = play(p, "0101")  # alice offense: 1,1,1,1 -> 4
    assert GAME.scores(p.state) == (4, 0)
    assert p.awaited() == {1}
    p = play(p, "0000")  # bob offense: 4 -> 1
    assert GAME.scores(p.state) == (4, 1)
    assert GAME.is_over(p.state) and GAME.winners(p.state) == {0}
    assert p.result()["to_move"] == []
    with pytest.raises(IllegalMove, match="over"):
        p.check(0, "1")


def test_refusals_say_why() -> None:
    """Not a digit, and not your turn, are refused; case and spaces are forgiven."""
    p = Progress.begin(GAME, 2, {})
    with pytest.raises(IllegalMove, match="The move is empty: send a digit, `0` or `1`"):
        p.check(0, "")
    for bad in ("2", "01", "x", "1 1", "one", "-1", "١"):
        with pytest.raises(IllegalMove, match="send `0` or `1`"):
            p.check(0, bad)
    with pytest.raises(IllegalMove, match="It is not your move"):
        p.check(1, "0")
    assert p.check(0, "  1 ") == "1"
    assert GAME.parse(p.state, 0, "0") == "0"
    assert list(GAME.legal(p.state, 0)) == ["0", "1"]
    assert list(GAME.legal(p.state, 1)) == []


def test_options() -> None:
    """n defaults to the smallest multiple of p >= 12; rounds to 1; n must be a multiple of p."""
    defaults = [GAME.settle_options(p, {})["n"] for p in range(2, 9)]
    assert defaults == [12, 12, 12, 15, 12, 14, 16]
    assert GAME.settle_options(2, {}) == {"n": 12, "rounds": 1}
    assert GAME.settle_options(5, {}) == {"n": 15, "rounds": 1}
    assert GAME.settle_options(8, {"rounds": 10}) == {"n": 16, "rounds": 10}
    assert GAME.settle_options(3, {"n": 60}) == {"n": 60, "rounds": 1}
    with pytest.raises(
        BadOption, match="`n` must be a multiple of 3 with 3 players: 3, 6, 9, …, 60; got 13"
    ):
        GAME.settle_options(3, {"n": 13})
    with pytest.raises(
        BadOption, match="`n` must be a multiple of 8 with 8 players: 8, 16, 24, …, 56; got 60"
    ):
        GAME.settle_options(8, {"n": 60})
    with pytest.raises(BadOption, match="`n` must be from 2 to 60"):
        GAME.settle_options(2, {"n": 62})
    with pytest.raises(BadOption, match="`rounds` must be from 1 to 10"):
        GAME.settle_options(2, {"rounds": 11})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(9, {})
    assert GAME.player_counts({"n": 12}) == [2, 3, 4, 6]
    assert GAME.max_steps(8, {"n": 56, "rounds": 10}) == 8 * 10 * 56


def test_board_current_round_and_last_cascade() -> None:
    """The board marks the offense and the player to move, and shows the last cascade."""
    p = play(Progress.begin(GAME, 5, {"n": 25}), EXAMPLE + "10")
    board = GAME.render(p.state, None, NAMES[:5])
    assert "round 2 of 5" in board
    assert "bob" in board and "offense" in board
    assert "  list 10" + "." * 23 in board
    assert "  by   23^" in board
    lines = board.splitlines()
    assert any(line.startswith("2. bob") and "offense" in line for line in lines)
    assert any(line.startswith("4. dave") and "<- to play" in line for line in lines)
    assert any(line.startswith("1. alice") and line.split()[2] == "3" for line in lines)
    for i, lv in enumerate(EXAMPLE_LEVELS):
        assert f"  {level_text(i, lv)}\n" in board
    assert "alice (offense) scored 3" in board


def test_board_game_over() -> None:
    """A finished game says so and still shows the last cascade."""
    p = play(Progress.begin(GAME, 2, {"n": 2}), "1100")
    board = GAME.render(p.state, 0, ["alice", "bob"])
    assert "game over after 2 rounds" in board
    assert "to play" not in board and "bob (offense) scored 1" in board


def test_board_fits_at_the_bounds() -> None:
    """Full and compact boards fit with 8 players, 8-character names and the largest n."""
    for players, n in ((2, 60), (6, 60), (8, 56)):
        names = [f"player{i}x"[:8] for i in range(players)]
        deep = "000100000101101000110100111101001011001010010001110100101110"[:n]
        s = State(players, n, 10, 5, "01" * (n // 2 - 1), deep, (600,) * players)
        view = GAME.view(s, 0)
        for compact in (False, True):
            board = GAME.draw(view, names, compact)
            assert len(board) <= BOARD_LIMIT, (players, n, compact, len(board))
            french = GAME.draw(view, names, compact, FRENCH)
            assert len(french) <= BOARD_LIMIT, (players, n, compact, len(french))
        assert len(GAME.render(s, None, names)) <= BOARD_LIMIT


def test_compact_clips_long_levels() -> None:
    """The compact cascade clips wide levels and keeps the final level."""
    s = State(2, 60, 1, 1, "", "01" * 30, (60, 0))
    board = GAME.draw(GAME.view(s, None), NAMES, compact=True)
    assert "…" in board and "\n  " + "1," * 59 + "1\n" not in board
    full = GAME.draw(GAME.view(s, None), NAMES, compact=False)
    assert "\n  " + "1," * 59 + "1\n" in full


def test_describe_says_who_appended_and_the_round_end() -> None:
    """describe names the digit's player; at a round end it prints the cascade and the score."""
    p = play(Progress.begin(GAME, 5, {"n": 25}), EXAMPLE[:-1])
    before = p.state
    (seat,) = p.awaited()
    assert seat == 4
    after = GAME.apply(before, {seat: "1"})
    lines = english(GAME.describe(before, {seat: "1"}, after), NAMES[:5])
    assert lines[0] == f"erin appended 1: `{EXAMPLE}` (25/25)."
    assert [f"`{level_text(i, lv)}`" for i, lv in enumerate(EXAMPLE_LEVELS)] == lines[2:8]
    assert "alice (offense) scores 3 (total 3)." in lines
    assert lines[-1] == "Round 2: bob is the offense and plays first."
    first = GAME.apply(GAME.start(5, {"n": 25, "rounds": 1}), {0: "0"})
    assert english(
        GAME.describe(GAME.start(5, {"n": 25, "rounds": 1}), {0: "0"}, first), NAMES
    ) == ["alice appended 0: `0` (1/25)."]


def test_prompt() -> None:
    """The prompt gives the position in the round and the player's role."""
    s = GAME.start(3, {"n": 12, "rounds": 1})
    assert "Digit 1 of 12 in round 1 of 3 (you are the offense)" in GAME.prompt(s, 0).english()
    s = GAME.apply(s, {0: "1"})
    assert "Digit 2 of 12 in round 1 of 3 (alice is the offense)" in GAME.prompt(s, 1).english(
        NAMES
    )


def test_whole_game_at_the_largest_bound() -> None:
    """A whole game at p=8, n=56, rounds=10 plays every step and draws every board.

    How fast each operation is at this bound is measured by the benchmark (`python -m bench`).
    """
    p = Progress.begin(GAME, 8, {"n": 56, "rounds": 10})
    digits = "000100000101101000110100111101001011001010010001110100"
    steps = 0
    while not GAME.is_over(p.state):
        (seat,) = p.awaited()
        move = GAME.parse(p.state, seat, digits[steps % len(digits)])
        nxt = GAME.apply(p.state, {seat: move})
        assert len(GAME.render(nxt, seat, NAMES)) <= BOARD_LIMIT
        steps += 1
        p = Progress(GAME, nxt)
    assert steps == 8 * 10 * 56
