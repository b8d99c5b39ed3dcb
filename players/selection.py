"""How a seat picks its move at a node of the search tree: UCT with progressive bias where it
moves alone, regret matching where several seats seal at once."""

from __future__ import annotations

import abc
import math
import random
from collections.abc import Collection

from players.moves import MovePool
from rules.base import Move, Seat

EXPLORE = 0.7
"""The UCT exploration constant (rewards are in [0, 1])."""
WIDEN = 2.0
WIDEN_POWER = 0.5
"""Progressive widening: a seat considers about WIDEN * visits^WIDEN_POWER of its moves."""
BIAS = 1.0
"""Progressive bias: a move's prior (0..1) counts for BIAS / (visits + 1) of its value."""
MIX = 0.1
"""Regret matching: the share of uniform exploration mixed into a sealed seat's strategy."""
PURIFY = 0.5
"""At a sealed root, moves the average strategy plays less than this share of its favourite
are dropped: with a few hundred simulations the average still carries exploration."""


class SeatStats(abc.ABC):
    """One seat's moves tried at one node, with their visits, summed rewards and priors."""

    __slots__ = ("exhausted", "moves", "pool", "priors", "seat", "sums", "visits")

    def __init__(self, seat: Seat, pool: MovePool, priors: dict[Move, float] | None) -> None:
        self.seat = seat
        self.pool = pool
        self.priors = priors
        self.moves: list[Move] = []
        self.visits: list[int] = []
        self.sums: list[float] = []
        self.exhausted = False

    def widen(self, allowed: float) -> None:
        """Draw new moves from the pool until `allowed` are considered (or none is left)."""
        while not self.exhausted and len(self.moves) < allowed:
            move = self.pool.draw()
            if move is None:
                self.exhausted = True
                break
            self._added(move)

    def _added(self, move: Move) -> None:
        self.moves.append(move)
        self.visits.append(0)
        self.sums.append(0.0)

    @abc.abstractmethod
    def select(self, node_visits: int, rng: random.Random) -> int:
        """The index of the move to try next."""

    def prior(self, i: int) -> float:
        """The move's prior in [0, 1] (0.5 without knowledge)."""
        if self.priors is None:
            return 0.5
        return self.priors.get(self.moves[i], 0.0)

    def update(self, i: int, reward: float) -> None:
        """Count one simulation through move i."""
        self.visits[i] += 1
        self.sums[i] += reward

    def best(self, among: Collection[Move] | None = None) -> Move | None:
        """The most visited move (the better mean on a tie), of those `among` when given; None
        if none was tried."""
        tried = [j for j, m in enumerate(self.moves) if among is None or m in among]
        if not tried:
            return None
        i = max(
            tried,
            key=lambda j: (self.visits[j], self.sums[j] / self.visits[j] if self.visits[j] else 0),
        )
        return self.moves[i]


class TurnStats(SeatStats):
    """A seat moving alone: UCT, with a prior that fades as a move is visited."""

    __slots__ = ()

    def select(self, node_visits: int, rng: random.Random) -> int:
        """The index of the move to try (an untried one first, in draw order)."""
        self.widen(WIDEN * (node_visits + 1) ** WIDEN_POWER)
        visits, sums = self.visits, self.sums
        best, best_value = 0, -math.inf
        spread = EXPLORE * math.sqrt(math.log(node_visits + 1))
        biased = self.priors is not None
        for i, n in enumerate(visits):
            if n == 0:
                return i
            value = sums[i] / n + spread / math.sqrt(n)
            if biased:
                value += BIAS * self.prior(i) / (n + 1)
            if value > best_value:
                best, best_value = i, value
        return best


class SealedStats(SeatStats):
    """A seat sealing beside others: regret matching, whose average strategy tends to an
    equilibrium of the step (decoupled UCT need not, and can be exploited)."""

    __slots__ = ("regrets", "strategy")

    def __init__(self, seat: Seat, pool: MovePool, priors: dict[Move, float] | None) -> None:
        super().__init__(seat, pool, priors)
        self.regrets: list[float] = []
        self.strategy: list[float] = []

    def _added(self, move: Move) -> None:
        super()._added(move)
        self.regrets.append(0.0)
        self.strategy.append(0.0)

    def current(self) -> list[float]:
        """The strategy of positive regrets (uniform when none is positive)."""
        positive = [r if r > 0 else 0.0 for r in self.regrets]
        total = sum(positive)
        k = len(self.regrets)
        if total <= 0:
            return [1.0 / k] * k
        return [r / total for r in positive]

    def select(self, node_visits: int, rng: random.Random) -> int:
        """A move drawn from the regret-matching strategy mixed with uniform exploration."""
        self.widen(WIDEN * (node_visits + 1) ** WIDEN_POWER)
        sigma = self.current()
        for i, p in enumerate(sigma):
            self.strategy[i] += p
        k = len(sigma)
        # An untried move is tried first, so that every move has a value to regret.
        for i, n in enumerate(self.visits):
            if n == 0:
                return i
        x = rng.random()
        for i, p in enumerate(sigma):
            x -= (1 - MIX) * p + MIX / k
            if x < 0:
                return i
        return k - 1

    def regret(self, values: list[float | None], reward: float) -> None:
        """Add each move's regret: what it would have got against the others' moves of this
        simulation (`values`, estimated from the tree; None where nothing is known) less what
        the move played got."""
        regrets = self.regrets
        for j, value in enumerate(values):
            if value is not None:
                regrets[j] += value - reward

    def average(self) -> list[float]:
        """The average strategy over the simulations: the mixed move of the step."""
        total = sum(self.strategy)
        if total <= 0:
            return [1.0 / len(self.moves)] * len(self.moves) if self.moves else []
        return [s / total for s in self.strategy]

    def pick(self, rng: random.Random) -> Move | None:
        """A move drawn from the average strategy, after dropping what it hardly plays."""
        if not self.moves:
            return None
        weights = self.average()
        floor = PURIFY * max(weights)
        kept = [w if w >= floor else 0.0 for w in weights]
        return rng.choices(self.moves, weights=kept)[0]
