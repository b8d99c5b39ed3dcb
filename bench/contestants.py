"""Everyone the strength section seats: the uniform random player, the heuristic players and
the computer levels, each named and asked for a move the same way."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
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
    """The named level, its simulations and endgame budget scaled (a quick run searches
    less)."""
    level = levels[name]
    if scale == 1 or level.simulations <= 0:
        return level
    return replace(
        level,
        simulations=max(1, round(level.simulations * scale)),
        endgame_positions=round(level.endgame_positions * scale),
        endgame_seconds=level.endgame_seconds * scale,
    )


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


Player = Callable[[Game[Any], Any, Seat, random.Random], Move]
"""A contestant as a function: its move for an awaited seat, from the state and a seeded
random source."""


def player(name: str, scale: float = 1.0) -> Player:
    """The named contestant as a Player (each decision seeded from the game's random source)."""

    def play(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Move:
        return move_of(name, game, state, seat, rng.randrange(2**32), scale)

    return play
