"""Monte Carlo tree search over the rules contract: decoupled UCT for sealed steps (each
awaited seat keeps its own statistics per node and picks on its own), progressive widening
where a seat has many moves, and random playouts cut at a horizon and scored by the totals."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from players.knowledge import PLAYOUTS
from players.moves import MovePool, advance, playout_move
from players.outcome import Judge, gain
from rules.base import Game, IllegalMove, Move, Seat

EXPLORE = 0.7
"""The UCT exploration constant (rewards are in [0, 1])."""
WIDEN = 2.0
WIDEN_POWER = 0.5
"""Progressive widening: a seat considers about WIDEN * visits^WIDEN_POWER of its moves."""
ORDER_DEPTH = 1
"""Nodes this close to the root try a seat's moves in the order of what one step gains."""


@dataclass(frozen=True)
class Budget:
    """How much one decision may search: simulations, a time cap, and the playout cut."""

    simulations: int
    seconds: float = math.inf
    horizon: int = 8
    """Steps from the root after which a playout stops at the next change of a total."""
    limit: int = 48
    """Steps from the root at which every playout stops."""


class SeatStats:
    """One seat's moves tried at one node, with their visits and summed rewards."""

    __slots__ = ("exhausted", "moves", "pool", "seat", "sums", "visits")

    def __init__(self, seat: Seat, pool: MovePool) -> None:
        self.seat = seat
        self.pool = pool
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
            self.moves.append(move)
            self.visits.append(0)
            self.sums.append(0.0)

    def select(self, node_visits: int) -> int:
        """The index of the move to try: an untried one first, else the best UCT bound."""
        self.widen(WIDEN * (node_visits + 1) ** WIDEN_POWER)
        visits, sums = self.visits, self.sums
        best, best_value = 0, -math.inf
        spread = EXPLORE * math.sqrt(math.log(node_visits + 1))
        for i, n in enumerate(visits):
            if n == 0:
                return i
            value = sums[i] / n + spread / math.sqrt(n)
            if value > best_value:
                best, best_value = i, value
        return best

    def best(self) -> Move | None:
        """The most visited move (the better mean on a tie), or None if none was tried."""
        if not self.moves:
            return None
        i = max(
            range(len(self.moves)),
            key=lambda j: (self.visits[j], self.sums[j] / self.visits[j] if self.visits[j] else 0),
        )
        return self.moves[i]


class Node:
    """A state in the tree, the awaited seats' statistics, and the children by joint move."""

    __slots__ = ("children", "seats", "state", "stats", "terminal", "visits")

    def __init__(self, state: Any, terminal: bool) -> None:
        self.state = state
        self.terminal = terminal
        self.visits = 0
        self.seats: tuple[Seat, ...] = ()
        self.stats: dict[Seat, SeatStats] | None = None
        self.children: dict[tuple[Move, ...], Node] = {}


class Search:
    """One decision's search tree for the seats of one game."""

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        budget: Budget,
        rng: random.Random,
        resigned: Collection[Seat],
    ) -> None:
        self.game, self.budget, self.rng = game, budget, rng
        self.resigned = frozenset(resigned)
        scores = game.scores(state)
        self.root_scores = scores
        self.judge = Judge(game, len(scores), self.resigned)
        self.root = Node(state, game.is_over(state))
        self.fast = None if self.resigned else PLAYOUTS.get(game.slug)

    def run(self, seat: Seat) -> Move:
        """Search within the budget; the seat's most visited move at the root."""
        budget, root = self.budget, self.root
        self._open(root, 0)
        stats = root.stats[seat] if root.stats else None
        if stats is None:
            raise IllegalMove("It is not your move.")
        stats.widen(1)
        if not stats.moves:
            raise IllegalMove("It is not your move.")
        if stats.pool.small and not stats.pool.remaining():
            return stats.moves[0]  # a forced move needs no search
        deadline = time.perf_counter() + budget.seconds if budget.seconds < math.inf else None
        for _ in range(budget.simulations):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._simulate()
        move = stats.best()  # with no simulation at all (no time): the first move drawn
        assert move is not None
        return move

    def _open(self, node: Node, depth: int) -> None:
        """Give a node its seats' statistics (on its second visit: leaves stay cheap)."""
        game, state = self.game, node.state
        node.seats = tuple(sorted(game.to_move(state)))
        stats = {}
        for seat in node.seats:
            if seat in self.resigned:
                continue
            pool = MovePool(game, state, seat, self.rng)
            if depth <= ORDER_DEPTH and len(node.seats) == 1 and pool.small:
                self._order(pool, state, seat)
            stats[seat] = SeatStats(seat, pool)
        node.stats = stats

    def _order(self, pool: MovePool, state: Any, seat: Seat) -> None:
        """Try first the moves that gain most at once (a stable sort keeps the random order
        among equals)."""
        moves = pool.remaining() or []
        game = self.game
        gains = {m: gain(game, state, game.apply(state, {seat: m}), seat) for m in moves}
        pool.reorder(sorted(moves, key=lambda m: -gains[m]))

    def _simulate(self) -> None:
        game, rng = self.game, self.rng
        node, depth = self.root, 0
        path: list[tuple[Node, list[tuple[SeatStats, int]]]] = []
        while not node.terminal and (node.visits or node is self.root):
            if node.stats is None:
                self._open(node, depth)
            stats = node.stats
            assert stats is not None
            joint: list[Move] = []
            picks: list[tuple[SeatStats, int]] = []
            for seat in node.seats:
                st = stats.get(seat)
                if st is None:
                    joint.append(game.auto_move(node.state, seat, rng, resigned=True))
                    continue
                i = st.select(node.visits)
                picks.append((st, i))
                joint.append(st.moves[i])
            path.append((node, picks))
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                after = game.apply(node.state, dict(zip(node.seats, joint, strict=True)))
                child = Node(after, game.is_over(after))
                node.children[key] = child
            node, depth = child, depth + 1
        rewards = self.judge.rewards(self._playout(node.state, depth))
        node.visits += 1
        for visited, picks in path:
            visited.visits += 1
            for st, i in picks:
                st.visits[i] += 1
                st.sums[i] += rewards[st.seat]

    def _playout(self, state: Any, depth: int) -> tuple[int, ...]:
        """The totals after random moves from a state, until the game ends or the playout is
        cut (at `limit` steps from the root, or at a change of the totals after `horizon`)."""
        game, rng, resigned = self.game, self.rng, self.resigned
        horizon, limit, root_scores = self.budget.horizon, self.budget.limit, self.root_scores
        if self.fast is not None:
            return self.fast(state, depth, horizon, limit, root_scores, rng, None)
        while not game.is_over(state):
            if depth >= limit or (depth >= horizon and game.scores(state) != root_scores):
                break
            moves = {
                seat: game.auto_move(state, seat, rng, resigned=True)
                if seat in resigned
                else playout_move(game, state, seat, rng)
                for seat in sorted(game.to_move(state))
            }
            state = advance(game, state, moves)
            depth += 1
        return tuple(game.scores(state))


def search(
    game: Game[Any],
    state: Any,
    seat: Seat,
    budget: Budget,
    seed: int,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The move the search prefers for `seat`, awaited in `state`."""
    rng = random.Random(seed)
    if seat in resigned:
        return game.auto_move(state, seat, rng, resigned=True)
    return Search(game, state, budget, rng, resigned).run(seat)
