"""A member's rating over their games as a PNG chart, its lines told apart without colour."""

# One panel per kind of rating; a line for all games and one for a chosen game differ in
# colour (Okabe-Ito), line style (solid, dashed) and mark (circle, square).

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from boards.pictures.canvas import (
    BODY,
    FAINT,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    PLAYER_COLOURS,
    SMALL,
    TITLE,
    WIDTH,
    Colour,
    drawable,
    fit,
    font,
    marker,
    png,
)

SCALE = 2
"""Drawn at twice the size, then shrunk: smooth lines without a drawing library."""
PLOT_HEIGHT = 300
AXIS = 96
"""Room left of a plot for its ratings."""
MARKED = 60
"""Lines of at most this many games mark each game; longer ones would be a smear of marks."""
DASH = (14, 9)
"""The second line's dash and gap, in pixels."""


@dataclass(frozen=True)
class Line:
    """One rating over a member's games: (games played then, rating as shown) pairs."""

    label: str
    points: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Panel:
    """One kind of rating: its axis's games, its lines, and its first and last game's dates."""

    title: str
    games: int
    lines: tuple[Line, ...]
    first: str = ""
    last: str = ""
    start: int = 1
    """The first game on the axis: 0 when the lines begin where every player starts."""


def nice_step(span: float, most: int, steps: Sequence[int]) -> int:
    """The smallest of `steps` (or a power of ten) cutting span into at most `most` parts."""
    for step in steps:
        if span / step <= most:
            return step
    return 10 ** math.ceil(math.log10(max(span / most, 1)))


