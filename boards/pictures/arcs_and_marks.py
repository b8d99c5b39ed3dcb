"""Arcs And Marks as a picture: the circle, its marks and the round's true arcs."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image

from boards.pictures.canvas import (
    BODY,
    INK,
    INNER,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SMALL,
    SPOT,
    marker,
    players,
    seat_name,
)
from boards.pictures.collage import Collage
from boards.pictures.page import Canvas, Figure, put
from boards.words import N_, Translate
from rules.arcs_and_marks import next_centre, touched

RADIUS = 330
"""The circle's radius in pixels."""
FIGURE_H = 2 * RADIUS + 120
Point = tuple[float, float]


def centre_of_figure() -> Point:
    """Where the circle's centre lies inside the figure."""
    return (INNER / 2, FIGURE_H / 2)


def mark_point(m: int, i: int, centre: Point = (0.0, 0.0), radius: float = RADIUS) -> Point:
    """Mark i, clockwise from the top, on a circle."""
    a = 2 * math.pi * i / m
    return (centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a))


def arc_span(m: int, c: int, k: int, centre: Point) -> tuple[Point, float, tuple[float, float]]:
    """Arc (c, k) as a piece of a circle: its centre (mark c), radius and angles on the page."""
    px, py = mark_point(m, c, centre)
    r = 2 * math.sin(math.pi * k / m) * RADIUS
    # Directions within w of the one from mark c towards the centre (rules/arcs_geometry.py).
    w = math.pi / 2 - math.pi * k / m
    towards = math.atan2(centre[1] - py, centre[0] - px)
    return (px, py), r, (towards - w, towards + w)


def arc_middle(m: int, c: int, k: int, centre: Point, radius: float = RADIUS) -> Point:
    """The point of an arc nearest the circle's centre (on the line through mark c)."""
    px, py = mark_point(m, c, centre, radius)
    share = 2 * math.sin(math.pi * k / m)
    return (px + (centre[0] - px) * share, py + (centre[1] - py) * share)


def meeting_points(m: int, one: tuple[int, int], other: tuple[int, int]) -> list[Point]:
    """Where two arcs that the rules say meet cross or touch, on a unit circle."""
    # The rules decide exactly whether two arcs meet; floating point only says where to draw.
    (c1, k1), (c2, k2) = one, other
    x1, y1 = mark_point(m, c1, radius=1)
    x2, y2 = mark_point(m, c2, radius=1)
    r1, r2 = 2 * math.sin(math.pi * k1 / m), 2 * math.sin(math.pi * k2 / m)
    d = math.hypot(x2 - x1, y2 - y1)
    if d == 0:
        return [mark_point(m, c1 - k1, radius=1), mark_point(m, c1 + k1, radius=1)]
    if d >= r1 + r2 - 1e-9:
        # Tangent from outside: the point between the centres.
        return [(x1 + (x2 - x1) * r1 / d, y1 + (y2 - y1) * r1 / d)]
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    mx, my = x1 + (x2 - x1) * a / d, y1 + (y2 - y1) * a / d
    found = [(mx + h * (y2 - y1) / d, my - h * (x2 - x1) / d)]
    found.append((mx - h * (y2 - y1) / d, my + h * (x2 - x1) / d))
    # The arcs are the parts of their circles inside the main circle.
    return [p for p in found if math.hypot(*p) <= 1 + 1e-6]


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of an Arcs And Marks view."""
    m, p = view["m"], view["players"]
    shown, finished, number = _shown(view)
    canvas = Canvas(FIGURE_H + 600 + 38 * (m // 4 + 1), t)
    _head(canvas, view, names, number, result)
    arcs = []
    if shown is not None:
        arcs = [
            ((shown["first"] + i) % m, k, (number - 1 + i) % p) for i, k in enumerate(shown["ks"])
        ]
    figure_y = canvas.y
    _figure(canvas, view, arcs, [] if shown is None else shown["ks"])
    canvas.y = figure_y + FIGURE_H + 10
    if shown is None:
        canvas.paragraph(t(N_("Round {number}: no arcs yet.")).format(number=number))
    else:
        said = N_("Round {number} ended: centre mark, k, points")
        if not finished:
            said = N_("Round {number} so far: centre mark, k, points")
        canvas.room(LINE + 4 + 38 * (len(arcs) // 4 + 1) + 12)
        canvas.text((MARGIN, canvas.y), t(said).format(number=number), BODY, "bold")
        canvas.y += LINE + 4
        _move_list(canvas, arcs, shown["points"])
    canvas.rule()
    canvas.paragraph(_footer(view, names, t))
    return canvas.finish()


def circle_centre(view: Mapping[str, Any], names: Sequence[str]) -> Point:
    """Where the circle's centre lands on the page of this view's picture."""
    canvas = Canvas(MARGIN + 500)
    _head(canvas, view, names, _shown(view)[2], None)
    x, y = centre_of_figure()
    return (MARGIN + x, canvas.y + y)


def _shown(view: Mapping[str, Any]) -> tuple[Mapping[str, Any] | None, bool, int]:
    """The round shown (under way, else the last ended), whether it has ended, and its number."""
    if view["current"] is None and view["last"] is not None:
        return view["last"], True, view["round"]
    return view["current"], False, view["round"] + 1


def _head(
    canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], number: int, result: str | None
) -> None:
    t = canvas.t
    status = t(N_("game over") if view["over"] else N_("lowest total wins"))
    rounds = view["rounds"]
    title = t(N_("Round {number} of {rounds} · {m} marks · {status}")).format(
        number=min(number, rounds), rounds=rounds, m=view["m"], status=status
    )
    canvas.heading("Arcs And Marks", title, result)
    to_move = [] if view["to_move"] is None else [view["to_move"]]
    canvas.legend(players(names, view["scores"], view, to_move, t=t))


FIGURES_KEPT = 8
"""Circles kept, each about 0.6 MB: a state's picture is drawn for several viewers."""


