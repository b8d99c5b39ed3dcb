"""The page a board picture is drawn on, top to bottom, and figures drawn smooth."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageDraw

from boards.pictures.canvas import (
    BODY,
    FAINT,
    INK,
    INNER,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    SMALL,
    SPOT,
    TITLE,
    WIDTH,
    Colour,
    PaletteDraw,
    Player,
    blank,
    blend,
    contrast_ink,
    drawable,
    fit,
    font,
    marker,
    palette_png,
    quantized,
    text_width,
    write,
)
from boards.words import N_, Translate, same

ONLY_YOU = N_("Only you see this")
"""The title of what a viewer alone sees."""
OFFENSE = N_("offense")
"""The note on the seat that is offense this round."""
LEFT = N_("left")
"""The note on a seat that left the game."""
RESULT_H = 70
"""The height of the band naming a finished game's result."""
STAMPED = 8
"""Texts up to this long are drawn once and then stamped: digits and cards repeat a lot."""


@lru_cache(maxsize=4096)
def _text_stamp(text: str, face: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's antialiased mask, and where its corner sits from the anchor point."""
    f = font(face, size)
    left, top, right, bottom = (math.floor(v) for v in f.getbbox(text, anchor=anchor))
    stamp = Image.new("L", (max(1, right - left + 1), max(1, bottom - top + 1)))
    ImageDraw.Draw(stamp).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return stamp, left, top


@lru_cache(maxsize=2048)
def _box_stamp(
    width: int,
    height: int,
    text: str,
    fill: Colour,
    edge: Colour | None,
    size: int,
    face: str,
    ink: Colour,
    line: int,
) -> tuple[Image.Image, Image.Image]:
    """A rounded cell with its text in the board palette, and the mask of its shape."""
    stamp = Image.new("RGBA", (width + 1, height + 1), (*fill, 0))
    draw = ImageDraw.Draw(stamp)
    draw.rounded_rectangle((0, 0, width, height), radius=6, fill=fill, outline=edge, width=line)
    if text:
        draw.text((width / 2, height / 2), text, font=font(face, size), fill=ink, anchor="mm")
    return quantized(stamp.convert("RGB")), stamp.getchannel("A")


def wrapped(text: str, face: str, size: int, width: float) -> list[str]:
    """Text cut into lines of whole words, each at most `width` pixels where a word allows."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, face, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


class Canvas:
    """A white page of WIDTH pixels in the board palette, drawn from the top, then a PNG."""

    def __init__(self, height: int = 1600, t: Translate = same) -> None:
        self.t = t
        """The reader's translation of the words drawn."""
        self.image = blank(WIDTH, height)
        self.draw = PaletteDraw(self.image)
        self.y: float = MARGIN
        """The top of what is drawn next."""
        self.indent = 0
        """How far right of the margin paragraphs start (inside an aside)."""

    def room(self, height: float) -> None:
        """Make the page reach at least `height` pixels below the current line."""
        need = int(self.y + height) + MARGIN
        if need > self.image.height:
            grown = blank(WIDTH, max(need, 2 * self.image.height))
            grown.paste(self.image, (0, 0))
            self.image, self.draw = grown, PaletteDraw(grown)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = BODY,
        face: str = "sans",
        fill: Colour = INK,
        anchor: str = "la",
    ) -> float:
        """Draw text; return its width in pixels."""
        if len(text) > STAMPED:
            write(self.draw, xy, text, face, size, fill, anchor)
        elif text:
            stamp, left, top = _text_stamp(text, face, size, anchor)
            self.draw.stamp((round(xy[0]) + left, round(xy[1]) + top), stamp, fill)
        return text_width(text, face, size)

    def heading(self, title: str, subtitle: str, result: str | None = None) -> None:
        """The title line and, under it, the game's progress; a finished game's result in a
        band under them."""
        self.room(TITLE + LINE + 30)
        self.text((MARGIN, self.y), title, TITLE, "bold")
        self.y += TITLE + 14
        self.text((MARGIN, self.y), subtitle, BODY, fill=MUTED)
        self.y += LINE + 8
        if result is not None:
            self.band(drawable(result))

    def band(self, text: str) -> None:
        """A line in large bold type on a yellow band, wrapped in smaller type if long."""
        room = INNER - 48
        size = TITLE if text_width(text, "bold", TITLE) <= room else BODY
        lines = wrapped(text, "bold", size, room)
        step = round(size * 1.4)
        height = RESULT_H + step * (len(lines) - 1)
        self.room(height + 20)
        box = (MARGIN, self.y, WIDTH - MARGIN, self.y + height)
        self.draw.rounded_rectangle(box, radius=12, fill=SPOT, outline=INK, width=3)
        top = self.y + RESULT_H / 2
        for n, line in enumerate(lines):
            self.text((MARGIN + 24, top + n * step), line, size, "bold", INK, "lm")
        self.y += height + 20

    def legend(self, seats: Sequence[Player]) -> None:
        """Every seat as a pill in its colour: marker, name, score and note, wrapping."""
        pill_h, gap = 50, 12
        x: float = MARGIN
        for p in seats:
            name = fit(drawable(p.name), "bold", BODY, 300)
            tail = f"  {p.score}" + (f"  · {p.note}" if p.note else "")
            width = 58 + text_width(name, "bold", BODY) + text_width(tail, "sans", BODY)
            width += 20
            if x > MARGIN and x + width > WIDTH - MARGIN:
                x, self.y = MARGIN, self.y + pill_h + gap
            self.room(pill_h + 26)
            fill = blend(p.colour, PAPER, 0.35) if p.faded else p.colour
            ink = contrast_ink(fill)
            box = (x, self.y, x + width, self.y + pill_h)
            self.draw.rounded_rectangle(box, radius=pill_h // 2, fill=fill)
            marker(self.draw, p.seat, x + 28, self.y + pill_h / 2, 20, PAPER, INK, 2, number=True)
            mid = self.y + pill_h / 2
            tx = x + 58 + self.text((x + 58, mid), name, BODY, "bold", ink, "lm")
            self.text((tx, mid), tail, BODY, "sans", ink, "lm")
            x += width + gap
        self.y += pill_h + 26

    def box(
        self,
        box: tuple[float, float, float, float],
        text: str = "",
        fill: Colour | None = PAPER,
        edge: Colour | None = FAINT,
        size: int = BODY,
        face: str = "mono",
        ink: Colour = INK,
        width: int = 2,
    ) -> None:
        """A rounded cell with text in its middle."""
        x0, y0, x1, y1 = (round(v) for v in box)
        if fill is None or len(text) > STAMPED:
            self.draw.rounded_rectangle(
                (x0, y0, x1, y1), radius=6, fill=fill, outline=edge, width=width
            )
            self.text(((x0 + x1) / 2, (y0 + y1) / 2), text, size, face, ink, "mm")
            return
        stamp, shape = _box_stamp(x1 - x0, y1 - y0, text, fill, edge, size, face, ink, width)
        # Straight to Pillow's image core: a board pastes dozens of cells.
        self.image.im.paste(stamp.im, (x0, y0, x0 + stamp.width, y0 + stamp.height), shape.im)

    def rule(self) -> None:
        """A thin line across the page."""
        self.room(30)
        self.draw.line((MARGIN, self.y, WIDTH - MARGIN, self.y), fill=FAINT, width=2)
        self.y += 22

    def paragraph(
        self, text: str, size: int = BODY, fill: Colour = INK, face: str = "sans"
    ) -> None:
        """Text wrapped to the page width."""
        left = MARGIN + self.indent
        for line in wrapped(text, face, size, WIDTH - MARGIN - left):
            self.room(2 * size)
            self.text((left, self.y), line, size, face, fill)
            self.y += round(size * 1.5)

    @contextmanager
    def aside(self, title: str) -> Iterator[None]:
        """A block marked on its left by a bar, under a small title (what only you see)."""
        top = self.y
        self.indent = 26
        self.text((MARGIN + self.indent, self.y), title, SMALL, "bold", MUTED)
        self.y += 36
        yield
        self.indent = 0
        self.draw.rectangle((MARGIN, top, MARGIN + 9, self.y - 8), fill=SPOT)
        self.y += 14

    def finish(self) -> bytes:
        """The page cropped below what was drawn, as a small PNG."""
        return palette_png(self.image, min(self.image.height, round(self.y) + MARGIN - 10))


Point = tuple[float, float]
Ground = Colour | tuple[int, int, int, int] | int
"""What a figure is drawn on: a colour (RGB), a see-through colour (RGBA) or no ink (an "L"
coverage)."""


def arc_points(centre: Point, radius: float, angles: tuple[float, float]) -> list[Point]:
    """An arc as chords of about five pixels, from one angle to the other (radians, clockwise)."""
    # Such chords stray from the true arc by under a tenth of a pixel, and a polyline is drawn
    # twice as fast as Pillow's wide arc.
    x, y = centre
    start, end = angles
    steps = max(4, math.ceil(radius * (end - start) / 5))
    return [
        (
            x + radius * math.cos(start + (end - start) * i / steps),
            y + radius * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    ]


class Figure:
    """A region drawn SCALE times larger and then shrunk, so that lines and curves are smooth."""

    SCALE = 2

    def __init__(
        self, width: int, height: int, left: int = 0, top: int = 0, ground: Ground = PAPER
    ) -> None:
        """A figure over x = left to left + width and y = top to top + height (caller's units)."""
        self.width, self.height, self.left, self.top = width, height, left, top
        mode = "L" if isinstance(ground, int) else "RGBA" if len(ground) == 4 else "RGB"
        self.image = Image.new(mode, (width * self.SCALE, height * self.SCALE), ground)
        self.draw = ImageDraw.Draw(self.image)

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.left) * self.SCALE, (y - self.top) * self.SCALE)

    def line(self, points: Sequence[Point], fill: Colour | int, width: float) -> None:
        """A polyline with round ends, `width` pixels wide once shrunk."""
        w = max(1, round(width * self.SCALE))
        scaled = [self._p(x, y) for x, y in points]
        self.draw.line(scaled, fill=fill, width=w)
        for x, y in (scaled[0], scaled[-1]):
            self.draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=fill)

    def arc(
        self,
        centre: Point,
        radius: float,
        angles: tuple[float, float],
        fill: Colour | int,
        width: float,
    ) -> None:
        """An arc with round ends, from one angle to another (radians, clockwise on the page)."""
        w = width * self.SCALE
        points = [self._p(x, y) for x, y in arc_points(centre, radius, angles)]
        self.draw.line(points, fill=fill, width=max(1, round(w)))
        for ex, ey in (points[0], points[-1]):
            self.draw.ellipse((ex - w / 2, ey - w / 2, ex + w / 2, ey + w / 2), fill=fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | int | None = None,
        outline: Colour | int | None = None,
        width: float = 1,
    ) -> None:
        """A circle, filled and/or outlined."""
        x, y = self._p(*centre)
        r = radius * self.SCALE
        w = max(1, round(width * self.SCALE))
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=w)

    def marker(self, seat: int, centre: Point, radius: float, fill: Colour, edge: Colour) -> None:
        """A seat's marker shape, outlined."""
        x, y = self._p(*centre)
        marker(self.draw, seat, x, y, radius * self.SCALE, fill, edge, self.SCALE * 2)

    def small(self, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        """The figure at its size (or its part in `box`, caller's units), in its drawing mode."""
        if box is None:
            return self.image.reduce(self.SCALE)
        x0, y0 = self._p(box[0], box[1])
        x1, y1 = self._p(box[2], box[3])
        return self.image.reduce(self.SCALE, (round(x0), round(y0), round(x1), round(y1)))

    def shrunk(self) -> Image.Image:
        """The figure at its size, in the board palette (to paste, or to keep and paste again)."""
        return quantized(self.small())

    def paste(self, canvas: Canvas, x: int, y: float) -> None:
        """Shrink the figure into the page at (x, y)."""
        put(canvas, self.shrunk(), x + self.left, y + self.top)


def put(canvas: Canvas, figure: Image.Image, x: int, y: float) -> None:
    """A shrunk figure (in the board palette) into the page with its corner at (x, y)."""
    canvas.room(y - canvas.y + figure.height)
    canvas.image.paste(figure, (x, round(y)))
