"""A whole game as one animated picture: a GIF of the board after each step, drawn from the
spectators' views alone; no discord."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from boards.pictures import picture

MAX_FRAMES = 60
"""The most frames an animation holds: at most about 3 s of drawing and 2 MB even at the
largest options; a longer game shows steps spread evenly over it, the first and the last always
among them."""
FRAME_MS = 700
"""How long each step stays on screen: long enough to see what changed."""
LAST_FRAME_MS = 3000
"""The final board stays longer before the animation starts again."""
SIZE_LIMIT = 7_500_000
"""Discord refuses attachments over 8 MB (without boosts); this leaves room for the message."""


@dataclass(frozen=True)
class Animation:
    """An animated GIF and which steps (indices into the views it was made of) are its frames."""

    gif: bytes
    steps: tuple[int, ...]


def spread(count: int, cap: int = MAX_FRAMES) -> tuple[int, ...]:
    """At most `cap` indices of 0..count-1, evenly spread, the first and the last included."""
    if count <= cap:
        return tuple(range(count))
    if cap == 1:
        return (count - 1,)
    return tuple(round(i * (count - 1) / (cap - 1)) for i in range(cap))


def animate(
    game: str,
    views: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    cap: int = MAX_FRAMES,
    limit: int = SIZE_LIMIT,
) -> Animation:
    """A GIF of these views in order, one frame per view (spread out if there are more than
    `cap`), kept under `limit` bytes by dropping frames; a few seconds of processor time.
    (A GIF shows two equal boards in a row as one frame held twice as long.)"""
    if not views:
        raise ValueError("an animation needs at least one view")
    steps = spread(len(views), cap)
    frames = {i: Image.open(io.BytesIO(picture(game, views[i], names))) for i in steps}
    while True:
        gif = encode([frames[i] for i in steps])
        if len(gif) <= limit or len(steps) <= 2:
            return Animation(gif, steps)
        steps = tuple(steps[i] for i in spread(len(steps), len(steps) // 2))


def encode(frames: Sequence[Image.Image]) -> bytes:
    """Palette frames as a looping GIF, each padded to the largest with its background colour
    (a board grows as a game goes on, and every frame of a GIF has the canvas's size)."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    padded = [_padded(f, width, height) for f in frames]
    durations = [FRAME_MS] * (len(padded) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    padded[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=padded[1:],
        duration=durations,
        loop=0,
        disposal=1,
    )
    return out.getvalue()


def _padded(frame: Image.Image, width: int, height: int) -> Image.Image:
    """A frame on a canvas of this size, filled with the colour of its top-left corner (the
    board's background); palette pictures stay palette pictures."""
    if frame.mode != "P":
        frame = frame.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)
    if frame.size == (width, height):
        return frame
    canvas = Image.new("P", (width, height), frame.getpixel((0, 0)))
    canvas.putpalette(frame.getpalette() or [])
    canvas.paste(frame, (0, 0))
    return canvas
