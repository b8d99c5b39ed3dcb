"""Shared helpers of the players' tests: small deterministic levels and random positions."""

from __future__ import annotations

import math
import random
from typing import Any

from players import Level, decide
from rules import GAMES
from rules.base import Move, Seat
from rules.record import Entry, Progress


def small(simulations: int) -> Level:
    """A search level with a small budget and no time cap (fully deterministic)."""
    return Level(f"test-{simulations}", simulations, math.inf)


EASY = Level("easy", 0, math.inf)


def played(
    slug: str, players: int, options: dict[str, Any], steps: int, seed: int, stay: bool = True
) -> tuple[Progress, list[Entry]]:
    """A game after up to `steps` random steps (with `stay`, no seat leaves while it can
    stay), and its record's entries."""
    game = GAMES[slug]
    rng = random.Random(seed)
    progress = Progress.begin(game, players, options)
    entries: list[Entry] = []
    for _ in range(steps):
        if progress.is_over():
            break
        for seat in sorted(game.to_move(progress.state)):
            move = game.sample(progress.state, seat, rng)
            leaving = game.leaving_moves(progress.state, seat)
            while (
                stay
                and move in leaving
                and len(leaving) < len(list(game.legal(progress.state, seat)))
            ):
                move = game.sample(progress.state, seat, rng)
            entries.append((seat, move))
            progress = progress.submit(seat, move)
    return progress, entries


def move_of(progress: Progress, seat: Seat, level: Level, seed: int) -> Move:
    """The level's move for a seat of a game in progress."""
    return decide(progress.game, progress.state, seat, level, seed, progress.resigned)


def started(slug: str, options: dict[str, Any]) -> Any:
    """The start state of a two-player game."""
    game = GAMES[slug]
    return game.start(2, game.settle_options(2, options))


def random_states(slug: str, options: dict[str, Any], games: int, seed: int) -> list[Any]:
    """Every state of some random two-player games."""
    game, rng = GAMES[slug], random.Random(seed)
    out = []
    for _ in range(games):
        state = started(slug, options)
        out.append(state)
        while not game.is_over(state):
            step = {seat: game.sample(state, seat, rng) for seat in game.to_move(state)}
            state = game.apply(state, step)
            out.append(state)
    return out
