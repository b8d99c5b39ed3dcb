"""The levels a computer seat plays at, and the one entry point that picks its move."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from players.easy import easy_move
from players.endgame import solve_endgame
from players.heuristics import move_values
from players.knowledge import needed_moves
from players.search import Budget, search
from rules.base import Game, Move, Seat


@dataclass(frozen=True)
class Level:
    """A level: its name, what a member is told of it, its search budget (0 simulations: the
    easy one-step player), its time cap per decision, and how much the game's heuristic
    guides its search (priors near the root, the first steps of each playout)."""

    name: str
    simulations: int
    seconds: float
    description: str = ""
    prior_depth: int = -1
    guided_steps: int = 0
    endgame_positions: int = 0
    """The most positions the rest of a two-player game may have for the level to solve it
    exactly and keep to the moves that give up nothing (0: never tried)..."""
    endgame_seconds: float = 0.0
    """...within this time, when the decision has a time cap."""

    @property
    def guided(self) -> bool:
        """True when the game's heuristic steers the search."""
        return self.prior_depth >= 0 or self.guided_steps > 0


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", 0, 0.02, "A legal move with a simple preference"),
        Level("medium", 100, 0.5, "Searches a hundred random games ahead"),
        Level(
            "hard",
            700,
            1.5,
            "Searches games played with the game's know-how",
            prior_depth=2,
            guided_steps=4,
            endgame_positions=20_000,
            endgame_seconds=0.1,
        ),
        Level(
            "expert",
            1600,
            2.0,
            "Thinks up to two seconds a move; the strongest",
            prior_depth=3,
            guided_steps=4,
            endgame_positions=100_000,
            endgame_seconds=0.5,
        ),
    )
}
"""Every level by name, weakest first: the slash command's choices, the lobby's menu and the
stored seats all read this."""


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
    needed = None if seat in resigned else needed_moves(game.slug, state, seat)
    if needed is not None and len(needed) == 1:
        return needed[0]  # the rules show no other move is ever better: nothing to weigh
    started = time.perf_counter()
    solved = None
    if level.endgame_positions > 0:
        # Without a time cap (a deterministic decision) the endgame is bounded by its size.
        given = min(level.endgame_seconds, cap) if cap < math.inf else math.inf
        solved = solve_endgame(
            game, state, seat, random.Random(seed), level.endgame_positions, given, resigned
        )
    if solved is not None and solved.drawn is not None:
        return solved.drawn
    allowed = solved.optimal if solved is not None else None
    if allowed is not None and len(allowed) == 1:
        return next(iter(allowed))
    budget = Budget(
        level.simulations,
        cap - (time.perf_counter() - started),
        prior_depth=level.prior_depth,
        guided_steps=level.guided_steps,
    )
    knowledge = move_values if level.guided else None
    return search(game, state, seat, budget, seed, resigned, knowledge, allowed)
