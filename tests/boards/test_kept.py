"""What drawing keeps between pictures changes no picture: keyed fully, never drawn on."""

from __future__ import annotations

import io
import math
import random
from typing import Any

import pytest
from PIL import Image

from boards.pictures import arcs_and_marks, canvas, collage, labyrinthine_loop, page, picture
from boards.samples import play
from rules import GAMES
from tests.boards.helpers import NAMES, decode

KEPT = (
    canvas.text_mask,
    canvas._ramp,
    canvas._rounded,
    canvas._polygon_stamp,
    canvas.index_of,
    page._text_stamp,
    page._box_stamp,
    arcs_and_marks._circle,
    arcs_and_marks._ground,
    labyrinthine_loop._dots,
    collage._piece,
    collage._turned,
)
"""Every cache of the pictures whose entries are images or image parts (and BANDS, and the
figures painted last)."""
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "numbers-to-number": (2, {"m": 6}),
    "numerical-cards": (3, {"m": 12}),
    "lengths-of-lengths": (3, {"n": 12}),
    "binary-scramble": (3, {"length": 9}),
    "labyrinthine-loop": (2, {"n": 6}),
    "integer-sequence": (2, {"n": 12}),
    "arcs-and-marks": (3, {"m": 12}),
}


def forget() -> None:
    """Empty every cache of the pictures."""
    for kept in KEPT:
        kept.cache_clear()
    canvas.BANDS.clear()
    collage.PAINTED.clear()


def quoted(message: str) -> str:
    """A stand-in translation: other words (the same fields) in the same places."""
    return f"«{message}»"


