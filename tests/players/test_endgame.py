"""Perfect play near the end: a level keeps to the moves that give up nothing, and of those to
the ones that leave an opponent most ways to go wrong."""

from __future__ import annotations

import random
from typing import Any

from players.endgame import solve_endgame
from players.exact import Solver
from players.moves import advance
from rules import GAMES
from tests.players.helpers import random_states

GAME = "lengths-of-lengths"
OPTIONS = {"n": 6}


def test_the_moves_kept_give_up_nothing_and_leave_the_most_chances() -> None:
    """In every turn position of some games: each move kept loses nothing, and none of the
    perfect moves left out would give a random opponent more chances to go wrong; somewhere
    the tie-break leaves a perfect move out."""
    game = GAMES[GAME]
    solver = Solver(game)
    narrowed = 0
    for state in random_states(GAME, OPTIONS, games=12, seed=4):
        if game.is_over(state):
            continue
        (seat,) = game.to_move(state)
        solved = solve_endgame(game, state, seat, random.Random(0), 100_000, 10.0)
        assert solved is not None and solved.drawn is None
        losses = solver.losses(state, seat)
        perfect = [m for m, lost in losses.items() if lost == 0]
        kept = set(perfect) if solved.optimal is None else set(solved.optimal)
        assert kept <= set(perfect)
        chances: dict[Any, float] = {
            m: solver.chances(advance(game, state, {seat: m}), seat) for m in perfect
        }
        best = max(chances.values())
        assert all(abs(chances[m] - best) < 1e-9 for m in kept)
        assert all(chances[m] < best - 1e-9 for m in set(perfect) - kept)
        narrowed += len(kept) < len(perfect)
    assert narrowed > 0
