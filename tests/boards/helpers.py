"""Games played through the rules for the picture tests, and ways to read a picture's pixels."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image

from boards.pictures import picture
from rules import GAMES

Colour = tuple[int, int, int]
Point = tuple[float, float]
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")


def played(
    slug: str, players: int, options: Mapping[str, Any], *steps: str | dict[int, str]
) -> Any:
    """The state after these steps: a text is the one seat to move's move, a dict a whole step."""
    game = GAMES[slug]
    state = game.start(players, game.settle_options(players, dict(options)))
    for step in steps:
        if isinstance(step, str):
            (seat,) = game.to_move(state)
            step = {seat: step}
        state = game.apply(state, step)
    return state


def drawn(slug: str, state: Any, viewer: int | None, names: Sequence[str] = NAMES) -> Image.Image:
    """The picture of a state as one viewer sees it, decoded to RGB."""
    view = GAMES[slug].view(state, viewer)
    return decode(picture(slug, view, names[: len(view["scores"])]))


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image (it must decode)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def near(a: Colour, b: Colour, tolerance: float = 40) -> bool:
    """True when two colours are within `tolerance` of each other (Euclidean, in RGB)."""
    return math.dist(a, b) <= tolerance


def has_colour(image: Image.Image, point: Point, colour: Colour, reach: int = 2) -> bool:
    """True when a pixel within `reach` of the point has (nearly) this colour."""
    x0, y0 = round(point[0]), round(point[1])
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            x, y = x0 + dx, y0 + dy
            if 0 <= x < image.width and 0 <= y < image.height:
                pixel = image.getpixel((x, y))
                assert isinstance(pixel, tuple)
                if near((pixel[0], pixel[1], pixel[2]), colour):
                    return True
    return False


def share_with(
    image: Image.Image, points: Iterable[Point], colour: Colour, reach: int = 2
) -> float:
    """The share of the points that have the colour within `reach` (0 when there are none)."""
    found = [has_colour(image, p, colour, reach) for p in points]
    return sum(found) / len(found) if found else 0.0


def along(a: Point, b: Point, start: float, end: float, count: int) -> list[Point]:
    """Points on the segment from a to b, from fraction `start` to fraction `end`."""
    return [
        (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        for t in (start + (end - start) * i / (count - 1) for i in range(count))
    ]


def decoded(gif: bytes) -> list[Image.Image]:
    """Every frame of a GIF, as RGB pictures of the canvas."""
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF"
        frames = []
        for i in range(getattr(image, "n_frames", 1)):
            image.seek(i)
            frames.append(image.convert("RGB"))
        return frames