def pixels(png: bytes) -> bytes:
    """A picture's RGB pixels, with its size."""
    image = decode(png)
    return repr(image.size).encode() + image.tobytes()


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_a_picture_is_the_same_drawn_fresh_or_from_kept_parts(slug: str) -> None:
    """Every view has the same pixels drawn with caches warm or empty, in each language."""
    players, options = TABLES[slug]
    states = play(slug, players, options, seed=4)
    views = [
        GAMES[slug].view(state, viewer)
        for state in states[:: max(1, len(states) // 8)]
        for viewer in (None, players - 1)
    ]
    names = NAMES[:players]
    warm = [picture(slug, view, names, t=t) for t in (quoted, str) for view in views]
    cold = []
    for t in (quoted, str):
        for view in views:
            forget()
            cold.append(picture(slug, view, names, t=t))
    assert [pixels(p) for p in warm] == [pixels(p) for p in cold]
    # The words drawn follow the language even where the rest of the picture is kept.
    assert pixels(warm[0]) != pixels(warm[len(views)])


@pytest.mark.parametrize(
    ("slug", "module", "name"),
    [
        ("arcs-and-marks", arcs_and_marks, "_circle"),
        ("labyrinthine-loop", labyrinthine_loop, "_dots"),
    ],
)
def test_kept_circles_and_grids_are_never_drawn_on(
    slug: str, module: Any, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A state's kept circle or dot grid is reused for its other viewers and never changed."""
    forget()
    kept = getattr(module, name)
    given: list[Image.Image] = []

    def noting(*args: Any) -> Image.Image:
        given.append(kept(*args))
        return given[-1]

    monkeypatch.setattr(module, name, noting)
    players, options = TABLES[slug]
    state = play(slug, players, options, seed=1)[-2]
    names = NAMES[:players]
    first = picture(slug, GAMES[slug].view(state, None), names)
    before = given[0].tobytes()
    for viewer in (0, players - 1):
        picture(slug, GAMES[slug].view(state, viewer), names)
    assert pixels(picture(slug, GAMES[slug].view(state, None), names)) == pixels(first)
    assert all(image is given[0] for image in given)
    assert given[0].tobytes() == before
    assert kept.cache_info().hits == len(given) - 1


def test_circles_of_different_sizes_or_rounds_are_kept_apart() -> None:
    """Two mark counts or rounds never share a kept circle, nor two grid sizes a kept grid."""
    forget()
    empty = {m: arcs_and_marks._circle(m, (), (), None).tobytes() for m in (12, 24)}
    assert empty[12] != empty[24]
    one = arcs_and_marks._circle(12, ((0, 2, 0),), (2,), (2, 1)).tobytes()
    assert one not in empty.values()
    grids = {n: labyrinthine_loop._dots(n, (-1,) * (n * n), (), (), (), ()).size for n in (5, 6, 8)}
    assert len(set(grids.values())) == 3


def test_cells_and_text_are_kept_apart_by_colour_and_place() -> None:
    """A cell or line of text kept in one colour or pixel fraction is not reused for another."""
    forget()
    ink = page._box_stamp(60, 40, "7", canvas.PAPER, canvas.INK, 27, "mono", canvas.INK, 2)
    spot = page._box_stamp(60, 40, "7", canvas.SPOT, canvas.INK, 27, "mono", canvas.INK, 2)
    assert ink[0].tobytes() != spot[0].tobytes()
    whole = canvas.text_mask("Round 3 of 5", "sans", 27, "la", (0.0, 0.0))
    half = canvas.text_mask("Round 3 of 5", "sans", 27, "la", (0.5, 0.0))
    assert whole[0].tobytes() != half[0].tobytes()
    assert canvas._ramp(canvas.INK, 0) != canvas._ramp(canvas.MUTED, 0)
    plain = canvas._rounded(80, 40, 8, canvas.PAPER, canvas.MUTED, 2)
    lit = canvas._rounded(80, 40, 8, canvas.SPOT, canvas.INK, 2)
    hollow = canvas._rounded(80, 40, 8, None, canvas.INK, 2)
    assert plain[0].tobytes() != lit[0].tobytes()
    assert hollow[1].tobytes() != lit[1].tobytes()


def test_bands_are_kept_by_their_pixels_and_the_png_decodes_to_them() -> None:
    """Pictures reuse shared compressed bands and each decodes to its pixels, at any height."""
    forget()
    for height in (1, 15, 16, 17, 200, 333):
        image = canvas.blank(300, height)
        image.paste(7, (10, 0, 20, height))
        image.paste(height % 200, (0, height // 2, 300, height // 2 + 1))
        png = canvas.palette_png(image)
        with Image.open(io.BytesIO(png)) as back:
            back.load()
            assert back.mode == "P" and back.size == image.size
            assert back.tobytes() == image.tobytes()
    assert canvas.BANDS.hits > 0


def test_bands_that_differ_between_their_sampled_bytes_are_told_apart() -> None:
    """Pages that differ only in a byte the band sample skips each decode to their own pixels."""
    forget()
    width = canvas.Bands.SAMPLE * 4 - 1
    pages = []
    for ink in (0, 5, 9):
        image = canvas.blank(width, 16)
        # Byte 1 + x of the first filtered row: x = 2 is never a sampled byte.
        image.putpixel((2, 0), ink)
        pages.append(image)
    for image in pages:
        with Image.open(io.BytesIO(canvas.palette_png(image))) as back:
            back.load()
            assert back.tobytes() == image.tobytes()
    assert canvas.BANDS.misses == 3 and canvas.BANDS.hits == 0


def test_a_page_taller_than_its_picture_is_cut_at_the_height_given() -> None:
    """Only the top rows named are in the PNG."""
    image = canvas.blank(120, 90)
    image.paste(3, (0, 40, 120, 50))
    with Image.open(io.BytesIO(canvas.palette_png(image, 45))) as back:
        back.load()
        assert back.size == (120, 45)
        assert back.tobytes() == image.crop((0, 0, 120, 45)).tobytes()


def drawn_on_its_piece(
    sheet: Image.Image, points: list[tuple[float, float]], fill: canvas.Colour, width: int
) -> None:
    """A polygon drawn as Pillow draws it, on the piece of the sheet its corners' box covers."""
    left = max(0, math.floor(min(x for x, _ in points)) - width - 2)
    top = max(0, math.floor(min(y for _, y in points)) - width - 2)
    piece = sheet.crop((left, top, sheet.width, sheet.height))
    shifted = [(x - left, y - top) for x, y in points]
    canvas.PaletteDraw(piece).polygon(shifted, fill=fill, outline=canvas.INK, width=width)
    sheet.paste(piece, (left, top))


def test_a_marker_stamped_is_the_marker_drawn() -> None:
    """Markers stamped from kept ones have the pixels drawn afresh, over two grounds and at the
    page's edges (where they are not stamped), and write nothing around their shape."""
    forget()
    rng = random.Random(3)
    for shape in canvas.SHAPES[1:]:
        for _ in range(40):
            r = rng.choice([8, 9, 11, 13, 14.5, 20])
            x = rng.randrange(0, 120) + rng.choice([0, 0.25, 0.5, 1 / 3])
            y = rng.randrange(0, 120) + rng.choice([0, 0.5, 0.7])
            fill = rng.choice([canvas.PAPER, *canvas.PLAYER_COLOURS])
            width = rng.choice([1, 2, 3])
            points = canvas.shape_points(shape, x, y, r)
            # Twice: drawn and kept, then stamped from what was kept.
            for _ in range(2):
                pages = [canvas.blank(120, 120) for _ in range(2)]
                for sheet in pages:
                    canvas.PaletteDraw(sheet).rectangle((0, 0, 60, 119), fill=canvas.SPOT)
                drawn_on_its_piece(pages[0], points, fill, width)
                canvas._polygon(canvas.PaletteDraw(pages[1]), points, fill, canvas.INK, width)
                assert pages[0].tobytes() == pages[1].tobytes(), (shape, r, x, y, width)
    info = canvas._polygon_stamp.cache_info()
    assert info.misses > 100 and info.hits >= info.misses
