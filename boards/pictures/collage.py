"""Figures put together from smooth pieces: each dot, line, arc or marker drawn large once, kept
shrunk, and pasted wherever it comes again; a figure like one painted before is repainted only
where it differs."""

# Drawing a whole figure large and shrinking it costs milliseconds even where nothing is drawn;
# a kept piece costs what its ink covers. Where two pieces' soft edges overlap they blend as
# layers rather than as one drawing, which the eye does not tell apart. A move's figure is the
# previous move's with a few pieces more, fewer or changed: only where those lie is it painted.

from __future__ import annotations

import itertools
import math
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from boards.pictures.canvas import PAPER, Colour, quantized, quantized_into
from boards.pictures.page import Figure, Ground, Point, arc_points

PIECES_KEPT = 2048
"""Pieces kept (and as many turned ones), each its strips of ink: a dot or marker about 1 KB, a
long arc up to 20 KB: a full cache holds some 15 MB."""
STRIP = 16
"""Rows of a piece trimmed apart: the strips of a slanting line leave out most of its box."""
STEP = STRIP / 2
"""The longest step between the points a piece's path is given by (an arc's chords are 5)."""
REACH = 1.3
"""How far a marker's shape reaches from its centre, in radii (the star's points)."""
PASTE = 300
"""What one more paste costs, in pixels pasted."""
FIGURES_KEPT = 8
"""Figures kept to repaint others from, each about 0.5 MB: the last moves' of a few games."""
BAND = 32
"""Rows of a figure repainted together where it changed."""
REPAINT = 0.25
"""A figure is repainted from a kept one when what changed covers at most this share of it."""
Box = tuple[int, int, int, int]
Core = Any
"""A Pillow image core (the library gives it no type to name at run time)."""
Strip = tuple[int, int, int, int, Core | None, Core]
"""A piece's strip: its box from the piece's anchor, its colours (None when it is pasted in
one colour) and its coverage."""
Turn = tuple[int, int, int, bool]
"""A pixel corner of the figure, clockwise quarter turns about it, and whether a piece is
mirrored left to right before it is turned."""
TRANSPOSE = {
    (0, True): Image.Transpose.FLIP_LEFT_RIGHT,
    (1, False): Image.Transpose.ROTATE_270,
    (1, True): Image.Transpose.TRANSVERSE,
    (2, False): Image.Transpose.ROTATE_180,
    (2, True): Image.Transpose.FLIP_TOP_BOTTOM,
    (3, False): Image.Transpose.ROTATE_90,
    (3, True): Image.Transpose.TRANSPOSE,
}
"""Pillow's pixel moves for (clockwise quarter turns, mirrored first); Pillow turns the other
way."""


@dataclass(frozen=True, eq=False)
class Piece:
    """An element drawn large and shrunk, as strips of ink around its anchor."""

    strips: tuple[Strip, ...]
    box: Box
    """Where all its strips lie, from its anchor."""
    area: int
    """How many pixels its strips cover."""


Element = tuple[Piece, int, int, Colour | None]
"""A piece on a figure: where its anchor goes, and its colour (None when it has its own)."""
Key = tuple[int, int, int, Colour | None]
"""An element told apart from others: its piece (while the element holds it), place and colour."""


