"""Everyone the strength section seats: the uniform random player, the heuristic players and
the computer levels, each named and asked for a move the same way."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from players import LEVELS, Level, decide
from players.heuristics import HEURISTICS, heuristic_move
from rules.base import Game, Move, Seat

RANDOM = "random"
"""The uniform random player: the game's own random move (`game.sample`)."""
CONTESTANTS = (RANDOM, *HEURISTICS, *LEVELS)
"""Every contestant, weakest first within each kind."""


def level_of(name: str, scale: float, levels: Mapping[str, Level] = LEVELS) -> Level:
    """The named level, its simulations scaled (a quick run searches less)."""
    level = levels[name]
    if scale == 1 or level.simulations <= 0:
        return level
    return replace(level, simulations=max(1, round(level.simulations * scale)))


def move_of(
    name: str,
    game: Game[Any],
    state: Any,
    seat: Seat,
    seed: int,
    scale: float = 1.0,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The move the named contestant plays for `seat`, awaited in `state`."""
    if name == RANDOM:
        rng = random.Random(seed)
        if seat in resigned:
            return game.auto_move(state, seat, rng, resigned=True)
        return game.sample(state, seat, rng)
    if name in HEURISTICS:
        return heuristic_move(name, game, state, seat, random.Random(seed), frozenset(resigned))
    return decide(game, state, seat, level_of(name, scale), seed, resigned)
