"""Labyrinthine Loop: each segment joins its two dots in its drawer's colour; the loop is lit."""

from __future__ import annotations

import itertools

from boards.pictures.canvas import PLAYER_COLOURS, SPOT
from boards.pictures.labyrinthine_loop import dot_centre
from rules import GAMES
from tests.boards.helpers import NAMES, along, drawn, played, share_with

SLUG = "labyrinthine-loop"
SNAKE_3 = ["a1 a2", "a2 a3", "a3 b3", "b3 c3", "c3 c2", "c2 c1", "c1 b1", "b1 b2"]
"""A 3×3 tree that is one path a1..b2 through every dot; a1 and b2 are adjacent."""


def dot(name: str, n: int) -> int:
    """A dot's number from its name (b2 is column b, row 2)."""
    return (int(name[1:]) - 1) * n + "abcdefghijkl".index(name[0])


def test_segments_join_their_dots_in_the_colour_of_who_drew_them() -> None:
    """b2-c3 (seat 0), c3-d3 (seat 1), b2-a1 (seat 0) join their dots; others stay clear."""
    n = 4
    state = played(SLUG, 2, {"n": n}, "b2 c3", "c3 d3", "b2 a1")
    view = GAMES[SLUG].view(state, None)
    image = drawn(SLUG, state, None)

    def centre(name: str) -> tuple[float, float]:
        return dot_centre(view, NAMES[:2], dot(name, n))

    for seat, (a, b) in [(0, ("b2", "c3")), (1, ("c3", "d3")), (0, ("b2", "a1"))]:
        points = along(centre(a), centre(b), 0.15, 0.85, 15)
        assert share_with(image, points, PLAYER_COLOURS[seat]) >= 0.9, (a, b)
    for a, b in [("b2", "c2"), ("c3", "c4"), ("a1", "a2"), ("d3", "d4")]:
        points = along(centre(a), centre(b), 0.2, 0.8, 12)
        for colour in PLAYER_COLOURS[:2]:
            assert share_with(image, points, colour, 1) == 0, (a, b)


def test_every_segment_of_a_full_tree_is_drawn() -> None:
    """A whole 3×3 tree grown in turn: every segment is in its drawer's colour."""
    # The offense draws the first segment; growth then goes in seat order after it.
    state = played(SLUG, 2, {"n": 3}, *SNAKE_3)
    view = GAMES[SLUG].view(state, 1)
    image = drawn(SLUG, state, 1)
    for step, move in enumerate(SNAKE_3):
        a, b = move.split()
        seat = step % 2
        ca, cb = (dot_centre(view, NAMES[:2], dot(d, 3)) for d in (a, b))
        points = along(ca, cb, 0.15, 0.85, 15)
        assert share_with(image, points, PLAYER_COLOURS[seat]) >= 0.9, move


def test_the_closing_loop_is_lit() -> None:
    """Once a1-b2 closes the loop, every segment of it is lit, the closing one included."""
    state = played(SLUG, 2, {"n": 3}, *SNAKE_3, "a1 b2")
    view = GAMES[SLUG].view(state, None)
    assert view["phase"] == "first" and len(view["last"]["loop"]) == 9
    image = drawn(SLUG, state, None)
    loop = view["last"]["loop"]
    for a, b in itertools.pairwise([*loop, loop[0]]):
        ca, cb = (dot_centre(view, NAMES[:2], d) for d in (a, b))
        # The halo shows beside the segment, on either side of it.
        dx, dy = cb[1] - ca[1], ca[0] - cb[0]
        length = (dx * dx + dy * dy) ** 0.5
        side = [(x + 10 * dx / length, y + 10 * dy / length) for x, y in along(ca, cb, 0.3, 0.7, 5)]
        assert share_with(image, side, SPOT, 1) >= 0.8, (a, b)
