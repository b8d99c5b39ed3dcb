"""Drawing a seat's moves: listed when few, sampled without a listing when many."""

from __future__ import annotations

import random
from dataclasses import replace

from players.moves import MovePool, listing, quick_sample
from rules import GAMES
from rules.number_sets import NumberSet


def test_a_huge_range_is_sampled_not_listed() -> None:
    """Numbers To Number at m=16: 65,535 moves, drawn one by one without repeats."""
    game = GAMES["numbers-to-number"]
    state = game.start(2, game.settle_options(2, {"m": 16}))
    assert listing(game, state, 0) is None
    pool = MovePool(game, state, 0, random.Random(1))
    assert not pool.small
    drawn = [pool.draw() for _ in range(200)]
    assert len(set(drawn)) == 200
    assert all(m is not None and game.parse(state, 0, m) == m for m in drawn)


def test_a_crowded_range_still_gives_every_free_move() -> None:
    """With 70 of 65,535 numbers left, random draws miss: the pool lists the free ones once
    and gives each of them."""
    game = GAMES["numbers-to-number"]
    start = game.start(2, game.settle_options(2, {"m": 16}))
    free = set(range(1, 2**16, 937))
    used = NumberSet()
    for x in range(1, 2**16):
        if x not in free:
            used = used.add(x)
    state = replace(start, used=(used, used))
    assert len(list(game.legal(state, 0))) == len(free) == 70
    pool = MovePool(game, state, 0, random.Random(3))
    drawn = []
    while (move := pool.draw()) is not None:
        drawn.append(move)
    assert sorted(map(int, drawn)) == sorted(free)
    for seed in range(5):
        assert int(quick_sample(game, state, 0, random.Random(seed))) in free


def test_a_short_listing_is_drawn_whole_in_a_seeded_order() -> None:
    """Few moves: all of them, in an order fixed by the seed."""
    game = GAMES["integer-sequence"]
    state = game.start(2, game.settle_options(2, {}))
    orders: list[list[str]] = []
    for _ in range(2):
        pool = MovePool(game, state, 0, random.Random(5))
        assert pool.small
        orders.append([str(pool.draw()) for _ in range(8)])
        assert pool.draw() is None
    assert orders[0] == orders[1] and sorted(orders[0]) == [str(r) for r in range(1, 9)]
