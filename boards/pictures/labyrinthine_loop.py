"""Labyrinthine Loop as a picture: the dot grid, each player's segments, the closing loop."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image

from boards.pictures.canvas import (
    INK,
    INNER,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SMALL,
    SPOT,
    players,
    seat_name,
)
from boards.pictures.collage import Collage
from boards.pictures.page import OFFENSE, Canvas, put
from boards.words import N_, Translate
from rules.labyrinthine_geometry import COLUMNS, dot_name

Point = tuple[float, float]
LABELS = 44
"""Room for the column letters above the grid and the row numbers on its left."""


def spacing(n: int) -> float:
    """The distance between two neighbouring dots, in pixels."""
    return min(120.0, (INNER - LABELS - 60) / (n - 1))


def figure_height(n: int) -> int:
    """The height of the grid's figure, its column letters included."""
    return round(spacing(n) * (n - 1)) + LABELS + 60


def dot_point(n: int, dot: int) -> Point:
    """Where a dot lies inside the figure (dots are numbered row by row)."""
    return _points(n)[dot]


@cache
def _points(n: int) -> tuple[Point, ...]:
    gap = spacing(n)
    left = (INNER - gap * (n - 1) + LABELS) / 2
    return tuple((left + c * gap, LABELS + 30 + r * gap) for r in range(n) for c in range(n))


def drawers(order: Sequence[int], round_index: int, seats: int) -> dict[int, int]:
    """For each reached dot but the first, the seat that drew the segment reaching it."""
    # The offense draws the first segment; growth then goes in seat order after it.
    return {dot: (round_index + max(i, 1) - 1) % seats for i, dot in enumerate(order) if i}


def draw(view: Mapping[str, Any], names: Sequence[str], result: str | None, t: Translate) -> bytes:
    """The picture of a Labyrinthine Loop view."""
    n, p = view["n"], len(view["scores"])
    canvas = Canvas(figure_height(n) + 560, t)
    showing_last = _head(canvas, view, names, result)
    if showing_last:
        last = view["last"]
        parent, order, round_index = last["parent"], last["order"], view["round"] - 1
        close, loop = last["close"], last["loop"]
    else:
        parent, order, round_index = view["parent"], view["order"], view["round"]
        close, loop = [], []
    _grid(canvas, n, parent, drawers(order, round_index, p), order, close, loop)
    canvas.rule()
    for line in _story(view, names, showing_last, t):
        canvas.paragraph(line)
    return canvas.finish()


def dot_centre(view: Mapping[str, Any], names: Sequence[str], dot: int) -> Point:
    """Where a dot lands on the page of this view's picture."""
    canvas = Canvas(MARGIN + 500)
    _head(canvas, view, names, None)
    x, y = dot_point(view["n"], dot)
    return (MARGIN + x, canvas.y + y)


def _head(
    canvas: Canvas, view: Mapping[str, Any], names: Sequence[str], result: str | None
) -> bool:
    """The title, the players and the grid's title; True when the grid is the round that ended."""
    # A fresh grid has nothing to show yet, so the round just closed stays up until it grows.
    t = canvas.t
    n, total = view["n"], view["rounds"]
    showing_last = view["last"] is not None and view["phase"] in ("first", "over")
    number = min(view["round"] + 1, total)
    offense = t(N_("game over"))
    if not view["over"]:
        offense = t(N_("offense: {player}")).format(player=seat_name(names, view["offense"]))
    subtitle = t(N_("Round {number} of {rounds} · {n}×{n} dots · {offense}"))
    subtitle = subtitle.format(number=number, rounds=total, n=n, offense=offense)
    canvas.heading("Labyrinthine Loop", subtitle, result)
    to_move = [] if view["to_move"] is None else [view["to_move"]]
    notes = {} if view["offense"] is None else {view["offense"]: t(OFFENSE)}
    canvas.legend(players(names, view["scores"], view, to_move, notes, t=t))
    if showing_last:
        title = t(N_("Round {number} as it ended")).format(number=view["round"])
    else:
        title = N_("Round {number}: {segments} of {all} segments")
        if view["segments"]:
            title = N_("Round {number}: {segments} of {all} segments (the newest lit up)")
        title = t(title).format(number=number, segments=view["segments"], all=n * n - 1)
    canvas.room(40)
    canvas.text((MARGIN, canvas.y), title, face="bold")
    canvas.y += 40
    return showing_last


FIGURES_KEPT = 8
"""Grids kept, each at most about 0.8 MB: a state's picture is drawn for several viewers."""


