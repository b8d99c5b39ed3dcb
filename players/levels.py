"""The levels a computer seat plays at, and the one entry point that picks its move."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from players.easy import easy_move
from players.search import Budget, search
from rules.base import Game, Move, Seat


@dataclass(frozen=True)
class Level:
    """A level: its name, its search budget (0 simulations: the easy one-step player) and
    its time cap per decision."""

    name: str
    simulations: int
    seconds: float


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", 0, 0.02),
        Level("medium", 100, 0.5),
        Level("hard", 500, 1.5),
    )
}
"""Every level by name, weakest first."""


def choose(
    game: Game[Any],
    state: Any,
    seat: Seat,
    level: str,
    seed: int,
    resigned: frozenset[Seat] = frozenset(),
    seconds: float | None = None,
) -> Move:
    """The move this level plays for `seat` (awaited in `state`). `seconds`: None = the
    level's own time cap; math.inf = simulations only (fully deterministic)."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; levels: {', '.join(LEVELS)}.")
    return decide(game, state, seat, LEVELS[level], seed, resigned, seconds)


def decide(
    game: Game[Any],
    state: Any,
    seat: Seat,
    level: Level,
    seed: int,
    resigned: Collection[Seat] = frozenset(),
    seconds: float | None = None,
) -> Move:
    """`choose` at any level, including one made for a test or a measurement."""
    cap = level.seconds if seconds is None else seconds
    if level.simulations <= 0:
        return easy_move(game, state, seat, random.Random(seed), resigned)
    budget = Budget(level.simulations, cap)
    return search(game, state, seat, budget, seed, resigned)