class Collage:
    """A figure at its size put together from kept smooth pieces, in the board palette."""

    def __init__(
        self,
        width: int,
        height: int,
        left: int = 0,
        top: int = 0,
        ground: Image.Image | None = None,
    ) -> None:
        """A figure over x in [left, left+width), y in [top, top+height), on white or `ground`."""
        self.width, self.height, self.left, self.top = width, height, left, top
        self.ground = ground
        self.drawn: list[Element] = []
        """The pieces in the order they are pasted."""
        self._turn: Turn | None = None

    def line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
        """A polyline with round ends, `width` pixels wide."""
        at, moved = self._anchored(points)
        self._add("line", (moved, 255, width), 0, at, fill)

    def arc(
        self, centre: Point, radius: float, angles: tuple[float, float], fill: Colour, width: float
    ) -> None:
        """An arc with round ends, from one angle to another (radians, clockwise on the page)."""
        at, (moved,) = self._anchored([centre])
        self._add("arc", (moved, radius, angles, 255, width), 0, at, fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        """A circle, filled and/or outlined."""
        at, (moved,) = self._anchored([centre])
        if outline is not None and fill not in (None, outline):
            self._add("circle", (moved, radius, fill, outline, width), (*outline, 0), at)
            return
        # One colour: its coverage alone is kept, and serves every colour.
        inked = (None if fill is None else 255, None if outline is None else 255)
        colour = outline if fill is None else fill
        self._add("circle", (moved, radius, *inked, width), 0, at, colour)

    def marker(self, seat: int, centre: Point, radius: float, fill: Colour, edge: Colour) -> None:
        """A seat's marker shape, outlined."""
        at, (moved,) = self._anchored([centre])
        self._add("marker", (seat, moved, radius, fill, edge), (*edge, 0), at)

    @contextmanager
    def turned(self, about: Point, quarters: int, mirrored: bool = False) -> Iterator[None]:
        """Mirror what is drawn inside if asked, then turn it clockwise about a pixel corner."""
        x, y = about[0] - self.left, about[1] - self.top
        if x != round(x) or y != round(y):
            raise ValueError(f"pieces turn about a pixel corner, not {about}")
        self._turn = (round(x), round(y), quarters % 4, mirrored)
        try:
            yield
        finally:
            self._turn = None

    def shrunk(self) -> Image.Image:
        """The figure in the palette, repainted where it differs from a like one, else whole."""
        keys = [(id(piece), x, y, colour) for piece, x, y, colour in self.drawn]
        held = frozenset(keys)
        frame = (self.width, self.height, 0 if self.ground is None else id(self.ground))
        kept = min(PAINTED.like(frame), key=lambda kept: len(kept.held ^ held), default=None)
        regions = None if kept is None else self._changed(kept, keys, held)
        if kept is not None and regions is not None:
            image = self._repainted(kept.image, regions)
        else:
            image = quantized(self.painted())
        PAINTED.keep(Painted(frame, self.ground, self.drawn, keys, held, image))
        return image

    def area(self) -> int:
        """The figure's size in pixels."""
        return self.width * self.height

    def painted(self) -> Image.Image:
        """The whole figure in RGB, painted afresh."""
        return self._painted((0, 0, self.width, self.height), self.drawn)

    def _anchored(self, points: Sequence[Point]) -> tuple[tuple[int, int], tuple[Point, ...]]:
        """The figure's pixel at the first point, and the points from it to a pixel drawn large."""
        # A piece is drawn as it would be in place, and elements at like places share one.
        x0, y0 = math.floor(points[0][0] - self.left), math.floor(points[0][1] - self.top)
        dx, dy, s = self.left + x0, self.top + y0, Figure.SCALE
        moved = tuple((round(s * (x - dx)) / s, round(s * (y - dy)) / s) for x, y in points)
        return (x0, y0), moved

    def _add(
        self,
        shape: str,
        args: tuple[Any, ...],
        ground: Ground,
        at: tuple[int, int],
        colour: Colour | None = None,
    ) -> None:
        """Put an element's kept piece, anchored at `at`, on the figure in its colours."""
        x, y = at
        if self._turn is None:
            piece = _piece(shape, args, ground)
        else:
            cx, cy, quarters, mirrored = self._turn
            piece = _turned(shape, args, ground, (x - cx, y - cy), quarters, mirrored)
            x, y = cx, cy
        self.drawn.append((piece, x, y, colour))

    def _ground(self, region: Box) -> Image.Image:
        """A region of the figure's ground, in RGB, to paint on."""
        if self.ground is None:
            return Image.new("RGB", (region[2] - region[0], region[3] - region[1]), PAPER)
        return self.ground.crop(region)

    def _painted(self, region: Box, drawn: Sequence[Element]) -> Image.Image:
        """A region of the figure in RGB: its ground with the elements pasted in order."""
        image = self._ground(region)
        # Straight to Pillow's image core: a figure pastes a few hundred strips.
        core = image.im
        for piece, x, y, colour in drawn:
            x, y = x - region[0], y - region[1]
            for left, top, right, bottom, ink, coverage in piece.strips:
                box = (x + left, y + top, x + right, y + bottom)
                core.paste(colour if ink is None else ink, box, coverage)
        return image

    def _changed(self, kept: Painted, keys: list[Key], held: frozenset[Key]) -> list[Box] | None:
        """Where this figure differs from a kept one; None past REPAINT or in another order."""
        # Where only pieces both have lie, pasting them in the same order paints the same pixels.
        if [key for key in kept.keys if key in held] != [key for key in keys if key in kept.held]:
            return None
        gone = [e for e, key in zip(kept.drawn, kept.keys, strict=True) if key not in held]
        new = [e for e, key in zip(self.drawn, keys, strict=True) if key not in kept.held]
        changed = [*gone, *new]
        most = REPAINT * self.area()
        if sum(piece.area for piece, *_ in changed) > most:
            return None
        boxes = [
            (x + left, y + top, x + right, y + bottom)
            for piece, x, y, _ in changed
            for left, top, right, bottom, *_ in piece.strips
        ]
        regions = _regions(boxes, self.width, self.height)
        return regions if _sum(regions) <= most else None

    def _repainted(self, before: Image.Image, regions: list[Box]) -> Image.Image:
        """A kept figure with regions painted afresh from this figure's pieces."""
        image = before.copy()
        near = _banded(self.drawn, {region[1] // BAND for region in regions})
        for region in regions:
            x0, y0, x1, y1 = region
            # Pillow's image cores: a move's figure is repainted in a few dozen small regions.
            if self.ground is None:
                core = Image.core.fill("RGB", (x1 - x0, y1 - y0), PAPER)
            else:
                core = self.ground.im.crop(region)
            for left, top, right, bottom, ink, coverage in near[y0 // BAND]:
                if left < x1 and right > x0 and top < y1 and bottom > y0:
                    core.paste(ink, (left - x0, top - y0, right - x0, bottom - y0), coverage)
            quantized_into(image, core, region)
        return image


@dataclass(frozen=True, eq=False)
class Painted:
    """A figure painted before, with what it was painted from."""

    frame: tuple[int, int, int]
    """Its size and ground: a figure is repainted only from one that shares them."""
    ground: Image.Image | None
    """Held, so that the frame's note of it stays its own."""
    drawn: list[Element]
    """Held, so that its keys' notes of pieces stay their own."""
    keys: list[Key]
    held: frozenset[Key]
    image: Image.Image


class Kept:
    """The figures painted last, the most recent first."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._painted: list[Painted] = []
        self._lock = threading.Lock()

    def like(self, frame: tuple[int, int, int]) -> list[Painted]:
        """The kept figures of a frame, the most recent first."""
        with self._lock:
            return [painted for painted in self._painted if painted.frame == frame]

    def keep(self, painted: Painted) -> None:
        """Keep a figure, forgetting the oldest beyond the bound."""
        with self._lock:
            self._painted = [painted, *self._painted][: self.kept]

    def clear(self) -> None:
        """Forget every figure."""
        with self._lock:
            self._painted = []


PAINTED = Kept(FIGURES_KEPT)
"""The figures painted last in this process."""


def _regions(boxes: list[Box], width: int, height: int) -> list[Box]:
    """Boxes on a figure gathered band by band: in each, spans joined where they meet."""
    bands: dict[int, list[Box]] = {}
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
        for band in range(y0 // BAND, (y1 - 1) // BAND + 1) if x0 < x1 and y0 < y1 else ():
            top, bottom = max(y0, band * BAND), min(y1, (band + 1) * BAND)
            bands.setdefault(band, []).append((x0, top, x1, bottom))
    regions: list[Box] = []
    for found in bands.values():
        found.sort()
        x0, y0, x1, y1 = found[0]
        for left, top, right, bottom in found[1:]:
            # A gap narrower than a paste's worth is painted with its neighbours.
            if (left - x1) * (bottom - top) < PASTE:
                x1, y0, y1 = max(x1, right), min(y0, top), max(y1, bottom)
            else:
                regions.append((x0, y0, x1, y1))
                x0, y0, x1, y1 = left, top, right, bottom
        regions.append((x0, y0, x1, y1))
    return regions


def _banded(drawn: list[Element], bands: set[int]) -> dict[int, list[tuple[Any, ...]]]:
    """Each band's strips of every piece, in paste order: box, colours or colour, coverage."""
    near: dict[int, list[tuple[Any, ...]]] = {band: [] for band in bands}
    spans = _spans(bands)
    for piece, x, y, colour in drawn:
        top, bottom = y + piece.box[1], y + piece.box[3]
        if not any(low < bottom and high > top for low, high in spans):
            continue
        for left, top, right, bottom, ink, coverage in piece.strips:
            strip = (x + left, y + top, x + right, y + bottom, colour if ink is None else ink)
            for band in range((y + top) // BAND, (y + bottom - 1) // BAND + 1):
                if band in near:
                    near[band].append((*strip, coverage))
    return near


def _spans(bands: set[int]) -> list[tuple[int, int]]:
    """The rows of a figure that runs of neighbouring bands cover."""
    spans: list[tuple[int, int]] = []
    for band in sorted(bands):
        if spans and spans[-1][1] == band * BAND:
            spans[-1] = (spans[-1][0], (band + 1) * BAND)
        else:
            spans.append((band * BAND, (band + 1) * BAND))
    return spans


def _sum(regions: list[Box]) -> int:
    """The area regions cover (counting twice where they overlap)."""
    return sum(_area(region) for region in regions)


@lru_cache(maxsize=PIECES_KEPT)
def _piece(shape: str, args: tuple[Any, ...], ground: Ground) -> Piece:
    """One element drawn large around its anchor (a Figure method and its arguments), shrunk."""
    points, spread = _extent(shape, args)
    box = _bounds(points, spread)
    figure = Figure(box[2] - box[0], box[3] - box[1], box[0], box[1], ground)
    getattr(figure, shape)(*args)
    cuts = _strips(points, spread, box)
    if sum(_area(cut) + PASTE for cut in cuts) >= _area(box) + PASTE:
        cuts = [box]
    return _pieced([strip for cut in cuts for strip in _parts(figure, cut)])


@lru_cache(maxsize=PIECES_KEPT)
def _turned(
    shape: str,
    args: tuple[Any, ...],
    ground: Ground,
    offset: tuple[int, int],
    quarters: int,
    mirrored: bool,
) -> Piece:
    """A kept piece anchored at `offset` from a pixel corner, mirrored and turned about it."""
    strips = [_moved(strip, offset) for strip in _piece(shape, args, ground).strips]
    if (quarters, mirrored) == (0, False):
        return _pieced(strips)
    move = TRANSPOSE[quarters, mirrored]
    turned = []
    for left, top, right, bottom, ink, coverage in strips:
        xs, ys = zip(
            *(_turn_point(x, y, quarters, mirrored) for x in (left, right) for y in (top, bottom)),
            strict=True,
        )
        ink = None if ink is None else ink.transpose(move)
        turned.append((min(xs), min(ys), max(xs), max(ys), ink, coverage.transpose(move)))
    return _pieced(turned)


def _pieced(strips: list[Strip]) -> Piece:
    """A piece of these strips."""
    if not strips:
        return Piece((), (0, 0, 0, 0), 0)
    box = (
        min(strip[0] for strip in strips),
        min(strip[1] for strip in strips),
        max(strip[2] for strip in strips),
        max(strip[3] for strip in strips),
    )
    return Piece(tuple(strips), box, sum(_area(strip[:4]) for strip in strips))


def _moved(strip: Strip, offset: tuple[int, int]) -> Strip:
    """A strip with its box moved by offset."""
    left, top, right, bottom, ink, coverage = strip
    dx, dy = offset
    return (left + dx, top + dy, right + dx, bottom + dy, ink, coverage)


def _turn_point(x: int, y: int, quarters: int, mirrored: bool) -> tuple[int, int]:
    """A point about the origin mirrored left to right if asked, then turned clockwise."""
    if mirrored:
        x = -x
    for _ in range(quarters):
        # On the page y grows downwards: a clockwise quarter turn takes right to down.
        x, y = -y, x
    return x, y


def _extent(shape: str, args: tuple[Any, ...]) -> tuple[list[Point], float]:
    """Points along an element's ink, STEP apart at most, and how far from them it reaches."""
    if shape == "line":
        return _steps(args[0]), args[2] / 2
    if shape == "arc":
        return arc_points(*args[:3]), args[4] / 2
    if shape == "circle":
        return [args[0]], args[1]
    return [args[1]], args[2] * REACH


def _steps(points: Sequence[Point]) -> list[Point]:
    """A path's points with more between them, so that no step is longer than STEP."""
    out = [points[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / STEP))
        out += [(ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(1, n + 1)]
    return out


def _bounds(points: Sequence[Point], spread: float) -> Box:
    """The box, in whole pixels, of everything within `spread` of the points."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (
        math.floor(min(xs) - spread) - 1,
        math.floor(min(ys) - spread) - 1,
        math.ceil(max(xs) + spread) + 1,
        math.ceil(max(ys) + spread) + 1,
    )


def _strips(points: Sequence[Point], spread: float, box: Box) -> list[Box]:
    """Each STRIP rows of a piece's box, cut to where its ink can be: near its points."""
    # Ink lies within `spread` of a step, so within half a step more of one of its points.
    left, top, right, bottom = box
    reach = spread + STEP / 2 + 1
    spans: dict[int, list[float]] = {}
    for x, y in points:
        for row in range(int((y - reach - top) // STRIP), int((y + reach - top) // STRIP) + 1):
            span = spans.get(row)
            if span is None:
                spans[row] = [x, x]
            elif x < span[0]:
                span[0] = x
            elif x > span[1]:
                span[1] = x
    return [
        (
            max(left, math.floor(lo - reach)),
            top + row * STRIP,
            min(right, math.ceil(hi + reach)),
            min(bottom, top + (row + 1) * STRIP),
        )
        for row, (lo, hi) in sorted(spans.items())
        if row >= 0 and top + row * STRIP < bottom
    ]


def _parts(figure: Figure, box: Box) -> list[Strip]:
    """A piece's shrunk figure in a box, cut to its inked rows and runs of inked columns."""
    # Pillow's image cores: a long arc is a few dozen parts, each a handful of steps.
    part = figure.small(box).im
    coverage = part if part.mode == "L" else part.getband(3)
    columns, rows = coverage.getprojection()
    if 1 not in rows:
        return []
    top, bottom = rows.index(1), len(rows.rstrip(b"\0"))
    runs: list[list[int]] = []
    for start, end in (match.span() for match in re.finditer(b"\x01+", columns)):
        # A gap is left out when that saves more than the extra paste costs.
        if runs and (start - runs[-1][1]) * (bottom - top) < PASTE:
            runs[-1][1] = end
        else:
            runs.append([start, end])
    strips = []
    for start, end in runs:
        cut = (start, top, end, bottom)
        ink = None if part.mode == "L" else part.crop(cut).convert("RGB", 0)
        x, y = box[0], box[1]
        strips.append((x + start, y + top, x + end, y + bottom, ink, coverage.crop(cut)))
    return strips


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])
