"""Animated replays: one frame per step, spread evenly over a long game, padded to one size,
and under Discord's attachment limit."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

import boards
from boards.animation import MAX_FRAMES, SIZE_LIMIT, animate, spread
from rules import GAMES
from rules.record import Progress
from tests.boards.helpers import decoded


def spectator_views(slug: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The spectators' view after each step of a random game played to its end."""
    game = GAMES[slug]
    p = Progress.begin(game, players, options)
    rng = random.Random(5)
    views = [game.view(p.state, None)]
    while not p.is_over():
        for seat in sorted(p.awaited()):
            p = p.submit(seat, game.sample(p.state, seat, rng))
        views.append(game.view(p.state, None))
    return views


def same_picture(frame: Image.Image, png: bytes) -> bool:
    """True when the frame's top-left part is exactly this picture."""
    with Image.open(io.BytesIO(png)) as image:
        wanted = image.convert("RGB")
    return frame.crop((0, 0, *wanted.size)).tobytes() == wanted.tobytes()


def test_spread_keeps_the_ends_and_never_repeats() -> None:
    """Up to the cap, every step; beyond it, the cap's worth, evenly, first and last included."""
    assert spread(5, 10) == (0, 1, 2, 3, 4)
    for count in (11, 61, 577, 100_001):
        steps = spread(count, 60 if count > 60 else 10)
        assert steps[0] == 0 and steps[-1] == count - 1
        assert len(set(steps)) == len(steps) == min(count, 60 if count > 60 else 10)
        assert list(steps) == sorted(steps)


def test_a_short_game_has_a_frame_per_step_drawn_from_its_views() -> None:
    """Each frame is the board after its step, and boards that grow are padded to one size."""
    views = spectator_views("binary-scramble", 2, {"length": 4})
    names = ["alice", "bob"]
    made = animate("binary-scramble", views, names)
    frames = decoded(made.gif)
    assert made.steps == tuple(range(len(views))) and len(frames) == len(views)
    assert len({f.size for f in frames}) == 1
    for frame, view in zip(frames, views, strict=True):
        assert same_picture(frame, boards.picture("binary-scramble", view, names))


def test_a_long_game_is_capped_and_stays_small() -> None:
    """Hundreds of steps give MAX_FRAMES frames, from the start to the final board."""
    views = spectator_views("labyrinthine-loop", 2, {"n": 8, "rounds": 1})
    assert len(views) > MAX_FRAMES
    names = ["alice", "bob"]
    made = animate("labyrinthine-loop", views, names)
    frames = decoded(made.gif)
    assert len(made.steps) == len(frames) == MAX_FRAMES
    assert made.steps[0] == 0 and made.steps[-1] == len(views) - 1
    assert same_picture(frames[0], boards.picture("labyrinthine-loop", views[0], names))
    assert same_picture(frames[-1], boards.picture("labyrinthine-loop", views[-1], names))
    assert len(made.gif) <= SIZE_LIMIT


def test_frames_are_dropped_to_stay_under_the_size_limit() -> None:
    """Over the limit, every other frame goes until it fits, the last board kept."""
    views = spectator_views("numbers-to-number", 2, {"m": 3, "rounds": 2})
    names = ["alice", "bob"]
    whole = animate("numbers-to-number", views, names)
    smaller = animate("numbers-to-number", views, names, limit=len(whole.gif) * 2 // 3)
    assert len(smaller.steps) < len(whole.steps)
    assert smaller.steps[-1] == len(views) - 1
    assert len(smaller.gif) <= len(whole.gif) * 2 // 3
