"""Binary Scramble: the worked example, scoring, the no-repeat rule, endings, options, board."""

from __future__ import annotations

import json
import random

import pytest

from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.binary_scramble import GAME, HISTORY, partitions, shape_of, show_shape
from rules.codec import decode, encode
from rules.record import Progress
from tests.rules.french import FRENCH

NAMES = ["alice", "bob", "carol"]


def build(players: int, start: str, target: int | None = None) -> Progress:
    """A game whose part 1 appended the digits of `start`, in seat order."""
    p = Progress.begin(GAME, players, {"length": len(start), "target": target})
    for i, digit in enumerate(start):
        p = p.submit(i % players, digit)
    return p


def flip(p: Progress, pos: int) -> Progress:
    """The seat to move flips a position."""
    (seat,) = p.awaited()
    return p.submit(seat, str(pos))


def test_worked_example() -> None:
    """RULES.md: the flips from 001110101, each list, its runs and the points marked *."""
    p = build(3, "001110101")
    assert p.state.digits == "001110101" and shape_of(p.state.digits) == (3, 2, 1, 1, 1, 1)
    steps = [
        (3, "000110101", True),
        (6, "000111101", False),
        (4, "000011101", True),
        (1, "100011101", False),
        (3, "101011101", False),
        (2, "111011101", True),
        (6, "111010101", True),
        (8, "111010111", True),
    ]
    for n, (pos, digits, point) in enumerate(steps):
        seat = n % 3
        assert p.awaited() == {seat}
        before = GAME.scores(p.state)
        p = flip(p, pos)
        assert p.state.digits == digits
        gained = GAME.scores(p.state)[seat] - before[seat]
        assert gained == int(point), f"flip {n + 1} ({digits})"
    assert GAME.scores(p.state) == (2, 1, 2)
    assert not GAME.is_over(p.state)


def test_run_lengths_are_a_multiset_and_colour_blind() -> None:
    """Order and colour of the runs do not matter; the runs of the example are right."""
    assert shape_of("001110101") == shape_of("110001010") == (3, 2, 1, 1, 1, 1)
    assert shape_of("000111101") == shape_of("000011101") == (4, 3, 1, 1)
    assert shape_of("101011101") == (3, 1, 1, 1, 1, 1, 1)
    assert shape_of("0" * 24) == (24,)
    assert show_shape((3, 2, 1, 1, 1, 1)) == "3 2 1x4"
    assert show_shape((4, 3, 1, 1)) == "4 3 1 1"
    assert partitions(9) == 30 and partitions(24) == 1575


def test_start_list_counts_with_colours_swapped() -> None:
    """A list with the start list's runs in the other colours scores; new runs do not."""
    p = build(2, "0011")  # runs 2 2
    p = flip(p, 1)  # 1011: 1 1 2, new
    p = flip(p, 4)  # 1010: 1x4, new
    p = flip(p, 3)  # 1000: 3 1, new
    assert GAME.scores(p.state) == (0, 0)
    p = flip(p, 2)  # 1100: 2 2, like the start list
    assert p.state.digits == "1100" and GAME.scores(p.state) == (0, 1)


def test_list_just_before_counts() -> None:
    """Matching only the list just before scores, and describe says so."""
    p = build(3, "001110101")
    before = p.state
    p = flip(p, 3)
    lines = english(GAME.describe(before, {0: "3"}, p.state), NAMES)
    assert "alice flips 3: 001110101 -> 000110101, runs 3 2 1x4." in lines
    assert "Those run lengths match the list just before: alice scores 1 (total 1)." in lines
    before = p.state
    p = flip(p, 6)
    assert "Those run lengths are new: no point." in english(
        GAME.describe(before, {1: "6"}, p.state)
    )


def test_no_list_may_repeat() -> None:
    """The start list and every part-2 list are closed; legal() lists only new lists."""
    p = build(3, "001110101")
    p = flip(p, 3)
    assert "3" not in list(GAME.legal(p.state, 1))  # flipping back gives the start list
    with pytest.raises(IllegalMove, match="Flipping 3 gives 001110101, a list already reached"):
        p.check(1, "3")
    with pytest.raises(IllegalMove, match="you can flip: 1, 2, 4, 5, 6, 7, 8, 9"):
        p.check(1, " 3 ")