def _figure(
    canvas: Canvas, view: Mapping[str, Any], arcs: list[tuple[int, int, int]], ks: Sequence[int]
) -> None:
    m = view["m"]
    nxt = next_centre(view)
    ring = None if nxt is None else (nxt, view["to_move"])
    figure = _circle(m, tuple(arcs), tuple(ks), ring)
    canvas.room(FIGURE_H)
    put(canvas, figure, MARGIN + _LEFT, canvas.y + _TOP)
    # Mark numbers after the figure is shrunk, so they are as sharp as the rest of the text.
    o = centre_of_figure()
    step = 1 if 2 * math.pi * RADIUS / m >= 34 else 2
    for i in range(0, m, step):
        x, y = mark_point(m, i, o, RADIUS + 32)
        canvas.text((MARGIN + x, canvas.y + y), str(i), SMALL, "sans", INK, "mm")


_LEFT = round(INNER / 2 - RADIUS - 24)
_TOP = round(FIGURE_H / 2 - RADIUS - 24)
"""Where the circle's square starts in the figure: only it is drawn large."""


_SIDE = 2 * RADIUS + 48
"""The width and height of the circle's square."""


@cache
def _ground() -> Image.Image:
    """The circle alone, at its size: every figure is painted on it."""
    fig = Figure(_SIDE, _SIDE, _LEFT, _TOP)
    fig.circle(centre_of_figure(), RADIUS, outline=MUTED, width=2.5)
    return fig.small()


@lru_cache(maxsize=FIGURES_KEPT)
def _circle(
    m: int,
    arcs: tuple[tuple[int, int, int], ...],
    ks: tuple[int, ...],
    ring: tuple[int, int] | None,
) -> Image.Image:
    """The circle with its marks, the arcs drawn (seat by seat) and the next centre ringed."""
    # Nothing in it is secret: every viewer of one state gets the same circle, so it is kept.
    fig = Collage(_SIDE, _SIDE, _LEFT, _TOP, _ground())
    o = centre_of_figure()
    newest = len(arcs) - 1
    for t, (c, k, seat) in enumerate(arcs):
        colour = PLAYER_COLOURS[seat]
        first, quarters, mirrored = seen_from(m, c)
        mark, r, angles = arc_span(m, first, k, o)
        with fig.turned(o, quarters, mirrored):
            if t == newest:
                fig.arc(mark, r, angles, INK, 13)
                fig.arc(mark, r, angles, colour, 7)
            else:
                fig.arc(mark, r, angles, colour, 5)
    for i in range(m):
        fig.circle(mark_point(m, i, o), 6, fill=INK)
    if ring is not None:
        centre, seat = ring
        fig.circle(mark_point(m, centre, o), 15, outline=PLAYER_COLOURS[seat], width=5)
    for t, (c, k, seat) in enumerate(arcs):
        size = 14 if t == newest else 9
        fig.marker(seat, arc_middle(m, c, k, o), size, PLAYER_COLOURS[seat], INK)
    if arcs:
        # Ring each place where the newest arc meets an earlier one: the points it scored.
        c, k, _ = arcs[newest]
        for j in touched(m, ks, newest):
            for x, y in meeting_points(m, (c, k), arcs[j][:2]):
                fig.circle(
                    (o[0] + x * RADIUS, o[1] + y * RADIUS), 9, fill=PAPER, outline=INK, width=3
                )
    return fig.shrunk()


def seen_from(m: int, c: int) -> tuple[int, int, bool]:
    """Mark c as a turn of a lower mark: that mark, clockwise quarter turns, and whether it is
    mirrored left to right first."""
    # The marks look the same turned a quarter (m a multiple of 4) or half turn (m even), or
    # mirrored (mark i to mark -i): an arc drawn on one mark serves the marks it turns to.
    turns = 4 if m % 4 == 0 else 2 if m % 2 == 0 else 1
    return min(
        ((-1 if mirrored else 1) * (c - j * m // turns) % m, j * 4 // turns, mirrored)
        for j in range(turns)
        for mirrored in (False, True)
    )


def _move_list(canvas: Canvas, arcs: list[tuple[int, int, int]], points: Sequence[int]) -> None:
    columns = 4
    cell = INNER // columns
    for t, (c, k, seat) in enumerate(arcs):
        # Row by row, in the order the arcs were drawn.
        x = MARGIN + (t % columns) * cell
        y = canvas.y + (t // columns) * 38
        if t == len(arcs) - 1:
            canvas.draw.rounded_rectangle(
                (x - 6, y - 4, x + cell - 14, y + 32), radius=8, fill=SPOT
            )
        marker(canvas.draw, seat, x + 12, y + 14, 11, PLAYER_COLOURS[seat], INK, 2)
        text = f"@{c:<2} k{k:<2} +{points[t]}"
        canvas.text((x + 32, y + 14), text, SMALL, "mono", INK, "lm")
    canvas.y += -(-len(arcs) // columns) * 38 + 12


def _footer(view: Mapping[str, Any], names: Sequence[str], t: Translate) -> str:
    if view["over"]:
        return t(N_("Game over: the lowest total wins."))
    who = seat_name(names, view["to_move"])
    centre = next_centre(view)
    if centre is None:
        starts = N_("Next: {player} starts round {number}, choosing the centre (k@c).")
        return t(starts).format(player=who, number=view["round"] + 1)
    arc = N_("Next: {player}, the arc centred on mark {centre} (ringed).")
    return t(arc).format(player=who, centre=centre)
