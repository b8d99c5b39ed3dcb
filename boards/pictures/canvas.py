"""What every board picture shares: sizes, palette, fonts, member text, markers and PNG."""

from __future__ import annotations

import bisect
import math
import struct
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from boards.words import N_, Translate, same
from rules.base import name_of, printable

WIDTH = 1000
MARGIN = 44
INNER = WIDTH - 2 * MARGIN
TITLE, BODY, SMALL = 38, 27, 23
"""Type sizes in pixels; a phone shows the picture at about a third of its size."""
LINE = 40
"""The height of a line of body text."""

Colour = tuple[int, int, int]
PAPER: Colour = (255, 255, 255)
INK: Colour = (30, 30, 30)
MUTED: Colour = (105, 105, 105)
FAINT: Colour = (214, 214, 214)
SHADE: Colour = (242, 242, 242)
SPOT: Colour = (255, 236, 140)
"""The background of what a viewer alone sees, and of what just happened."""


def _rgb(code: str) -> Colour:
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


PLAYER_COLOURS: tuple[Colour, ...] = tuple(
    map(
        _rgb,
        ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"),
    )
)
"""Okabe–Ito, seat by seat: the strongest on white first, yellow (weakest on white) last."""
SHAPES = ("circle", "square", "triangle", "diamond", "nabla", "star", "plus", "cross")
"""Each seat's marker shape, so that no player is told apart by colour alone."""

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
FACES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "mono": "DejaVuSansMono.ttf"}
REPLACEMENT = "\ufffd"
LONGEST = 200
"""Member text beyond this many characters is not looked at."""


@cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped DejaVu face at a size, laid out without a shaping library (same everywhere)."""
    path = str(FONT_DIR / FACES[face])
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def text_width(text: str, face: str, size: int) -> float:
    """How wide text is drawn, in pixels (boards measure the same labels again and again)."""
    return font(face, size).getlength(text)


@cache
def _coverage(face: str) -> tuple[list[int], list[int]]:
    """The starts and ends of the code point ranges a face has glyphs for (its cmap)."""
    data = (FONT_DIR / FACES[face]).read_bytes()
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    cmap = tables[b"cmap"]
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        sub = cmap + offset
        # Every shipped face has a full Unicode table in format 12: groups of code points.
        if (platform, encoding) == (3, 10) and struct.unpack_from(">H", data, sub)[0] == 12:
            groups = struct.unpack_from(">I", data, sub + 12)[0]
            spans = [struct.unpack_from(">III", data, sub + 16 + 12 * g) for g in range(groups)]
            return [s[0] for s in spans], [s[1] for s in spans]
    raise ValueError(f"{FACES[face]} has no format-12 Unicode cmap")


def has_glyph(face: str, char: str) -> bool:
    """True when the face can draw this character."""
    starts, ends = _coverage(face)
    i = bisect.bisect_right(starts, ord(char)) - 1
    return i >= 0 and ord(char) <= ends[i]


def drawable(text: str, face: str = "bold") -> str:
    """Member text the face can draw: printable, each run of characters it lacks one U+FFFD."""
    out: list[str] = []
    # No name is ever shown longer than this, and a huge one should cost nothing.
    for char in printable(text[:LONGEST]):
        if has_glyph(face, char):
            out.append(char)
        elif not out or out[-1] != REPLACEMENT:
            out.append(REPLACEMENT)
    return "".join(out)


def fit(text: str, face: str, size: int, width: float) -> str:
    """Text cut with an ellipsis so that it is at most `width` pixels long."""
    if text_width(text, face, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + "…", face, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def contrast_ink(colour: Colour) -> Colour:
    """Black or white, whichever reads better on this colour (WCAG contrast)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = map(channel, colour)
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else PAPER


