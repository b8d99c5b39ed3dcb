"""Figures put together from kept pieces look as the same figure drawn large and shrunk."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from boards.pictures import arcs_and_marks, picture
from boards.pictures.canvas import INK, MUTED, PAPER, PLAYER_COLOURS, SPOT
from boards.pictures.collage import Box, Collage, Strip, _piece
from boards.pictures.page import Figure
from boards.samples import play
from rules import GAMES
from tests.boards.helpers import NAMES
from tests.boards.test_kept import forget, pixels

SIZE = 240
Drawing = Callable[[Figure | Collage], None]
ELEMENTS: dict[str, Drawing] = {
    "level line": lambda f: f.line([(30.0, 60.0), (150.0, 60.0)], PLAYER_COLOURS[0], 9),
    "slanting line": lambda f: f.line([(30.5, 40.0), (150.5, 160.0)], SPOT, 31),
    "steep line": lambda f: f.line([(60.0, 20.5), (90.0, 210.0)], PLAYER_COLOURS[1], 5),
    "long arc": lambda f: f.arc((200.0, 20.0), 170.0, (1.7, 2.9), PLAYER_COLOURS[2], 7),
    "bent arc": lambda f: f.arc((120.5, 30.0), 80.0, (0.2, 2.9), INK, 13),
    "dot": lambda f: f.circle((100.5, 100.0), 11, fill=INK),
    "open dot": lambda f: f.circle((100.0, 100.5), 11, fill=PAPER, outline=MUTED, width=2.5),
    "ring": lambda f: f.circle((120.0, 120.0), 15, outline=PLAYER_COLOURS[3], width=5),
    "star": lambda f: f.marker(5, (120.5, 110.0), 14, PLAYER_COLOURS[5], INK),
    "circle marker": lambda f: f.marker(0, (60.0, 70.5), 9, PLAYER_COLOURS[0], INK),
    "plus": lambda f: f.marker(6, (150.0, 150.0), 12, PLAYER_COLOURS[6], INK),
}
"""One element of each kind, at whole and half pixels (where a piece and a drawing agree)."""


def large(draw: Drawing) -> Image.Image:
    """The element drawn on a figure large and shrunk, in RGB."""
    figure = Figure(SIZE, SIZE)
    draw(figure)
    return figure.small()


def pasted(draw: Drawing) -> Image.Image:
    """The element pasted on a collage from its kept piece, in RGB."""
    collage = Collage(SIZE, SIZE)
    draw(collage)
    return collage.painted()


def ink(image: Image.Image) -> int:
    """How much ink an RGB image holds: the sum of how far each pixel is from white."""
    return sum(i * n for i, n in enumerate(ImageChops.invert(image.convert("L")).histogram()))


@pytest.mark.parametrize("name", sorted(ELEMENTS))
def test_a_piece_pastes_the_element_as_drawn_large_and_shrunk(name: str) -> None:
    """Alone on white, a kept piece gives every pixel of the drawing, to a step of rounding."""
    _piece.cache_clear()
    first = pasted(ELEMENTS[name])
    again = pasted(ELEMENTS[name])
    assert _piece.cache_info().hits > 0
    assert first.tobytes() == again.tobytes()
    assert max(ImageChops.difference(first, large(ELEMENTS[name])).tobytes()) <= 2, name


def test_pieces_are_never_drawn_on() -> None:
    """Pasting a kept piece leaves it as it was kept."""
    _piece.cache_clear()
    pasted(ELEMENTS["star"])
    pasted(ELEMENTS["slanting line"])
    hits = _piece.cache_info().hits
    kept = [Image.Image()._new(strip[5]).tobytes() for strip in _kept()]
    assert _piece.cache_info().hits == hits + 2
    pasted(ELEMENTS["star"])
    pasted(ELEMENTS["slanting line"])
    assert [Image.Image()._new(strip[5]).tobytes() for strip in _kept()] == kept


def _kept() -> list[Strip]:
    """Every strip of the pieces kept for the star and the slanting line."""
    star = _piece("marker", (5, (0.5, 0.0), 14, PLAYER_COLOURS[5], INK), (*INK, 0))
    line = _piece("line", (((0.5, 0.0), (120.5, 120.0)), 255, 31), 0)
    return [*star.strips, *line.strips]


@pytest.mark.parametrize("m", [8, 9, 10, 12, 24])
def test_an_arc_turned_from_a_lower_mark_is_the_arc_drawn_in_place(m: int) -> None:
    """Every arc of a circle drawn turned and mirrored from a lower mark has the same ink in
    the same place as drawn on its own mark, to a fraction of a pixel."""
    o = arcs_and_marks.centre_of_figure()
    side, left, top = arcs_and_marks._SIDE, arcs_and_marks._LEFT, arcs_and_marks._TOP
    for c in range(m):
        first, quarters, mirrored = arcs_and_marks.seen_from(m, c)
        assert 0 <= first <= c
        for k in range(1, (m - 1) // 2 + 1):
            direct, turned = Collage(side, side, left, top), Collage(side, side, left, top)
            direct.arc(*arcs_and_marks.arc_span(m, c, k, o), INK, 7)
            with turned.turned(o, quarters, mirrored):
                turned.arc(*arcs_and_marks.arc_span(m, first, k, o), INK, 7)
            a, b = direct.painted(), turned.painted()
            # Pillow draws a wide line a little heavier at some slopes than at others: the
            # same arc drawn in place on other marks varies as much.
            assert math.isclose(ink(a), ink(b), rel_tol=0.05), (c, k)
            inked = [ImageChops.invert(image.convert("L")).getbbox() for image in (a, b)]
            assert inked[0] is not None and inked[1] is not None
            assert max(abs(p - q) for p, q in zip(*inked, strict=True)) <= 1, (c, k)


def test_pieces_turn_only_about_a_pixel_corner() -> None:
    """A turn about a point between pixels would blur what is turned: it is refused."""
    collage = Collage(100, 100)
    with pytest.raises(ValueError), collage.turned((50.5, 50.0), 1):
        pass


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    [("labyrinthine-loop", 3, {"n": 5}), ("arcs-and-marks", 2, {"m": 8})],
)
def test_a_figure_repainted_from_the_last_is_the_figure_painted_whole(
    slug: str, players: int, options: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Move after move, each picture repainted where it changed has the pixels of the same
    picture painted whole, with nothing kept."""
    repainted: list[int] = []
    repaint = Collage._repainted

    def counting(self: Collage, before: Image.Image, regions: list[Box]) -> Image.Image:
        repainted.append(len(regions))
        return repaint(self, before, regions)

    monkeypatch.setattr(Collage, "_repainted", counting)
    forget()
    names = NAMES[:players]
    views = [GAMES[slug].view(state, None) for state in play(slug, players, options, seed=2)]
    moves = [pixels(picture(slug, view, names)) for view in views]
    assert len(repainted) >= len(views) // 2
    for view, drawn in zip(views, moves, strict=True):
        forget()
        assert pixels(picture(slug, view, names)) == drawn
