"""Every game's picture, at the start, mid-game and the end, for spectators and every seat."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.pictures import DRAWERS, picture
from boards.pictures.canvas import (
    BODY,
    FONT_DIR,
    INK,
    PAPER,
    REPLACEMENT,
    SHAPES,
    SMALL,
    TITLE,
    PaletteDraw,
    blank,
    drawable,
    fit,
    font,
    has_glyph,
    index_of,
    marker,
)
from boards.samples import play
from rules import GAMES
from tests.boards.helpers import NAMES, decode
from tests.hostile import PIECES

LIMIT = 300 * 1024
"""The most bytes a picture may have."""
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("numbers-to-number", 2, {"m": 6}),
    ("numbers-to-number", 2, {"m": 16, "rounds": 2}),
    ("numerical-cards", 3, {"m": 12}),
    ("numerical-cards", 8, {"m": 60, "max_moves": 300}),
    ("lengths-of-lengths", 3, {"n": 12}),
    ("lengths-of-lengths", 8, {"n": 56}),
    ("binary-scramble", 3, {"length": 9}),
    ("binary-scramble", 8, {"length": 24, "target": 20}),
    ("labyrinthine-loop", 2, {"n": 4}),
    ("labyrinthine-loop", 8, {"n": 12}),
    ("integer-sequence", 1, {"n": 10}),
    ("integer-sequence", 8, {"n": 60}),
    ("arcs-and-marks", 2, {"m": 8, "rounds": 1}),
    ("arcs-and-marks", 4, {"m": 60, "rounds": 1}),
]
"""Each game with a few players, and with the most players and its largest options."""


def moments(states: list[Any]) -> list[Any]:
    """The start, the middle, the step before the end, and the end of a game."""
    return [states[0], states[len(states) // 2], states[-2], states[-1]]


@pytest.mark.parametrize(("slug", "players", "options"), CASES)
def test_every_view_makes_a_small_wide_png(
    slug: str, players: int, options: dict[str, Any]
) -> None:
    """Every moment, for a spectator and each seat: a PNG at least 800 pixels wide, under 300 KB."""
    game, names = GAMES[slug], NAMES[:players]
    for state in moments(play(slug, players, options, seed=5)):
        for viewer in [None, *range(players)]:
            png = picture(slug, game.view(state, viewer), names)
            image = decode(png)
            assert image.width >= 800 and image.height >= 300, (slug, image.size)
            assert len(png) < LIMIT, (slug, viewer, len(png))


def test_every_game_has_a_picture_and_nothing_else_does() -> None:
    """The pictures cover the registered games; an unknown game is refused."""
    assert set(DRAWERS) == set(GAMES)
    with pytest.raises(ValueError, match="no picture"):
        picture("chess", {}, [])


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_picture_depends_on_the_view_alone(slug: str) -> None:
    """The same view, even through JSON, gives the same bytes: nothing else goes in."""
    sample = next(c for c in CASES if c[0] == slug)
    states = play(slug, sample[1], sample[2], seed=9)
    view = GAMES[slug].view(states[len(states) // 2], 0)
    names = NAMES[: sample[1]]
    assert picture(slug, view, names) == picture(slug, json.loads(json.dumps(view)), list(names))


def test_missing_names_fall_back_to_seat_numbers() -> None:
    """Fewer names than seats: the rest are P2, P3, ... (as on the text boards)."""
    states = play("binary-scramble", 3, {"length": 9}, seed=2)
    view = GAMES["binary-scramble"].view(states[-1], None)
    assert picture("binary-scramble", view, ["alice"]) == picture(
        "binary-scramble", view, ["alice", "P2", "P3"]
    )


def test_type_is_large() -> None:
    """Nothing is written smaller than 22 pixels: the picture is read on a phone."""
    assert min(TITLE, BODY, SMALL) >= 22


def test_the_fonts_are_shipped_with_their_licence() -> None:
    """The DejaVu faces come from the project, not the machine, with DejaVu's licence."""
    assert Path(__file__).resolve().parents[2] / "boards" / "fonts" == FONT_DIR
    assert {p.name for p in FONT_DIR.glob("*.ttf")} == {
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DejaVuSansMono.ttf",
    }
    licence = (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
    for face in ("sans", "bold", "mono"):
        assert Path(str(font(face, BODY).path)).parent == FONT_DIR


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_member_text_is_made_drawable(name: str) -> None:
    """Any name becomes text the face can draw, cut to fit."""
    # Controls and invisible marks are dropped; what the font lacks (emoji it has no glyph
    # for, most CJK) becomes one replacement character per run.
    shown = drawable(name, "bold")
    assert all(c == REPLACEMENT or has_glyph("bold", c) for c in shown)
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in shown)
    assert REPLACEMENT * 2 not in shown and shown == shown.strip()
    clipped = fit(shown, "bold", BODY, 300)
    assert font("bold", BODY).getlength(clipped) <= 300
    if clipped != shown:
        assert clipped.endswith("…")


def test_names_are_cut_and_replaced_in_the_picture() -> None:
    """A long name is cut with an ellipsis, and a character the font lacks is replaced."""
    assert drawable("ab\u202e\u200bc\x00d") == "abcd"
    assert drawable("go 中文 team") == f"go {REPLACEMENT} team"
    assert drawable("x" * 5000) == "x" * 200
    assert fit("W" * 60, "bold", BODY, 300).endswith("…")


@pytest.mark.parametrize("slug", list(GAMES))
def test_hostile_names_are_drawn(slug: str) -> None:
    """Names made of hostile text (controls, bidi marks, emoji, huge, empty) still draw."""
    hostile = ["", "\u202e" * 40, "🎲" * 300, "\x00\x1f\x7f", "<@123> @everyone", "ﷺ" * 30]
    hostile += [p * 50 for p in PIECES[-12:-4]]
    sample = next(c for c in CASES if c[0] == slug)
    states = play(slug, sample[1], sample[2], seed=3)
    players = sample[1]
    for start in range(0, len(hostile), players):
        names = (hostile[start:] + hostile)[:players]
        decode(picture(slug, GAMES[slug].view(states[len(states) // 2], None), names))


@pytest.mark.parametrize("seat", range(len(SHAPES)))
def test_a_numbered_marker_is_no_taller_than_the_circle(seat: int) -> None:
    """A seat's marker in its pill (radius 20 in a pill 50 high) keeps within the circle's
    height, so every shape stays inside the pill."""
    page = blank(80, 80)
    marker(PaletteDraw(page), seat, 40, 40, 20, PAPER, INK, 2, number=True)
    paper = index_of(PAPER)
    inked = [y for y in range(80) if set(page.crop((0, y, 80, y + 1)).tobytes()) != {paper}]
    assert 40 - 21 <= min(inked) <= max(inked) <= 40 + 21, (SHAPES[seat], inked[0], inked[-1])
