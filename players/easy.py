"""The easy level: one step ahead over a sample of moves, never leaving the game while it can
stay; cheap enough to play inline when a player's time runs out."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from players.moves import MovePool, quick_sample
from players.outcome import gain
from rules.base import Game, IllegalMove, Move, Seat

SAMPLE = 12
"""How many of its moves the easy level weighs."""


def easy_move(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The sampled move whose step gains most at once, the other awaited seats moving at
    random (a resigned one as the referee would); the first drawn among equals."""
    if seat in resigned:
        return game.auto_move(state, seat, rng, resigned=True)
    if seat not in game.to_move(state):
        raise IllegalMove("It is not your move.")
    leaving = game.leaving_moves(state, seat)
    pool = MovePool(game, state, seat, rng)
    moves: list[Move] = []
    while len(moves) < SAMPLE:
        move = pool.draw()
        if move is None:
            break
        if move not in leaving:
            moves.append(move)
    if not moves:
        # Only ways out were drawn: the referee's own choice keeps the seat in when it can.
        return game.auto_move(state, seat, rng, resigned=False)
    if len(moves) == 1:
        return moves[0]
    others = sorted(game.to_move(state) - {seat})
    best, best_gain = moves[0], -float("inf")
    for move in moves:
        step = {seat: move}
        for other in others:
            step[other] = (
                game.auto_move(state, other, rng, resigned=True)
                if other in resigned
                else quick_sample(game, state, other, rng)
            )
        value = gain(game, state, game.apply(state, step), seat)
        if value > best_gain:
            best, best_gain = move, value
    return best