def blend(colour: Colour, into: Colour, share: float) -> Colour:
    """`share` of colour over `into` (a tint when `into` is white)."""
    return tuple(round(c * share + d * (1 - share)) for c, d in zip(colour, into, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class Player:
    """A seat as the legend shows it."""

    seat: int
    name: str
    score: str
    note: str = ""
    """A short word after the score: "to move", "you", "left"."""
    faded: bool = False

    @property
    def colour(self) -> Colour:
        """The seat's colour."""
        return PLAYER_COLOURS[self.seat % len(PLAYER_COLOURS)]


def players(
    names: Sequence[str],
    scores: Sequence[object],
    view: Mapping[str, Any],
    to_move: Iterable[int] = (),
    notes: Mapping[int, str] | None = None,
    left: Iterable[int] = (),
    t: Translate = same,
) -> list[Player]:
    """Each seat with its name (or P1, P2, ...), its score and what to say of it (notes
    already translated)."""
    said: dict[int, list[str]] = {seat: [] for seat in range(len(scores))}
    for seat, note in (notes or {}).items():
        said[seat].append(note)
    for seat in to_move:
        said[seat].append(t(N_("to move")))
    if view.get("viewer") is not None:
        said[view["viewer"]].append(t(N_("you")))
    gone = set(left)
    return [
        Player(seat, name_of(names, seat), str(score), " · ".join(said[seat]), seat in gone)
        for seat, score in enumerate(scores)
    ]


def seat_name(names: Sequence[str], seat: int, width: float = 320, face: str = "sans") -> str:
    """A seat's name as member text is safe to draw: drawable, and cut to `width` pixels."""
    return fit(drawable(name_of(names, seat), face), face, BODY, width)


TINT = 0.22
"""How much of a player's colour a cell's background takes."""


def _key_colours() -> list[Colour]:
    return [PAPER, INK, MUTED, FAINT, SHADE, SPOT, *PLAYER_COLOURS, *_tints()]


def _tints() -> list[Colour]:
    return [blend(c, PAPER, TINT) for c in PLAYER_COLOURS]


@cache
def _palette() -> Image.Image:
    """The colours a board is made of, with the blends that smooth edges produce."""
    keys = _key_colours()
    entries = dict.fromkeys(keys)
    for ink in (INK, MUTED, FAINT, *PLAYER_COLOURS):
        for step in range(1, 8):
            entries[blend(ink, PAPER, step / 8)] = None
    for ground in (SHADE, SPOT, *_tints()):
        for step in range(1, 4):
            entries[blend(INK, ground, step / 4)] = None
    for colour in PLAYER_COLOURS:
        for step in range(1, 4):
            entries[blend(INK, colour, step / 4)] = None
    colours = list(entries)[:256]
    # Pillow looks colours up in boxes of nearby values, so a blend next to a key colour can
    # take its place: drop such blends until every key colour maps to itself.
    probe = Image.new("RGB", (len(keys), 1))
    probe.putdata(keys)
    while True:
        image = Image.new("P", (1, 1))
        flat = [v for colour in colours for v in colour]
        image.putpalette(flat + [0] * (768 - len(flat)))
        # A palette image holds one byte per pixel: the index of its colour.
        got = probe.quantize(palette=image, dither=Image.Dither.NONE).tobytes()
        found = [colours[i] for i in got]
        thieves = {entry for entry, key in zip(found, keys, strict=True) if entry != key}
        if not thieves:
            return image
        colours = [c for c in colours if c not in thieves]


BAND = 16
"""Rows of a picture compressed as one piece, and kept to be reused."""
BANDS_KEPT = 1024
"""Compressed bands kept: each with its pixels (at most 16 KB), so at most about 17 MB."""
LEVEL = 1
"""The deflate level (ISA-L's): at 1 a band packs 7% smaller than at zlib's fastest, and in half
the time; at 0, four times faster than zlib, it packs a third larger."""
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEAD = b"\x78\x01"
"""A zlib stream's header: deflate, a 32 KB window, the fastest level named."""
_ADLER = 65521
_LAST_BLOCK = b"\x03\x00"
"""An empty final deflate block: the bands before it end on byte boundaries."""


def quantized(image: Image.Image) -> Image.Image:
    """An RGB image in the board palette, each pixel its nearest colour."""
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def quantized_into(page: Image.Image, rgb: Any, box: tuple[int, int, int, int]) -> None:
    """An RGB image core into a box of a palette page, each pixel its nearest board colour."""
    # Straight to Pillow's image cores: a figure repainted where a move changed it pastes a few
    # dozen such parts, and the image wrappers would cost more than their pixels.
    page.im.paste(rgb.convert("P", Image.Dither.NONE, _palette().im), box)


def blank(width: int, height: int) -> Image.Image:
    """A white page in the board palette."""
    # One byte a pixel: a quarter of the memory an RGB page fills, crops and quantizes.
    page = Image.new("P", (width, height), index_of(PAPER))
    page.putpalette(_palette().getpalette() or [])
    return page


@lru_cache(maxsize=4096)
def index_of(colour: Colour) -> int:
    """The palette entry a colour is drawn as (its nearest, as the RGB picture would get)."""
    return quantized(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def _ramp(ink: Colour, ground: int) -> list[int]:
    """For each coverage 0..255 of ink over a palette entry, the entry the blend is drawn as."""
    entries = _palette().getpalette() or []
    strip = Image.new("RGB", (256, 1), tuple(entries[3 * ground : 3 * ground + 3]))
    strip.paste(ink, (0, 0, 256, 1), Image.frombytes("L", (256, 1), bytes(range(256))))
    return list(quantized(strip).tobytes())


class PaletteDraw(ImageDraw.ImageDraw):
    """Drawing on a palette page: colours as an RGB page would quantize them, text blended."""

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if isinstance(ink, tuple):
            ink = index_of(ink)
        if isinstance(fill, tuple):
            fill = index_of(fill)
        return super()._getink(ink, fill)

    def rounded_rectangle(  # type: ignore[override]
        self,
        xy: tuple[float, float, float, float],
        radius: float = 0,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: int = 1,
    ) -> None:
        """A rounded rectangle as Pillow draws it, stamped from one drawn before."""
        # Pillow draws one from a dozen Python calls; boards draw the same few sizes again.
        x0, y0, x1, y1 = xy
        left, top, w, h = round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0)
        # Pillow's corner size, from the unrounded corners; a stamp drawn at (0, 0) with it
        # is the same unless the shape is a circle (drawn from the unrounded corners).
        d = min(x1 - x0, y1 - y0, radius * 2)
        full_x = d >= w - 1
        full_y = (w if full_x else d) >= h - 1
        if not 0 < d <= min(w, h) or (full_x and full_y):
            super().rounded_rectangle(xy, radius, fill, outline, width)
            return
        radius = d / 2
        stamp, shape = _rounded(w, h, radius, fill, outline, width)
        self._image.im.paste(stamp.im, (left, top, left + w + 1, top + h + 1), shape.im)

    def stamp(self, xy: tuple[int, int], mask: Image.Image, colour: Colour) -> None:
        """Blend `colour` through an "L" mask whose corner goes at xy."""
        page = self._image
        x, y = xy
        width, height = mask.size
        box = (x, y, x + width, y + height)
        if x < 0 or y < 0 or box[2] > page.width or box[3] > page.height:
            box = (max(0, x), max(0, y), min(page.width, box[2]), min(page.height, box[3]))
            if box[0] >= box[2] or box[1] >= box[3]:
                return
            mask = mask.crop((box[0] - x, box[1] - y, box[2] - x, box[3] - y))
        # Pillow's image cores: these small steps run once for every text on the page.
        core = page.im
        low, high = core.crop(box).getextrema()
        if low == high:
            # On one colour, a coverage maps straight to an entry.
            core.paste(mask.im.point(_ramp(colour, low), "P"), box)
            return
        rgb = page.crop(box).convert("RGB")
        rgb.paste(colour, (0, 0, *rgb.size), mask)
        page.paste(quantized(rgb), box)


@lru_cache(maxsize=1024)
def _rounded(
    width: int,
    height: int,
    radius: float,
    fill: Colour | None,
    outline: Colour | None,
    line: int,
) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle from (0, 0) to (width, height) in the board palette, and its shape."""
    stamp = blank(width + 1, height + 1)
    box = (0, 0, width, height)
    ImageDraw.ImageDraw.rounded_rectangle(PaletteDraw(stamp), box, radius, fill, outline, line)
    shape = Image.new("L", stamp.size)
    ink = None if fill is None else 255
    edge = None if outline is None else 255
    ImageDraw.Draw(shape).rounded_rectangle(box, radius, ink, edge, line)
    return stamp, shape


def write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: str,
    size: int,
    fill: Colour,
    anchor: str,
) -> None:
    """Text drawn as Pillow draws it, on an RGB image or a palette page."""
    if not isinstance(draw, PaletteDraw):
        draw.text(xy, text, font=font(face, size), fill=fill, anchor=anchor)
        return
    x, y = xy
    mask, (dx, dy) = text_mask(text, face, size, anchor, (math.modf(x)[0], math.modf(y)[0]))
    draw.stamp((int(x) + dx, int(y) + dy), mask, fill)


LINES_KEPT = 512
"""Texts laid out and kept for the next picture: at most about 30 KB each, so 15 MB."""


@lru_cache(maxsize=LINES_KEPT)
def text_mask(
    text: str, face: str, size: int, anchor: str, start: tuple[float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    """A line's antialiased mask and offset, as Pillow draws it from that pixel fraction."""
    # Titles, sentences and names come back move after move; laying them out is most of the
    # cost of text, and the same start fraction gives the same pixels as drawing afresh.
    mask, offset = font(face, size).getmask2(text, "L", anchor=anchor, start=start)
    return Image.Image()._new(mask), offset


def png(image: Image.Image) -> bytes:
    """PNG bytes in palette mode: a board has few colours, and this keeps it small."""
    # A fixed palette is five times faster than an adaptive one and keeps the exact colours.
    return palette_png(quantized(image))


def palette_png(image: Image.Image, height: int | None = None) -> bytes:
    """A palette image's top `height` rows as PNG bytes, from bands compressed apart and kept."""
    # Pictures of one game share most of their rows (white space, the heading, the parts a move
    # did not change), and a band compressed on its own can be copied into any picture.
    width, height = image.width, height or image.height
    # Each row of a PNG starts with its filter, 0 (none): a crop from x = -1 adds a column of
    # zeros on the left.
    raw = image.crop((-1, 0, width, height)).tobytes()
    step = (width + 1) * BAND
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    out = [_SIGNATURE, _chunk(b"IHDR", header), _plte(image), b"", b"IDAT", _ZLIB_HEAD]
    crc = isal_zlib.crc32(_ZLIB_HEAD, isal_zlib.crc32(b"IDAT"))
    length = len(_ZLIB_HEAD)
    a, b = 1, 0
    for i in range(0, len(raw), step):
        packed, a2, b2, size = BANDS.deflated(raw[i : i + step])
        out.append(packed)
        crc = isal_zlib.crc32(packed, crc)
        length += len(packed)
        # The stream's Adler-32 from its bands' (zlib's adler32_combine).
        a, b = (a + a2 - 1) % _ADLER, (b + b2 + size * (a - 1)) % _ADLER
    tail = _LAST_BLOCK + (b << 16 | a).to_bytes(4, "big")
    crc = isal_zlib.crc32(tail, crc)
    # The IDAT chunk is written in pieces: its length first, its checksum after the pieces.
    out[3] = struct.pack(">I", length + len(tail))
    out += [tail, struct.pack(">I", crc), _chunk(b"IEND", b"")]
    return b"".join(out)


def _plte(image: Image.Image) -> bytes:
    """The PLTE chunk of a palette image: all 256 entries."""
    colours = image.palette.tobytes() if image.palette is not None else b""
    return _chunk(b"PLTE", colours.ljust(768, b"\x00")[:768])


class Bands:
    """Compressed bands of rows, the most recently used kept, found by a sample of their bytes."""

    # Hashing every byte of a band costs more than compressing the bands a move changed; a
    # sample finds the candidates and a whole comparison (memcmp) decides.

    SAMPLE = 17
    """Every this many bytes of a band make its key."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.hits = self.misses = self.size = 0
        self._found: OrderedDict[bytes, list[tuple[bytes, Packed]]] = OrderedDict()
        self._lock = threading.Lock()

    def deflated(self, band: bytes) -> Packed:
        """A band as self-contained deflate blocks, the halves of its Adler-32 and its length."""
        key = band[:: self.SAMPLE]
        with self._lock:
            same = self._found.get(key, ())
            for kept, packed in same:
                if kept == band:
                    self._found.move_to_end(key)
                    self.hits += 1
                    return packed
        packer = isal_zlib.compressobj(LEVEL, isal_zlib.DEFLATED, -15)
        check = isal_zlib.adler32(band)
        data = packer.compress(band) + packer.flush(isal_zlib.Z_SYNC_FLUSH)
        packed = (data, check & 0xFFFF, check >> 16, len(band))
        with self._lock:
            self.misses += 1
            self._found.setdefault(key, []).append((band, packed))
            self._found.move_to_end(key)
            self.size += 1
            while self.size > self.kept:
                _, dropped = self._found.popitem(last=False)
                self.size -= len(dropped)
        return packed

    def clear(self) -> None:
        """Forget every band."""
        with self._lock:
            self._found.clear()
            self.hits = self.misses = self.size = 0


Packed = tuple[bytes, int, int, int]
BANDS = Bands(BANDS_KEPT)
"""The bands of every picture drawn in this process."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", isal_zlib.crc32(kind + data))
    )


def shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a marker shape of radius r around (x, y)."""

    def ring(count: int, start: float, radii: Sequence[float]) -> list[tuple[float, float]]:
        return [
            (
                x + radii[i % len(radii)] * math.cos(start + 2 * math.pi * i / count),
                y + radii[i % len(radii)] * math.sin(start + 2 * math.pi * i / count),
            )
            for i in range(count)
        ]

    up = -math.pi / 2
    if shape == "square":
        return ring(4, math.pi / 4, [r * 1.1])
    if shape == "triangle":
        return ring(3, up, [r * 1.25])
    if shape == "diamond":
        return ring(4, up, [r * 1.25])
    if shape == "nabla":
        return ring(3, -up, [r * 1.25])
    if shape == "star":
        return ring(10, up, [r * 1.3, r * 0.62])
    arm = r * 0.42
    plus = [(-arm, -r), (arm, -r), (arm, -arm), (r, -arm), (r, arm), (arm, arm), (arm, r)]
    plus += [(-arm, r), (-arm, arm), (-r, arm), (-r, -arm), (-arm, -arm)]
    if shape == "plus":
        return [(x + dx * 1.1, y + dy * 1.1) for dx, dy in plus]
    turn = math.sqrt(0.5) * 1.15
    return [(x + (dx - dy) * turn, y + (dx + dy) * turn) for dx, dy in plus]


def _polygon(
    draw: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    fill: Colour,
    edge: Colour,
    width: int,
) -> None:
    """A filled polygon with its outline inside it, drawn on the piece of the image it covers."""
    # Pillow masks a wide outline with a 1-bit copy of the whole image: a page for each marker.
    image = draw._image
    left = math.floor(min(p[0] for p in points)) - width - 2
    top = math.floor(min(p[1] for p in points)) - width - 2
    right = math.ceil(max(p[0] for p in points)) + width + 3
    bottom = math.ceil(max(p[1] for p in points)) + width + 3
    inside = left >= 0 and top >= 0 and right <= image.width and bottom <= image.height
    if inside and isinstance(draw, PaletteDraw):
        # A move list draws a marker for every move: the same shapes at the same pixel
        # fractions, drawn once and stamped.
        shifted = tuple((px - left, py - top) for px, py in points)
        piece, mask = _polygon_stamp(shifted, right - left, bottom - top, fill, edge, width)
        image.im.paste(piece.im, (left, top, right, bottom), mask.im)
        return
    left, top = max(0, left), max(0, top)
    right, bottom = min(image.width, right), min(image.height, bottom)
    if left >= right or top >= bottom:
        return
    piece = image.crop((left, top, right, bottom))
    on = PaletteDraw(piece) if isinstance(draw, PaletteDraw) else ImageDraw.Draw(piece)
    on.polygon([(px - left, py - top) for px, py in points], fill=fill, outline=edge, width=width)
    image.paste(piece, (left, top))


POLYGONS_KEPT = 256
"""Polygons kept to be stamped again: each a few KB."""


@lru_cache(maxsize=POLYGONS_KEPT)
def _polygon_stamp(
    points: tuple[tuple[float, float], ...],
    width: int,
    height: int,
    fill: Colour,
    edge: Colour,
    line: int,
) -> tuple[Image.Image, Image.Image]:
    """A polygon drawn on a palette piece, and the mask of the pixels it wrote."""
    inks = {index_of(fill), index_of(edge)}
    # A ground neither ink is drawn in: the pixels written are exactly those not in it.
    ground = next(i for i in range(256) if i not in inks)
    piece = blank(width, height)
    piece.paste(ground, (0, 0, width, height))
    PaletteDraw(piece).polygon(list(points), fill=fill, outline=edge, width=line)
    mask = Image.Image()._new(piece.im.point([0 if i == ground else 255 for i in range(256)], "L"))
    return piece, mask


NUMBER_SIZES = {"triangle": 0.85, "nabla": 0.85, "star": 0.8}
"""A numbered marker's type size in radii, where its inner circle is smaller than most."""


def marker(
    draw: ImageDraw.ImageDraw,
    seat: int,
    x: float,
    y: float,
    r: float,
    fill: Colour,
    edge: Colour,
    width: float,
    number: bool = False,
) -> None:
    """A seat's marker shape (and, when large, its seat number inside)."""
    shape = SHAPES[seat % len(SHAPES)]
    w = max(1, round(width))
    if number and shape != "circle":
        # A numbered marker sits in a seat's pill: each shape spans no more height than the
        # circle, centred by its outline, and its number goes at its middle (a triangle's is
        # nearer its base than its tip), inside its inner circle.
        ys = [py for _, py in shape_points(shape, 0, 0, 1)]
        r *= min(1.0, 2 / (max(ys) - min(ys)))
        y -= (max(ys) + min(ys)) / 2 * r
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=edge, width=w)
    else:
        _polygon(draw, shape_points(shape, x, y, r), fill, edge, w)
    if number:
        size = round(r * NUMBER_SIZES.get(shape, 1.15))
        write(draw, (x, y), str(seat + 1), "bold", size, edge, "mm")
