"""The per-game playout samplers give only canonical legal moves."""

from __future__ import annotations

import random

import pytest

from players.knowledge import SAMPLERS
from rules import GAMES


@pytest.mark.parametrize("slug", sorted(SAMPLERS))
@pytest.mark.parametrize(("players", "n"), [(2, 2), (3, 3), (2, 6), (4, 12)])
def test_samplers_draw_legal_moves(slug: str, players: int, n: int) -> None:
    """Through whole random games, every sampled move is one of the legal moves."""
    game = GAMES[slug]
    rng = random.Random(n)
    state = game.start(players, game.settle_options(players, {"n": n, "rounds": 1}))
    while not game.is_over(state):
        (seat,) = game.to_move(state)
        legal = set(game.legal(state, seat))
        for _ in range(3):
            move = SAMPLERS[slug](state, seat, rng)
            assert move in legal and game.parse(state, seat, move) == move
        state = game.apply(state, {seat: move})
