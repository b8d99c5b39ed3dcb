"""The rating chart: a PNG at least 800 pixels wide at any length, its lines in their colours."""

from __future__ import annotations

import io

from PIL import Image

from boards.chart import Line, Panel, rating_chart
from boards.pictures.canvas import PLAYER_COLOURS


def decoded(png: bytes) -> Image.Image:
    """The chart as an RGB image."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_a_chart_of_many_games_shows_both_lines() -> None:
    """All games in the first colour, the chosen game in the second; wide enough for a phone."""
    overall = tuple((n, 1000 + (n * 37) % 300 - 100) for n in range(0, 301))
    chosen = tuple((n, v + 50) for n, v in overall[::3])
    panel = Panel("Among members", 300, (Line("All games", overall), Line("Chosen", chosen)))
    image = decoded(rating_chart("Rating of a member", [panel, panel], 1000))
    assert image.width >= 800 and image.height > 800
    seen = {colour for _, colour in image.getcolors(1 << 20) or ()}
    assert PLAYER_COLOURS[0] in seen and PLAYER_COLOURS[1] in seen


def test_one_game_and_a_hostile_name_still_draw() -> None:
    """A single point, a flat line, and a title of characters the font lacks."""
    lone = Panel("Against the computer", 1, (Line("All games", ((1, 927),)),), "1 Jan", "1 Jan")
    flat = Panel("Among members", 2, (Line("All games", ((0, 1000), (1, 1000), (2, 1000))),))
    image = decoded(rating_chart("Rating of \u202e\U0001f600" * 30, [lone, flat], 1000))
    assert image.width >= 800
