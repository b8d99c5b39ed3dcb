"""Sample games played through the rules, for the README's pictures and the benchmark."""

# `python -m boards.samples [DIRECTORY]` writes one picture per game and one of a finished game
# (docs/pictures by default).

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boards.pictures import picture
from rules import GAMES
from rules.record import Progress

NAMES = ("alice", "bob", "Computer (hard)", "dave", "erin", "frank", "grace", "heidi")


@dataclass(frozen=True)
class Sample:
    """A game to play for a picture: players, options, and which step of it to show."""

    players: int
    options: Mapping[str, Any]
    share: float
    """How far through the game the picture is taken (0 the start, 1 the end)."""
    viewer: int | None = 0


SHOWCASE: dict[str, Sample] = {
    "numbers-to-number": Sample(2, {"m": 6}, 0.3),
    "numerical-cards": Sample(4, {"m": 16}, 0.12),
    "lengths-of-lengths": Sample(3, {"n": 12}, 0.45),
    "binary-scramble": Sample(3, {"length": 9, "target": 5}, 0.8),
    "labyrinthine-loop": Sample(3, {"n": 6}, 0.55),
    "integer-sequence": Sample(2, {"n": 12}, 0.8),
    "arcs-and-marks": Sample(3, {"m": 12}, 0.45),
}
"""The game and moment each README picture shows."""
FINISHED = "final", "arcs-and-marks", Sample(3, {"m": 12}, 1.0, None)
"""The finished game the README's front page shows (its picture's name, game and sample): a
spectator's board naming the winner."""


def play(slug: str, players: int, options: Mapping[str, Any], seed: int) -> list[Any]:
    """Every state of one random game, start to end, each move made through the rules."""
    game = GAMES[slug]
    state = game.start(players, game.settle_options(players, dict(options)))
    rng = random.Random(seed)
    states = [state]
    while not game.is_over(state):
        # The referee's automatic move for a seat still in: nobody drops out of a sample.
        moves = {seat: game.auto_move(state, seat, rng, False) for seat in game.to_move(state)}
        state = game.apply(state, moves)
        states.append(state)
    return states


def sample_view(slug: str, sample: Sample, seed: int = 1) -> dict[str, Any]:
    """The view of a sample game at its moment."""
    states = play(slug, sample.players, sample.options, seed)
    state = states[round(sample.share * (len(states) - 1))]
    return GAMES[slug].view(state, sample.viewer)


def finished_picture(slug: str, sample: Sample, seed: int = 1) -> bytes:
    """The picture of a sample game played to its end, naming its result."""
    game = GAMES[slug]
    progress = Progress(game, play(slug, sample.players, sample.options, seed)[-1])
    view = game.view(progress.state, sample.viewer)
    return picture(slug, view, NAMES[: sample.players], progress.final())


def write_pictures(directory: Path) -> list[Path]:
    """One picture per game, named by its slug, and the finished game's, in a directory."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for slug, sample in SHOWCASE.items():
        path = directory / f"{slug}.png"
        path.write_bytes(picture(slug, sample_view(slug, sample), NAMES[: sample.players]))
        written.append(path)
    name, slug, sample = FINISHED
    path = directory / f"{name}.png"
    path.write_bytes(finished_picture(slug, sample))
    written.append(path)
    return written


def main(argv: list[str]) -> int:
    """Write the pictures and say where."""
    directory = Path(argv[0]) if argv else Path("docs/pictures")
    for path in write_pictures(directory):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
