"""Perfect play once a two-player game is nearly over: when the rest of the game solves within
a level's small budget, the level keeps to the moves that give up nothing."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from players.exact import Solver, TooLarge
from players.moves import advance
from rules.base import Game, Move, Seat

VISITS_PER_POSITION = 3
"""Visits allowed per position of the limit (a solved game visits most positions a few times)."""
CHANCE_TIE = 1e-9
"""Chances this close are the same (sums of floats)."""


@dataclass(frozen=True)
class Solved:
    """What perfect play allows a seat: at a turn, the moves that give up nothing (None when
    every move is as good); at a sealed step, a move drawn from an optimal mixed strategy over
    the moves no other weakly dominates."""

    optimal: frozenset[Move] | None = None
    drawn: Move | None = None


def solve_endgame(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    positions: int,
    seconds: float,
    resigned: Collection[Seat] = frozenset(),
) -> Solved | None:
    """The perfect moves of `seat` when the game is two players' and the rest of it solves
    within `positions` (and `seconds`, a safety net), else None."""
    if seconds <= 0 or resigned or len(game.scores(state)) != 2:
        return None
    solver = Solver(game, positions, seconds, visits=VISITS_PER_POSITION * positions)
    try:
        if game.is_sealed(state):
            moves, weights = solver.strategy(state, seat)
            return Solved(drawn=rng.choices(moves, weights=[float(w) for w in weights])[0])
        optimal = frozenset(solver.optimal_moves(state, seat))
    except TooLarge:
        return None
    every = len(list(game.legal(state, seat)))
    try:
        # Of the moves that give up nothing, those that leave a fallible opponent most ways to go
        # wrong: the best a perfect opponent allows, and more against anyone else.
        weighed = {m: solver.chances(advance(game, state, {seat: m}), seat) for m in optimal}
        top = max(weighed.values())
        optimal = frozenset(m for m, chance in weighed.items() if chance >= top - CHANCE_TIE)
    except TooLarge:
        pass
    return Solved(optimal=None if len(optimal) == every else optimal)