def _grid(
    canvas: Canvas,
    n: int,
    parent: Sequence[int],
    by: Mapping[int, int],
    order: Sequence[int],
    close: Sequence[int],
    loop: Sequence[int],
) -> None:
    height = figure_height(n)
    drawn = tuple(by.items())
    figure = _dots(n, tuple(parent), drawn, tuple(order), tuple(close), tuple(loop))
    canvas.room(height)
    put(canvas, figure, MARGIN + _left(n), canvas.y + LABELS)
    for i in range(n):
        x, _ = dot_point(n, i)
        canvas.text((MARGIN + x, canvas.y + 14), COLUMNS[i], SMALL, "bold", MUTED, "mm")
        first, y = dot_point(n, i * n)
        canvas.text((MARGIN + first - 30, canvas.y + y), str(i + 1), SMALL, "bold", MUTED, "rm")
    canvas.y += height + 10


def _left(n: int) -> int:
    """Where the grid's own square starts in the figure: only it is drawn large."""
    return math.floor(dot_point(n, 0)[0] - 40)


@lru_cache(maxsize=FIGURES_KEPT)
def _dots(
    n: int,
    parent: tuple[int, ...],
    drawn: tuple[tuple[int, int], ...],
    order: tuple[int, ...],
    close: tuple[int, ...],
    loop: tuple[int, ...],
) -> Image.Image:
    """The grid with every segment in its drawer's colour and what is lit up."""
    # Nothing in it is secret: every viewer of one state gets the same grid, so it is kept.
    by = dict(drawn)
    left = _left(n)
    # The letters and numbers above and beside it are drawn on the page: it starts below them.
    width = math.ceil(dot_point(n, n - 1)[0] + 40) - left
    fig = Collage(width, figure_height(n) - LABELS, left, LABELS)
    gap = spacing(n)
    thick = max(5.0, min(9.0, gap / 11))
    segments = [(parent[d], d) for d in by]
    newest = order[-1] if order and not close else None
    ring = [*itertools.pairwise(loop)]
    if close:
        ring.append((close[0], close[1]))
    lit = [*ring, (parent[newest], newest)] if newest is not None else ring
    # Halo first, then the dark edge, then the colours: nothing lit hides another segment.
    for a, b in lit:
        fig.line([dot_point(n, a), dot_point(n, b)], SPOT, thick + 22)
    for a, b in lit:
        fig.line([dot_point(n, a), dot_point(n, b)], INK, thick + 6)
    for a, b in segments:
        fig.line([dot_point(n, a), dot_point(n, b)], PLAYER_COLOURS[by[b]], thick)
    if close:
        # The closing segment is the offense's, whoever drew the first segment of the round.
        seat = by[order[1]]
        fig.line([dot_point(n, d) for d in close], PLAYER_COLOURS[seat], thick)
    on_loop = set(loop)
    dot = max(6.0, min(11.0, gap / 8))
    for d in range(n * n):
        centre = dot_point(n, d)
        if d in on_loop:
            fig.circle(centre, dot + 4, fill=INK)
        elif parent[d] < 0:
            fig.circle(centre, dot, fill=PAPER, outline=MUTED, width=2.5)
        else:
            fig.circle(centre, dot, fill=INK)
    # Each segment's marker sits two fifths of the way from the dot it grew from, so two
    # diagonals that cross keep their markers apart.
    size = max(7.0, min(12.0, gap / 7))
    for a, b in segments:
        (ax, ay), (bx, by_) = dot_point(n, a), dot_point(n, b)
        spot = (ax + (bx - ax) * 0.4, ay + (by_ - ay) * 0.4)
        fig.marker(by[b], spot, size, PLAYER_COLOURS[by[b]], INK)
    return fig.shrunk()


def _story(
    view: Mapping[str, Any], names: Sequence[str], showing_last: bool, t: Translate
) -> list[str]:
    n, last, phase = view["n"], view["last"], view["phase"]
    lines = []
    if last is not None:
        a, b = last["close"]
        closed = N_("Round {number}: {player} closed {a}–{b}, +{size} for a loop of {size} dots.")
        if showing_last:
            closed = N_(
                "Round {number}: {player} closed {a}–{b}, +{size} for a loop of {size} dots "
                "(lit up above)."
            )
        lines.append(
            t(closed).format(
                number=view["round"],
                player=seat_name(names, last["offense"]),
                a=dot_name(n, a),
                b=dot_name(n, b),
                size=len(last["loop"]),
            )
        )
    if phase == "over":
        lines.append(t(N_("Game over.")))
        return lines
    who = seat_name(names, view["to_move"])
    if phase == "first":
        step = N_("Next: {player} (offense) draws the first segment on a fresh grid.")
    elif phase == "close":
        step = N_("Next: {player} (offense) closes a loop, joining two adjacent dots not joined.")
    else:
        step = N_(
            "Next: {player} draws segment {segment} of {all}, from a filled dot to an open one."
        )
    lines.append(t(step).format(player=who, segment=view["segments"] + 1, all=n * n - 1))
    return lines
