"""Arcs And Marks: each arc is drawn true, between its two marks, on the side the rules say."""

from __future__ import annotations

import math

from boards.pictures.arcs_and_marks import RADIUS, circle_centre
from boards.pictures.canvas import INK, PAPER, PLAYER_COLOURS
from rules import GAMES
from tests.boards.helpers import NAMES, Point, drawn, played, share_with

SLUG = "arcs-and-marks"
M = 12


def mark(centre: Point, i: float, radius: float = RADIUS) -> Point:
    """Mark i of M on the page: clockwise from the top."""
    a = 2 * math.pi * i / M
    return (centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a))


def arc_circle(centre: Point, c: int, k: int, count: int = 720) -> tuple[list[Point], list[Point]]:
    """Points of the circle about mark c through marks c±k, inside (the arc) and outside."""
    # RULES.md: the arc is the part of that circle inside the main circle.
    cx, cy = mark(centre, c)
    r = math.dist(mark(centre, c), mark(centre, c + k))
    inside, outside = [], []
    for i in range(count):
        p = (cx + r * math.cos(2 * math.pi * i / count), cy + r * math.sin(2 * math.pi * i / count))
        d = math.dist(p, centre)
        if d < RADIUS - 6:
            inside.append(p)
        elif d > RADIUS + 6:
            outside.append(p)
    return inside, outside


def edge(centre: Point, c: int, k: int) -> list[Point]:
    """Points just outside arc (c, k)'s stroke, away from its middle (its marker) and ends."""
    mx, my = mark(centre, c)
    r = math.dist(mark(centre, c), mark(centre, c + k))
    towards = math.atan2(centre[1] - my, centre[0] - mx)
    w = math.pi / 2 - math.pi * k / M
    turns = [w * t / 10 for t in (-8, -7, -6, -5, -4, -3, 3, 4, 5, 6, 7, 8)]
    return [
        (mx + (r + 5) * math.cos(towards + t), my + (r + 5) * math.sin(towards + t)) for t in turns
    ]


def test_an_arc_runs_between_its_marks_inside_the_circle_and_nowhere_else() -> None:
    """Arc k=3 about mark 0 is coloured along its true arc from mark 9 to mark 3, only there."""
    # Near both marks too, and neither on the rest of its circle nor on the main circle.
    state = played(SLUG, 3, {"m": M}, "3@0")
    view = GAMES[SLUG].view(state, None)
    image = drawn(SLUG, state, None)
    centre = circle_centre(view, NAMES[:3])
    blue = PLAYER_COLOURS[0]
    inside, outside = arc_circle(centre, 0, 3)
    assert share_with(image, inside, blue) >= 0.9
    # Outside the main circle, only what lies within the figure (the legend above is blue too).
    figure = [p for p in outside if abs(p[1] - centre[1]) < RADIUS + 50]
    assert figure and share_with(image, figure, blue) == 0
    for end in (9, 3):
        close = [p for p in inside if 8 < math.dist(p, mark(centre, end)) < 30]
        assert close and share_with(image, close, blue) == 1, end
    rim = [mark(centre, i / 10) for i in range(10 * M)]
    away = [p for p in rim if min(math.dist(p, mark(centre, e)) for e in (9, 3)) > 24]
    assert share_with(image, away, blue, 1) == 0


def test_the_arc_is_on_the_side_the_rules_say() -> None:
    """A wide arc (k=5 about mark 2) hugs the far side; its chord and the centre stay clear."""
    state = played(SLUG, 2, {"m": M}, "5@2")
    view = GAMES[SLUG].view(state, 1)
    image = drawn(SLUG, state, 1)
    centre = circle_centre(view, NAMES[:2])
    blue = PLAYER_COLOURS[0]
    inside, _ = arc_circle(centre, 2, 5)
    assert share_with(image, inside, blue) >= 0.9
    a, b = mark(centre, 9), mark(centre, 7)
    chord = [(a[0] + (b[0] - a[0]) * t / 10, a[1] + (b[1] - a[1]) * t / 10) for t in range(3, 8)]
    assert share_with(image, chord, blue, 1) == 0
    assert share_with(image, [centre], blue, 3) == 0


def test_every_arc_has_its_movers_colour_and_the_newest_is_outlined() -> None:
    """Each arc is in its seat's colour; only the newest has a dark edge all along."""
    state = played(SLUG, 3, {"m": M}, "2@4", "4", "1")
    view = GAMES[SLUG].view(state, 2)
    image = drawn(SLUG, state, 2)
    centre = circle_centre(view, NAMES[:3])
    for seat, (c, k) in enumerate([(4, 2), (5, 4), (6, 1)]):
        inside, _ = arc_circle(centre, c, k)
        assert share_with(image, inside, PLAYER_COLOURS[seat]) >= 0.85, seat
    newest = share_with(image, edge(centre, 6, 1), INK, 1)
    assert newest == 1 and share_with(image, edge(centre, 4, 2), INK, 1) <= 0.25


def test_a_touch_is_ringed_where_the_rules_found_it() -> None:
    """Two arcs ending on mark 3 touch and score: mark 3 is ringed, and no other mark."""
    # k=3 about mark 0 runs from mark 9 to mark 3; k=2 about mark 1 from mark 11 to mark 3.
    state = played(SLUG, 3, {"m": M}, "3@0", "2")
    assert GAMES[SLUG].scores(state) == (0, 1, 0)
    view = GAMES[SLUG].view(state, None)
    image = drawn(SLUG, state, None)
    centre = circle_centre(view, NAMES[:3])
    for i in range(M):
        x, y = mark(centre, i)
        pixel = image.getpixel((round(x), round(y)))
        assert isinstance(pixel, tuple)
        # A mark is a dark dot; a ringed one has a white middle.
        assert (pixel[:3] == PAPER) == (i == 3), i
