"""Labyrinthine Loop: turn order, the growing tree, closing and scoring, refusals, the board."""

from __future__ import annotations

import random

import pytest

from rules.base import BOARD_LIMIT, BadOption, IllegalMove, english
from rules.labyrinthine_geometry import neighbours, pairs, tree_path
from rules.labyrinthine_loop import GAME, State
from rules.record import Progress
from tests.rules.french import FRENCH

NAMES = ["alice", "bob", "carol"]
SNAKE_3 = ["a1 a2", "a2 a3", "a3 b3", "b3 c3", "c3 c2", "c2 c1", "c1 b1", "b1 b2"]
"""A 3×3 tree that is one path a1..b2 through every dot; a1 and b2 are adjacent."""


def begin(players: int = 2, **options: int) -> Progress:
    return Progress.begin(GAME, players, options)


def play(p: Progress, *moves: str) -> Progress:
    """Play moves in turn, each by the seat to move."""
    for move in moves:
        (seat,) = GAME.to_move(p.state)
        p = p.submit(seat, move)
    return p


def mover(p: Progress) -> int:
    (seat,) = GAME.to_move(p.state)
    return seat


def refusal(p: Progress, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        p.check(mover(p), text)
    return str(e.value)


# Options --------------------------------------------------------------------------------------


def test_options_defaults_and_bounds() -> None:
    """n 2..12 default 6; rounds 1..10 default 1; 2..8 players."""
    assert GAME.settle_options(2, {}) == {"n": 6, "rounds": 1}
    assert GAME.settle_options(8, {"n": 12, "rounds": 10}) == {"n": 12, "rounds": 10}
    assert GAME.settle_options(3, {"n": 2}) == {"n": 2, "rounds": 1}
    with pytest.raises(BadOption, match="`n` must be from 2 to 12; got 13"):
        GAME.settle_options(2, {"n": 13})
    with pytest.raises(BadOption, match="`n` must be from 2 to 12; got 1"):
        GAME.settle_options(2, {"n": 1})
    with pytest.raises(BadOption, match="`rounds` must be from 1 to 10; got 11"):
        GAME.settle_options(2, {"rounds": 11})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(9, {})
    with pytest.raises(BadOption, match="2 to 8 players"):
        GAME.settle_options(1, {})


def test_max_steps_is_exact() -> None:
    """p*rounds rounds of n² steps each (n²-1 segments and the closing move)."""
    assert GAME.max_steps(3, {"n": 2, "rounds": 2}) == 24
    p, steps, rng = begin(3, n=2, rounds=2), 0, random.Random(4)
    while not GAME.is_over(p.state):
        p = p.submit(mover(p), GAME.sample(p.state, mover(p), rng))
        steps += 1
    assert steps == 24


# Geometry -------------------------------------------------------------------------------------


def test_king_adjacency() -> None:
    """Dots are adjacent in the 8 king directions; corners have 3 neighbours."""
    near = neighbours(3)
    assert sorted(near[4]) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert sorted(near[0]) == [1, 3, 4]
    assert len(pairs(6)) == 30 + 30 + 25 + 25


def test_tree_path() -> None:
    """The tree path between two dots, both ends included, through their common ancestor."""
    parent = (0, 0, 1, 0, 3, 4)  # 0 is the root; 0-1-2 and 0-3-4-5
    assert tree_path(parent, 2, 5) == [2, 1, 0, 3, 4, 5]
    assert tree_path(parent, 5, 3) == [5, 4, 3]
    assert tree_path(parent, 0, 4) == [0, 3, 4]


# Notation -------------------------------------------------------------------------------------


def test_notation_forms_give_one_canonical_text() -> None:
    """Space, dash or comma, any case, spaces around; dots sorted by column then row."""
    p = begin()
    for text in ["b2 c3", "B2-C3", "  c3,b2 ", "c3 - b2", "b2 ,  c3", "C3 B2"]:
        assert p.check(0, text) == "b2 c3"
    assert p.check(0, "c1 b2") == "b2 c1"
    assert p.check(0, "a2 a1") == "a1 a2"
    p12 = begin(n=12)
    assert p12.check(0, "a11 a10") == "a10 a11"
    assert p12.check(0, "L12 k11") == "k11 l12"
    for move in GAME.legal(p12.state, 0):
        assert GAME.parse(p12.state, 0, move) == move


def test_text_that_is_not_two_dots_is_refused() -> None:
    """Junk, one dot, no separator, leading zeros are refused with the expected form."""
    p = begin()
    assert refusal(p, "").startswith("The move is empty: send two adjacent dots")
    for text in ["b2", "b2c3", "b2 c3 d4", "b2;c3", "22 33", "b 2 c3", "\u212a2 b2", "b٢ c3"]:
        assert "write two adjacent dots like `b2 c3`" in refusal(p, text)
    assert refusal(p, "a0 a1") == "a0 is not on the 6×6 grid (a1..f6)."
    assert refusal(p, "a01 a2") == "a01 is not on the 6×6 grid (a1..f6)."


def test_off_grid_dots_are_refused() -> None:
    """A dot outside the grid names the grid and its corner dots."""
    p = begin()
    assert refusal(p, "z9 z8") == "z9 is not on the 6×6 grid (a1..f6)."
    assert refusal(p, "f6 g6") == "g6 is not on the 6×6 grid (a1..f6)."
    assert refusal(p, "a7 a6") == "a7 is not on the 6×6 grid (a1..f6)."
    assert refusal(begin(n=12), "m1 l1") == "m1 is not on the 12×12 grid (a1..l12)."


def test_not_adjacent_and_same_dot() -> None:
    """Both dots must differ and be king-adjacent; the refusal shows a legal example."""
    p = begin()
    msg = refusal(p, "b2 d4")
    assert msg.startswith("b2 and d4 are not adjacent")
    assert "any two adjacent dots, e.g. `a1 b1`" in msg
    assert refusal(p, "c3 c3").startswith("c3 and c3 are the same dot")


def test_not_your_move() -> None:
    """Only the seat to move may move."""
    p = begin(3)
    with pytest.raises(IllegalMove, match="It is not your move"):
        p.check(1, "b2 c3")
    assert list(GAME.legal(p.state, 1)) == []
    assert GAME.prompt(p.state, 2).english() == "It is not your move."


# A round --------------------------------------------------------------------------------------


def test_first_segment_anywhere_then_growth_only() -> None:
    """The offense draws any segment; then each segment joins a reached dot to a new one."""
    p = begin(3, n=6)
    assert len(list(GAME.legal(p.state, 0))) == 110
    p = play(p, "c3 d4")
    assert mover(p) == 1
    growth = set(GAME.legal(p.state, 1))
    assert len(growth) == 7 + 7  # each end has 8 neighbours, one of them the other end
    assert "c4 d4" in growth and "b2 c3" in growth and "a1 b1" not in growth
    assert refusal(p, "c3 d4").startswith("d4 already has a segment (and so has c3)")
    assert refusal(p, "a1 b1").startswith("a1 has no segment yet (nor has b1)")
    assert "from a dot that has a segment to an adjacent dot that has none" in refusal(p, "a1 b1")
    p = play(p, "b2 c3")  # the new dot may come first
    assert p.state.parent[1 * 6 + 1] == 2 * 6 + 2
    assert refusal(p, "b2 d4").startswith("b2 and d4 are not adjacent")


def test_turn_order_starts_after_the_offense() -> None:
    """Seats after the offense grow in seat order; the offense takes part in the rotation."""
    p = begin(3, n=3)
    seats = []
    for move in SNAKE_3:
        seats.append(mover(p))
        p = play(p, move)
    assert seats == [0, 1, 2, 0, 1, 2, 0, 1]
    assert mover(p) == 0  # the closing move is the offense's


def test_offense_closes_even_right_after_its_own_segment() -> None:
    """n=2, 2 players: the offense draws segments 1 and 3, then closes too."""
    p = begin(2, n=2)
    seats = []
    for move in ["a1 b1", "b1 b2", "b2 a2"]:
        seats.append(mover(p))
        p = play(p, move)
    assert seats == [0, 1, 0]
    assert mover(p) == 0
    assert sorted(GAME.legal(p.state, 0)) == ["a1 a2", "a1 b2", "a2 b1"]


def test_closing_move_and_its_refusals() -> None:
    """Closing joins two adjacent dots that no segment joins directly."""
    p = play(begin(2, n=3), *SNAKE_3)
    legal = set(GAME.legal(p.state, 0))
    assert len(legal) == len(pairs(3)) - 8
    assert "b2 c3" in legal and "a1 a2" not in legal
    msg = refusal(p, "c3 c2")
    assert msg.startswith("c3 and c2 are already joined")
    assert "not already joined, closing a loop" in msg
    assert refusal(p, "a1 c3").startswith("a1 and c3 are not adjacent")


def test_crossing_diagonals_do_not_meet() -> None:
    """A diagonal may cross another; the board shows X and the dots stay apart."""
    p = play(begin(2, n=3), "b2 c3", "b2 c2", "c2 b3")
    assert mover(p) == 1
    board = GAME.render(p.state, None, NAMES)
    assert "X" in board
    assert p.state.parent[2 * 3 + 1] == 1 * 3 + 2  # b3 grew from c2


# Scoring --------------------------------------------------------------------------------------


def test_loop_through_every_dot_scores_n_squared() -> None:
    """A path through all 9 dots closed between its adjacent ends: a loop of 9 dots, +9."""
    p = play(begin(2, n=3), *SNAKE_3)
    before = p.state
    after = play(p, "b2 a1")
    assert GAME.scores(after.state) == (9, 0)
    assert after.state.last_close == (0, 4)
    assert len(after.state.last_loop) == 9
    lines = english(GAME.describe(before, {0: "a1 b2"}, after.state), NAMES)
    assert lines == [
        "alice (offense) closes a1-b2: a loop of 9 dots, +9 (total 9).",
        "Round 2 of 2: bob is the offense.",
    ]


def test_loop_counts_the_tree_path_dots() -> None:
    """The score is the dots of the tree path between the two dots, both included."""
    base = play(begin(2, n=3), *SNAKE_3)
    cases = {"a2 b1": 7, "a1 b1": 8, "b2 b3": 6, "b2 c2": 4, "b2 c3": 5, "b2 c1": 3, "b3 c2": 3}
    for move, dots in cases.items():
        assert GAME.scores(play(base, move).state)[0] == dots, move


def test_smallest_loop_is_three() -> None:
    """A star around b2: joining two neighbours closes a loop of 3."""
    star = ["b2 a1", "b2 b1", "b2 c1", "b2 a2", "b2 c2", "b2 a3", "b2 b3", "b2 c3"]
    p = play(begin(2, n=3), *star)
    assert all(GAME.scores(play(p, m).state)[0] == 3 for m in GAME.legal(p.state, 0))


def test_rounds_rotate_the_offense_and_the_game_ends() -> None:
    """p*rounds rounds; round i's offense is seat i mod p; a fresh grid each round."""
    p = begin(2, n=2, rounds=2)
    offenses = []
    while not GAME.is_over(p.state):
        offenses.append(mover(p))
        assert p.state.reached == 0 and set(p.state.parent) == {-1}
        p = play(p, "a1 b1", "b1 b2", "b2 a2", "a1 a2")  # each closes a loop of 4
    assert offenses == [0, 1, 0, 1]
    assert GAME.scores(p.state) == (8, 8)
    assert GAME.winners(p.state) == {0, 1}
    assert GAME.to_move(p.state) == frozenset()
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(p.state, {0: "a1 b1"})


def test_winner_is_highest_total() -> None:
    """Different loops in different rounds; the larger total wins."""
    p = play(begin(2, n=2), "a1 b1", "b1 b2", "b2 a2", "a1 a2")  # alice +4
    p = play(p, "a1 b1", "b1 b2", "b2 a2", "a1 b2")  # bob: a1 b1 b2, +3
    assert GAME.scores(p.state) == (4, 3)
    assert GAME.winners(p.state) == {0}


# Messages -------------------------------------------------------------------------------------


def test_describe_growth_lines() -> None:
    """The first segment names the round; growth names the segment from its old dot."""
    p0 = begin(3, n=2)
    p1 = play(p0, "a1 b1")
    assert english(GAME.describe(p0.state, {0: "a1 b1"}, p1.state), NAMES) == [
        "alice (offense) draws a1-b1, the first segment of round 1 of 3."
    ]
    p2 = play(p1, "a2 b1")
    assert english(GAME.describe(p1.state, {1: "a2 b1"}, p2.state), NAMES) == [
        "bob draws b1-a2 (2 of 3 segments)."
    ]
    p3 = play(p2, "b2 b1")
    assert english(GAME.describe(p2.state, {2: "b1 b2"}, p3.state), NAMES) == [
        "carol draws b1-b2 (3 of 3 segments).",
        "Every dot is reached: alice (offense) closes a loop.",
    ]


def test_describe_last_round() -> None:
    """The last closing move says the game is over."""
    p = play(begin(2, n=2), "a1 b1", "b1 b2", "b2 a2", "a1 a2")
    p = play(p, "a1 b1", "b1 b2", "b2 a2")
    after = play(p, "a1 b2")
    assert english(GAME.describe(p.state, {1: "a1 b2"}, after.state), NAMES) == [
        "bob (offense) closes a1-b2: a loop of 3 dots, +3 (total 3).",
        "That was round 2 of 2: the game is over.",
    ]


def test_prompts() -> None:
    """The prompt says what kind of move is due, with an example."""
    p = begin(2, n=3)
    assert GAME.prompt(p.state, 0).english().startswith("You are the offense of a fresh grid")
    p = play(p, "a1 a2")
    assert GAME.prompt(p.state, 1).english().startswith("Segment 2 of 8: draw from a dot that has")
    p = play(p, *SNAKE_3[1:])
    assert "You score the loop's dots." in GAME.prompt(p.state, 0).english()


# Board ----------------------------------------------------------------------------------------


def test_board_shows_segments_and_turn() -> None:
    """Letters, row numbers, every segment kind, reached and unreached dots, whose turn."""
    p = play(begin(2, n=4), "b2 c3", "b2 c2", "c2 b3", "c2 d2", "c2 c1", "b3 b4")
    board = GAME.render(p.state, 0, NAMES)
    assert "    a   b   c   d" in board
    assert "  1 .   .   o   ." in board
    assert "  2 .   o---o---o" in board
    assert "          X" in board
    assert "  4 .   o   .   ." in board
    assert "|" in board
    assert "round 1 of 2" in board
    assert "alice* 0, bob 0" in board
    assert "To move: alice draws segment 7 of 15" in board


def test_board_highlights_the_finished_loop() -> None:
    """After a round ends, the board shows that round's tree with the loop's dots as @."""
    p = play(begin(2, n=3), *SNAKE_3, "b2 c3")
    board = GAME.render(p.state, None, NAMES)
    assert board.count("@") == 5 + 1  # five loop dots and the legend
    assert "Round 1: alice closed b2-c3, a loop of 5 dots, +5 (the @ dots)" in board
    assert "\n  2 o   @   @\n    |     \\ |\n  3 o---o---@\n" in board
    assert "To move: bob (offense) draws the first segment" in board
    p = play(p, "a1 b1")
    board = GAME.render(p.state, None, NAMES)
    assert "@" not in board
    assert "Round 1: alice closed b2-c3, a loop of 5 dots, +5" in board


def test_compact_board() -> None:
    """The compact form puts dots two columns apart; / and \\ lean the right way."""
    p = play(begin(2, n=3), "b2 a3", "b2 c1")
    board = GAME.draw(GAME.view(p.state, None), NAMES, compact=True)
    assert "    a b c\n  1 . . o\n       /\n  2 . o .\n     /\n  3 o . .\n" in board
    p = play(begin(2, n=3), "b2 c3", "b2 a1")
    board = GAME.draw(GAME.view(p.state, None), NAMES, compact=True)
    assert "  1 o . .\n     \\\n  2 . o .\n       \\\n  3 . . o\n" in board


def test_board_at_game_end() -> None:
    """The final board keeps the last loop and says the game is over."""
    p = play(begin(2, n=2), "a1 b1", "b1 b2", "b2 a2", "a1 a2")
    p = play(p, "a1 b1", "b1 b2", "b2 a2", "a1 a2")
    board = GAME.render(p.state, None, NAMES)
    assert board.endswith("Game over.") and "@---@" in board


def test_board_fits_at_the_largest_bound() -> None:
    """n=12, 8 players with 8-character names: both forms fit, in every phase."""
    names = [f"player{i}x" for i in range(8)]
    p, rng = begin(8, n=12, rounds=10), random.Random(7)
    longest = [0, 0]
    french = [0, 0]
    for _ in range(2 * 144 + 5):
        view = GAME.view(p.state, 3)
        for compact in (False, True):
            longest[compact] = max(longest[compact], len(GAME.draw(view, names, compact)))
            said = GAME.draw(view, names, compact, FRENCH)
            french[compact] = max(french[compact], len(said))
        p = p.submit(mover(p), GAME.sample(p.state, mover(p), rng))
    assert longest[1] < longest[0] <= BOARD_LIMIT
    assert french[1] < french[0] <= BOARD_LIMIT


def test_views_are_public() -> None:
    """Nothing is secret: no private view."""
    p = play(begin(2), "b2 c3")
    assert GAME.view(p.state, 0)["private"] is None
    assert GAME.view(p.state, None)["parent"] == list(p.state.parent)
    assert isinstance(p.state, State)


def test_the_view_tells_the_order_the_dots_were_reached() -> None:
    """The first segment's two dots, then each new dot in turn; the finished round keeps it."""
    p = play(begin(2, n=3), *SNAKE_3[:3])
    assert GAME.view(p.state, None)["order"] == [0, 3, 6, 7]
    p = play(p, *SNAKE_3[3:], "a1 b2")
    view = GAME.view(p.state, None)
    assert view["order"] == [] and view["last"]["order"] == [0, 3, 6, 7, 8, 5, 2, 1, 4]
