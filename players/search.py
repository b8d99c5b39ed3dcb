"""Monte Carlo tree search over the rules contract: UCT with progressive bias where one seat
moves, regret matching where several seal at once, progressive widening where a seat has many
moves, and playouts (guided by the game's heuristic for their first steps, where a level asks
for it) cut at a horizon and scored by the totals."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from players.heuristics import knowledge as hooks
from players.heuristics import step_value
from players.knowledge import needed_moves, search_knowledge
from players.moves import MovePool, advance, playout_move, winning_way_out
from players.outcome import Judge, gain
from players.selection import SealedStats, SeatStats, TurnStats
from rules.base import Game, IllegalMove, Move, Seat

Knowledge = Callable[[Game[Any], Any, Seat, random.Random], list[tuple[Move, float]]]
"""A seat's candidate moves with their heuristic values (higher is better)."""
TOURNAMENT = 4
"""A guided playout step weighs this many random moves and plays the best (weighing every
move would cost a playout step tens of times more)."""
ORDER_DEPTH = 1
"""Nodes this close to the root order a seat's moves by what they are worth at once."""


@dataclass(frozen=True)
class Budget:
    """How much one decision may search: simulations, a time cap, the playout cut, and how
    much game knowledge guides it."""

    simulations: int
    seconds: float = math.inf
    horizon: int = 8
    """Steps from the root after which a playout stops at the next change of a total."""
    limit: int = 48
    """Steps from the root at which every playout stops."""
    prior_depth: int = -1
    """Nodes this close to the root get the heuristic's values as priors (-1: none)."""
    guided_steps: int = 0
    """The first steps of each playout follow the heuristic (the rest are random)."""
    epsilon: float = 0.2
    """A guided playout step is random with this probability (so playouts vary)."""