def rating_chart(title: str, panels: Sequence[Panel], centre: int) -> bytes:
    """The chart as PNG bytes, WIDTH pixels wide; `centre` is where every player starts."""
    height = MARGIN + 60 + len(panels) * (PLOT_HEIGHT + 190) + MARGIN // 2
    image = Image.new("RGB", (WIDTH * SCALE, height * SCALE), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text(
        (MARGIN * SCALE, MARGIN * SCALE),
        fit(drawable(title), "bold", TITLE, WIDTH - 2 * MARGIN),
        font=font("bold", TITLE * SCALE),
        fill=INK,
    )
    top = MARGIN + 60
    for panel in panels:
        _panel(draw, panel, top, centre)
        top += PLOT_HEIGHT + 190
    return png(image.resize((WIDTH, height), Image.Resampling.LANCZOS))


def _panel(draw: ImageDraw.ImageDraw, panel: Panel, top: int, centre: int) -> None:
    """A panel's title, legend, axes, the starting rating and its lines, from `top` down."""
    s = SCALE
    draw.text((MARGIN * s, (top + 10) * s), panel.title, font=font("bold", BODY * s), fill=INK)
    legend_x = MARGIN + 10
    y = top + 66
    for i, line in enumerate(panel.lines):
        _sample(draw, i, legend_x, y)
        text = fit(drawable(line.label, "sans"), "sans", SMALL, 330)
        draw.text(
            ((legend_x + 70) * s, y * s), text, font=font("sans", SMALL * s), fill=INK, anchor="lm"
        )
        legend_x += 70 + int(font("sans", SMALL).getlength(text)) + 40
    plot_top, left, right = top + 100, MARGIN + AXIS, WIDTH - MARGIN - 20
    bottom = plot_top + PLOT_HEIGHT
    values = [v for line in panel.lines for _, v in line.points] + [centre]
    low, high = min(values), max(values)
    if high - low < 40:
        low, high = (low + high) // 2 - 20, (low + high) // 2 + 20
    step = nice_step(high - low, 5, (5, 10, 20, 25, 50, 100, 200, 250, 500))
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * PLOT_HEIGHT

    def x_of(game: int) -> float:
        if panel.games <= panel.start:
            return (left + right) / 2
        return left + (game - panel.start) / (panel.games - panel.start) * (right - left)

    for value in range(low, high + 1, step):
        line_y = y_of(value)
        draw.line((left * s, line_y * s, right * s, line_y * s), fill=FAINT, width=s)
        draw.text(
            ((left - 12) * s, line_y * s),
            str(value),
            font=font("sans", SMALL * s),
            fill=MUTED,
            anchor="rm",
        )
    _dashed(draw, [(left, y_of(centre)), (right, y_of(centre))], MUTED, 2, (6, 6))
    draw.text(
        (right * s, (y_of(centre) - 6) * s),
        f"{centre}: start",
        font=font("sans", SMALL * s),
        fill=MUTED,
        anchor="rb",
    )
    draw.line((left * s, bottom * s, right * s, bottom * s), fill=INK, width=2 * s)
    games_step = nice_step(panel.games, 8, (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500))
    ticks = sorted({panel.start, *range(games_step, panel.games + 1, games_step)})
    if panel.games - ticks[-1] >= games_step / 2:
        ticks.append(panel.games)
    for game in ticks:
        x = x_of(game)
        draw.line((x * s, bottom * s, x * s, (bottom + 8) * s), fill=INK, width=2 * s)
        draw.text(
            (x * s, (bottom + 12) * s),
            str(game),
            font=font("sans", SMALL * s),
            fill=INK,
            anchor="mt",
        )
    under = bottom + 48
    draw.text(
        (left * s, under * s), panel.first, font=font("sans", SMALL * s), fill=MUTED, anchor="lt"
    )
    if panel.last != panel.first:
        draw.text(
            (right * s, under * s),
            panel.last,
            font=font("sans", SMALL * s),
            fill=MUTED,
            anchor="rt",
        )
    draw.text(
        ((left + right) / 2 * s, under * s),
        "games played",
        font=font("sans", SMALL * s),
        fill=MUTED,
        anchor="mt",
    )
    for i, line in enumerate(panel.lines):
        points = [(x_of(game), y_of(value)) for game, value in line.points]
        _line(draw, i, points, mark=len(points) <= MARKED)


def _colour(i: int) -> Colour:
    return PLAYER_COLOURS[i % len(PLAYER_COLOURS)]


def _line(draw: ImageDraw.ImageDraw, i: int, points: list[tuple[float, float]], mark: bool) -> None:
    """Line i through its points: the first solid, the next dashed; marks of its shape."""
    s = SCALE
    if len(points) > 1:
        if i == 0:
            flat = [(x * s, y * s) for x, y in points]
            draw.line(flat, fill=_colour(i), width=4 * s, joint="curve")
        else:
            _dashed(draw, points, _colour(i), 4, DASH)
    if mark or len(points) == 1:
        for x, y in points:
            marker(draw, i, x * s, y * s, 7 * s, _colour(i), PAPER, 2 * s)


def _sample(draw: ImageDraw.ImageDraw, i: int, x: int, y: int) -> None:
    """Line i's look in the legend: a stroke of its style with its mark in the middle."""
    _line(draw, i, [(x, y), (x + 54, y)], mark=False)
    marker(draw, i, (x + 27) * SCALE, y * SCALE, 7 * SCALE, _colour(i), PAPER, 2 * SCALE)


def _dashed(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    colour: Colour,
    width: int,
    pattern: tuple[int, int],
) -> None:
    """A dashed line through the points; the dashes run on across its corners."""
    s = SCALE
    on, off = pattern
    phase = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        at = 0.0
        while at < length:
            within = phase % (on + off)
            run = (on - within) if within < on else (on + off - within)
            end = min(length, at + run)
            if within < on:
                a, b = at / length, end / length
                draw.line(
                    (
                        (x0 + (x1 - x0) * a) * s,
                        (y0 + (y1 - y0) * a) * s,
                        (x0 + (x1 - x0) * b) * s,
                        (y0 + (y1 - y0) * b) * s,
                    ),
                    fill=colour,
                    width=width * s,
                )
            phase += end - at
            at = end