def test_no_list_may_repeat_two_steps_back() -> None:
    """A list reached two moves ago is closed too."""
    p = flip(flip(build(3, "001110101"), 3), 6)
    with pytest.raises(IllegalMove, match="gives 000110101, a list already reached"):
        p.check(2, "6")
    assert list(GAME.legal(p.state, 2)) == ["1", "2", "3", "4", "5", "7", "8", "9"]


def test_parse_refusals() -> None:
    """Part 1 takes 0 or 1; part 2 takes a position 1..L; other seats wait."""
    p = Progress.begin(GAME, 3, {})
    assert p.check(0, " 1 ") == "1"
    with pytest.raises(IllegalMove, match="The move is empty: send part 1: `0` or `1`"):
        p.check(0, "")
    for text in ("2", "01", "a", "1 0"):
        with pytest.raises(IllegalMove, match="send `0` or `1`"):
            p.check(0, text)
    with pytest.raises(IllegalMove, match="not your move"):
        p.check(1, "0")
    assert list(GAME.legal(p.state, 0)) == ["0", "1"]
    assert list(GAME.legal(p.state, 1)) == []
    p = build(3, "001110101")
    assert p.check(0, "09") == "9"
    with pytest.raises(IllegalMove, match="10 is out of range: flip a position from 1 to 9"):
        p.check(0, "10")
    with pytest.raises(IllegalMove, match="0 is out of range"):
        p.check(0, "0")
    for text in ("x", "-1", "+3", "1.5", "٣", "3 4"):
        with pytest.raises(IllegalMove, match="not a position: send a position from 1 to 9"):
            p.check(0, text)


def test_target_ends_at_once() -> None:
    """The game ends on the move that reaches the target; the mover wins."""
    p = build(3, "001110101", target=2)
    for pos in (3, 6, 4, 1, 3):
        p = flip(p, pos)
    assert not GAME.is_over(p.state)
    before = p.state
    p = flip(p, 2)  # carol's second point
    assert GAME.is_over(p.state) and GAME.scores(p.state) == (1, 0, 2)
    assert GAME.winners(p.state) == {2}
    assert p.awaited() == set() and list(GAME.legal(p.state, 0)) == []
    assert "carol reaches the target 2: game over." in english(
        GAME.describe(before, {2: "2"}, p.state), NAMES
    )
    assert "Game over: carol reached the target. Winner: carol." in GAME.render(p.state, 0, NAMES)
    with pytest.raises(IllegalMove, match="game is over"):
        GAME.apply(p.state, {0: "1"})


def test_target_one_ends_on_first_point() -> None:
    """With target 1 the first point ends the game."""
    p = flip(build(3, "001110101", target=1), 3)
    assert GAME.is_over(p.state) and GAME.winners(p.state) == {0}


def test_stuck_player_ends_the_game() -> None:
    """L=2: after 00, 10, 11, 01 the player to move has no new list; a draw at 1-1."""
    p = build(2, "00")
    p = flip(p, 1)  # 10, new runs
    assert p.check(1, "2") == "2"
    with pytest.raises(IllegalMove, match="you can flip: 2"):
        p.check(1, "1")
    p = flip(p, 2)  # 11: runs 2 like the start list
    before = p.state
    p = flip(p, 1)  # 01: runs 1 1 like 10; now 11 and 00 are both reached
    assert GAME.scores(p.state) == (1, 1)
    assert GAME.is_over(p.state) and GAME.winners(p.state) == {0, 1}
    assert p.state.turn <= GAME.max_steps(2, {"length": 2, "target": None}) == 6
    lines = english(GAME.describe(before, {0: "1"}, p.state), NAMES)
    assert lines[-1] == "bob cannot flip: every flip gives a list already reached. Game over."
    assert "Game over: bob has no legal flip. Draw: alice, bob." in GAME.render(
        p.state, None, NAMES
    )


