"""Selection at a node: regret matching finds the equilibrium of a matrix game; UCT follows
its priors before it has visits."""

from __future__ import annotations

import random

from players.moves import MovePool
from players.selection import SealedStats, TurnStats
from rules import GAMES

ROCK_PAPER_SCISSORS = {
    ("1", "1"): 0.5,
    ("1", "2"): 0.0,
    ("1", "3"): 1.0,
    ("2", "1"): 1.0,
    ("2", "2"): 0.5,
    ("2", "3"): 0.0,
    ("3", "1"): 0.0,
    ("3", "2"): 1.0,
    ("3", "3"): 0.5,
}
"""Seat 0's reward when it seals the first move and seat 1 the second (seat 1 gets 1 - it)."""


def sealed_pair() -> tuple[SealedStats, SealedStats]:
    """Both seats of a Numbers To Number game with m=2, whose moves are 1, 2 and 3."""
    game = GAMES["numbers-to-number"]
    state = game.start(2, game.settle_options(2, {"m": 2}))
    rng = random.Random(0)
    return (
        SealedStats(0, MovePool(game, state, 0, rng), None),
        SealedStats(1, MovePool(game, state, 1, rng), None),
    )


def play_matrix(payoff: dict[tuple[str, str], float], rounds: int) -> tuple[list[float], ...]:
    """Both seats choose by regret matching for `rounds`, regretting against the other's move."""
    rng = random.Random(1)
    a, b = sealed_pair()
    for visits in range(rounds):
        i, j = a.select(visits, rng), b.select(visits, rng)
        x, y = a.moves[i], b.moves[j]
        reward = payoff[(x, y)]
        a.update(i, reward)
        b.update(j, 1 - reward)
        a.regret([payoff[(m, y)] for m in a.moves], reward)
        b.regret([1 - payoff[(x, m)] for m in b.moves], 1 - reward)
    return (
        [a.average()[a.moves.index(m)] for m in "123"],
        [b.average()[b.moves.index(m)] for m in "123"],
    )


def test_regret_matching_mixes_rock_paper_scissors_evenly() -> None:
    """In rock-paper-scissors both average strategies tend to a third each (the equilibrium),
    where always playing the most visited move would be beaten every time."""
    for strategy in play_matrix(ROCK_PAPER_SCISSORS, 3000):
        assert all(abs(p - 1 / 3) < 0.08 for p in strategy), strategy


def test_regret_matching_drops_a_dominated_move() -> None:
    """A move that is worse whatever the other seals fades from the average strategy, and the
    root's pick leaves it out."""
    payoff = {(x, y): (0.2 if x == "3" else 0.6) for x in "123" for y in "123"}
    mine, _ = play_matrix(payoff, 2000)
    assert mine[2] < 0.1, mine
    a, _ = sealed_pair()
    rng = random.Random(2)
    for visits in range(500):
        i = a.select(visits, rng)
        a.update(i, payoff[(a.moves[i], "1")])
        a.regret([payoff[(m, "1")] for m in a.moves], payoff[(a.moves[i], "1")])
    assert {a.pick(random.Random(k)) for k in range(30)} <= {"1", "2"}


def test_uct_tries_moves_in_prior_order_first() -> None:
    """A seat moving alone tries its moves in the order the pool draws them (best prior first),
    and with equal results keeps the one its prior favours."""
    game = GAMES["integer-sequence"]
    state = game.start(2, game.settle_options(2, {"n": 4}))
    pool = MovePool(game, state, 0, random.Random(0))
    pool.prefer(["3", "1", "4", "2"])
    priors = {"3": 1.0, "1": 0.6, "4": 0.3, "2": 0.0}
    stats = TurnStats(0, pool, priors)
    rng = random.Random(0)
    tried = []
    for visits in range(4):
        i = stats.select(visits, rng)
        tried.append(stats.moves[i])
        stats.update(i, 0.5)
    assert tried == ["3", "1", "4", "2"]
    for visits in range(4, 40):
        stats.update(stats.select(visits, rng), 0.5)
    assert stats.best() == "3"