class Node:
    """A state in the tree, the awaited seats' statistics, and the children by joint move."""

    __slots__ = ("children", "seats", "state", "stats", "sums", "terminal", "visits")

    def __init__(self, state: Any, terminal: bool, players: int) -> None:
        self.state = state
        self.terminal = terminal
        self.visits = 0
        self.sums = [0.0] * players
        """Each seat's summed rewards over the simulations through this node."""
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
        knowledge: Knowledge | None = None,
    ) -> None:
        self.game, self.budget, self.rng = game, budget, rng
        self.resigned = frozenset(resigned)
        scores = game.scores(state)
        self.root_scores = scores
        known = search_knowledge(game.slug)
        self.judge = Judge(game, len(scores), self.resigned, known.cut_spread)
        self.horizon = min(budget.horizon, known.horizon or budget.horizon)
        self.players = len(scores)
        self.root = Node(state, game.is_over(state), self.players)
        self.fast = None if self.resigned else known.playout
        self.estimate = None if self.resigned else known.estimate
        self.round_left = known.round_left
        self.knowledge = knowledge
        self.named = hooks(game).candidates if knowledge is not None else None
        """The moves the game names worth weighing, where it names them (guided levels)."""

    def run(self, seat: Seat, allowed: frozenset[Move] | None = None) -> Move:
        """Search within the budget; the seat's choice at the root (among `allowed` when
        given: the moves perfect play keeps, at a turn)."""
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
        longest = 0.0
        for _ in range(budget.simulations):
            # A simulation that would end past the cap is not started: the cap is the most a
            # decision takes, not the time after which the last simulation begins.
            started = time.perf_counter()
            if deadline is not None and started + longest >= deadline:
                break
            self._simulate()
            longest = max(longest, time.perf_counter() - started)
        if allowed is not None and not isinstance(stats, SealedStats):
            return stats.best(allowed) or min(allowed)
        move = stats.pick(self.rng) if isinstance(stats, SealedStats) else stats.best()
        assert move is not None  # with no simulation at all (no time): the first move drawn
        return move

    def _open(self, node: Node, depth: int) -> None:
        """Give a node its seats' statistics (on its second visit: leaves stay cheap)."""
        game, state = self.game, node.state
        node.seats = tuple(sorted(game.to_move(state)))
        sealed = len(node.seats) > 1
        stats: dict[Seat, SeatStats] = {}
        for seat in node.seats:
            if seat in self.resigned:
                continue
            pool = MovePool(game, state, seat, self.rng)
            priors = None
            # A sealed seat's values cost an expectation each: priors at the root only.
            if self.knowledge is not None and depth <= (0 if sealed else self.budget.prior_depth):
                priors = self._priors(pool, state, seat)
            elif depth <= ORDER_DEPTH and not sealed and pool.small:
                self._order(pool, state, seat)
            if sealed and self.named is not None:
                # Regret matching learns nothing over dozens of moves a seat with a few hundred
                # simulations: a sealed seat weighs only the moves its game names worth weighing.
                # The priors value exactly those moves (best first) where they were asked.
                named = list(priors) if priors else self.named(game, state, seat, self.rng)
                pool.only(named)
            needed = needed_moves(game.slug, state, seat)
            if needed is not None:
                # Of the moves weighed so far, the needed ones, in their order.
                kept = [m for m in pool.remaining() or [] if m in needed]
                pool.only(kept or list(needed))
            kind = SealedStats if sealed else TurnStats
            stats[seat] = kind(seat, pool, priors)
        node.stats = stats

    def _priors(self, pool: MovePool, state: Any, seat: Seat) -> dict[Move, float]:
        """The heuristic's values scaled to [0, 1]; its candidates are drawn first."""
        assert self.knowledge is not None
        valued = sorted(self.knowledge(self.game, state, seat, self.rng), key=lambda mv: -mv[1])
        pool.prefer([m for m, _ in valued])
        if not valued:
            return {}
        top, low = valued[0][1], valued[-1][1]
        span = top - low
        return {m: (v - low) / span if span > 0 else 0.5 for m, v in valued}

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
        path: list[tuple[Node, list[Move], list[tuple[SeatStats, int]]]] = []
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
                i = st.select(node.visits, rng)
                picks.append((st, i))
                joint.append(st.moves[i])
            path.append((node, joint, picks))
            key = tuple(joint)
            child = node.children.get(key)
            if child is None:
                after = game.apply(node.state, dict(zip(node.seats, joint, strict=True)))
                child = Node(after, game.is_over(after), self.players)
                node.children[key] = child
            node, depth = child, depth + 1
        rewards = self.judge.rewards(*self._playout(node.state, depth))
        self._count(node, rewards)
        for visited, joint, picks in reversed(path):
            self._count(visited, rewards)
            for st, i in picks:
                st.update(i, rewards[st.seat])
                if isinstance(st, SealedStats):
                    st.regret(self._alternatives(visited, joint, st), rewards[st.seat])

    @staticmethod
    def _count(node: Node, rewards: list[float]) -> None:
        node.visits += 1
        for seat, reward in enumerate(rewards):
            node.sums[seat] += reward

    def _alternatives(self, node: Node, joint: list[Move], st: SealedStats) -> list[float | None]:
        """What each of a sealed seat's moves got, on average, against the others' moves of
        this simulation (a child of the node; the move's own mean where that child is new)."""
        where = node.seats.index(st.seat)
        values: list[float | None] = []
        key = list(joint)
        for j, move in enumerate(st.moves):
            key[where] = move
            child = node.children.get(tuple(key))
            if child is not None and child.visits:
                values.append(child.sums[st.seat] / child.visits)
            elif st.visits[j]:
                values.append(st.sums[j] / st.visits[j])
            else:
                values.append(None)
        return values

    def _playout(self, state: Any, depth: int) -> tuple[tuple[float, ...], bool]:
        """The totals after playout moves from a state, and whether the playout was cut before
        the end (at `limit` steps from the root, or at a change of the totals after the
        horizon)."""
        game, rng, resigned, budget = self.game, self.rng, self.resigned, self.budget
        horizon, limit, root_scores = self.horizon, budget.limit, self.root_scores
        if self.round_left is not None:
            limit = min(limit, depth + self.round_left(state))
        guided = depth + budget.guided_steps if self.knowledge is not None else 0
        estimate = self.estimate
        while not game.is_over(state):
            if estimate is not None and depth >= horizon:
                # A seat that can leave and win at once has won: no lead to weigh.
                ended = self._won_by_leaving(state)
                if ended is None:
                    return estimate(state), True
                state = ended
                break
            if depth >= limit or (depth >= horizon and game.scores(state) != root_scores):
                break
            if depth >= guided and self.fast is not None:
                return self.fast(state, depth, horizon, limit, root_scores, rng, None)
            awaited = sorted(game.to_move(state))
            # A sealed step's values are expectations over the others' choices: too dear for a
            # playout step, which is then random.
            steer = depth < guided and len(awaited) == 1
            moves = {
                seat: game.auto_move(state, seat, rng, resigned=True)
                if seat in resigned
                else self._playout_move(state, seat, steer)
                for seat in awaited
            }
            self._take_way_out(state, moves)
            state = advance(game, state, moves)
            depth += 1
        return tuple(game.scores(state)), not game.is_over(state)

    def _won_by_leaving(self, state: Any) -> Any | None:
        """The game once a seat takes a way out of it that wins at once, the others moving
        anyhow (their first legal moves: no draw from the playout's random stream), or None."""
        game = self.game
        awaited = game.to_move(state)
        if not any(game.leaving_moves(state, seat) for seat in awaited):
            return None
        moves = {seat: next(iter(game.legal(state, seat))) for seat in awaited}
        return advance(game, state, moves) if self._take_way_out(state, moves) else None

    def _take_way_out(self, state: Any, moves: dict[Seat, Move]) -> bool:
        """Put in a seat's way out of the game where it wins at once, the others moving as in
        `moves`; True if one was taken."""
        for seat in moves:
            # A playout that walks past a win a player would take says little of a move.
            if seat not in self.resigned and (
                out := winning_way_out(self.game, state, seat, moves)
            ):
                moves[seat] = out
                return True
        return False

    def _playout_move(self, state: Any, seat: Seat, guided: bool) -> Move:
        """When guided, the best by the heuristic's step value of a few random moves (or,
        with probability epsilon, one random move); else a random move."""
        game, rng = self.game, self.rng
        move = playout_move(game, state, seat, rng)
        if not guided or rng.random() < self.budget.epsilon:
            return move
        best, best_value = (
            move,
            step_value(game, state, advance(game, state, {seat: move}), seat, rng),
        )
        for _ in range(TOURNAMENT - 1):
            other = playout_move(game, state, seat, rng)
            if other != best:
                value = step_value(game, state, advance(game, state, {seat: other}), seat, rng)
                if value > best_value:
                    best, best_value = other, value
        return best


def search(
    game: Game[Any],
    state: Any,
    seat: Seat,
    budget: Budget,
    seed: int,
    resigned: Collection[Seat] = frozenset(),
    knowledge: Knowledge | None = None,
    allowed: frozenset[Move] | None = None,
) -> Move:
    """The move the search prefers for `seat`, awaited in `state` (among `allowed`, if given)."""
    rng = random.Random(seed)
    if seat in resigned:
        return game.auto_move(state, seat, rng, resigned=True)
    return Search(game, state, budget, rng, resigned, knowledge).run(seat, allowed)