def test_options() -> None:
    """Length defaults to the smallest multiple of p that is at least 8; target to 5."""
    defaults = {p: GAME.settle_options(p, {})["length"] for p in range(2, 9)}
    assert defaults == {2: 8, 3: 9, 4: 8, 5: 10, 6: 12, 7: 14, 8: 8}
    assert GAME.settle_options(2, {}) == {"length": 8, "target": 5}
    assert GAME.settle_options(2, {"target": None}) == {"length": 8, "target": None}
    assert GAME.settle_options(4, {"length": 24, "target": 1000})["length"] == 24
    assert GAME.settle_options(2, {"length": 2})["length"] == 2
    with pytest.raises(
        BadOption, match="`length` must be a multiple of 3 with 3 players: 3, 6, 9, …, 24; got 8"
    ):
        GAME.settle_options(3, {"length": 8})
    with pytest.raises(
        BadOption, match="`length` must be a multiple of 5 with 5 players: 5, 10, 15 or 20; got 12"
    ):
        GAME.settle_options(5, {"length": 12})
    with pytest.raises(BadOption, match="`length` must be from 2 to 24; got 26"):
        GAME.settle_options(2, {"length": 26})
    with pytest.raises(BadOption, match=r"`target` must be from 1 to 1000 \(or none\); got 0"):
        GAME.settle_options(2, {"target": 0})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(9, {})
    assert GAME.max_steps(3, {"length": 9, "target": 5}) == 9 + 512


def test_state_round_trip_and_history_cap() -> None:
    """A long L=24 game keeps every list once, a capped history, and survives JSON."""
    rng = random.Random(7)
    p = Progress.begin(GAME, 2, {"length": 24, "target": None})
    seen: set[str] = set()
    while p.state.turn < 24 + 1500:
        (seat,) = p.awaited()
        p = p.submit(seat, GAME.sample(p.state, seat, rng))
        if len(p.state.digits) == 24:
            assert p.state.digits not in seen
            seen.add(p.state.digits)
    s = p.state
    assert sum(len(b) for b in s.visited) == len(seen) == 1501
    assert len(s.history) == HISTORY and s.history[-1].digits == s.digits
    assert len(s.shapes) <= partitions(24)
    assert decode(GAME.state_type, json.loads(json.dumps(encode(s)))) == s


def test_board_part1_and_part2() -> None:
    """The board shows the list, positions, runs, points, scores and target."""
    p = Progress.begin(GAME, 3, {"length": 9, "target": None}).submit(0, "0").submit(1, "1")
    board = GAME.render(p.state, None, NAMES)
    assert "Part 1: appending digits, 2 of 9 so far." in board
    assert " list  01......." in board and "  pos  123456789" in board
    assert "no target" in board and "> carol 0" in board
    p = build(3, "001110101")
    for pos in (3, 6, 4):
        p = flip(p, pos)
    board = GAME.render(p.state, 1, NAMES)
    assert "    0  001110101  3 2 1x4    start" in board
    assert "    1  000110101  3 2 1x4  * alice flips 3" in board
    assert "    2  000111101  4 3 1 1    bob flips 6" in board
    assert "    3  000011101  4 3 1 1  * carol flips 4\n  pos  123456789\n" in board
    assert board.endswith("4 lists reached, 2 of 30 run-length sets seen.")
    assert "> alice 1     bob 0     carol 1" in board


def test_board_fits_at_the_bounds() -> None:
    """8 players, L=24, a long history and 8-character names: full and compact boards fit."""
    rng = random.Random(3)
    p = Progress.begin(GAME, 8, {"length": 24, "target": 1000})
    while p.state.turn < 24 + 300:
        (seat,) = p.awaited()
        p = p.submit(seat, GAME.sample(p.state, seat, rng))
    names = [f"player{i}x" for i in range(8)]
    view = GAME.view(p.state, None)
    full = GAME.draw(view, names, compact=False)
    compact = GAME.draw(view, names, compact=True)
    assert len(compact) < len(full) <= BOARD_LIMIT
    french = GAME.draw(view, names, False, FRENCH), GAME.draw(view, names, True, FRENCH)
    assert len(french[1]) < len(french[0]) <= BOARD_LIMIT
    assert "(earlier flips: 288)" in full and "(earlier flips: 295)" in compact
    assert "         111111111122222\n  pos  123456789012345678901234" in full
    assert max(len(line) for line in full.splitlines()) <= 80


def test_prompts() -> None:
    """The prompt says what to send in each part."""
    p = Progress.begin(GAME, 3, {"length": 9})
    assert "send `0` or `1` (list so far: empty, 0 of 9)" in GAME.prompt(p.state, 0).english()
    p = flip(build(3, "001110101"), 3)
    assert GAME.prompt(p.state, 1).english().endswith("you can flip 1, 2, 4, 5, 6, 7, 8, 9.")
