"""Perfect play in two-player games through the rules contract: minimax at turns, matrix
games at sealed steps, every position's value kept under its memo key."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from fractions import Fraction
from itertools import islice
from typing import Any, TypeVar

from players.exact import matrix
from players.exact.keys import Key, key_function
from players.moves import advance
from rules.base import Game, Move, Seat

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
"""Seat 0's result; seat 1's is 1 minus it."""
Doubled = int | Fraction
"""Twice seat 0's result, as the search keeps it: a whole number until a sealed step mixes
(a win 2, a draw 1), since comparing ints costs a fraction of comparing Fractions."""
TOP, EVEN, BOTTOM = 2, 1, 0
"""A win, a draw and a loss for seat 0, doubled."""
V = TypeVar("V", Fraction, Doubled)
"""A value as the public methods give it (a Fraction) or as the search keeps it (Doubled)."""
POSITION_LIMIT = 1_000_000
"""The most positions a solver keeps before it refuses the game as too large (about 1 GB)."""


def whole(value: Fraction) -> Doubled:
    """A doubled result as an int when it is whole (the search compares ints fastest)."""
    return int(value) if value.denominator == 1 else value


class TooLarge(Exception):
    """A game with more positions (or moves) than the solver's limit."""


class Solver:
    """Exact values of one two-player game's positions: seat 0's expected result (1 win,
    1/2 draw, 0 loss) when both seats play perfectly from there."""

    def __init__(
        self,
        game: Game[Any],
        limit: int = POSITION_LIMIT,
        seconds: float = math.inf,
        visits: float = math.inf,
    ) -> None:
        self.game = game
        self.limit = limit
        self.visits_left = visits
        """Visits of positions (known ones included) still allowed: the work, where `limit`
        bounds the memory."""
        self.deadline = time.perf_counter() + seconds
        """Past this moment the solver refuses, as for too many positions (a player's clock)."""
        self.key: Callable[[Any], Key] = key_function(game.slug)
        self.memo: dict[Key, Doubled] = {}
        """Exact values, doubled."""
        self.bounds: dict[Key, tuple[Doubled, Doubled]] = {}
        """Bounds (lowest, highest) of values a search cut short has not settled."""
        self.chance_memo: dict[tuple[Seat, Key], float] = {}

    @property
    def positions(self) -> int:
        """How many positions have been searched so far (settled or bounded)."""
        return len(self.memo) + len(self.bounds)

    def value(self, state: Any) -> Fraction:
        """Seat 0's result under perfect play from this state; raise TooLarge."""
        if len(self.game.scores(state)) != 2:
            raise ValueError("Exact play is for two-player games only.")
        try:
            return Fraction(self._value(state)) / 2
        except RecursionError:
            raise TooLarge(f"{self.game.title}: the game is too long to solve exactly.") from None

    def losses(self, state: Any, seat: Seat) -> dict[Move, Fraction]:
        """Each legal move of an awaited seat, with the result it gives up (0 = optimal). At
        a sealed step the move is weighed against the other seat's optimal strategy that
        punishes it most, so a move loses nothing exactly when some optimal strategy plays it."""
        game = self.game
        awaited = sorted(game.to_move(state))
        if seat not in awaited:
            raise ValueError(f"Seat {seat} is not to move.")
        moves = self._moves(state, seat)
        if len(awaited) == 1:
            best = self.value(state)
            children = [self.value(advance(game, state, {seat: m})) for m in moves]
            sign = 1 if seat == 0 else -1
            return {m: sign * (best - v) for m, v in zip(moves, children, strict=True)}
        table = self._payoffs(state, self.value)
        _, lost = (matrix.row_losses if seat == 0 else matrix.column_losses)(table)
        return dict(zip(moves, lost, strict=True))

    def optimal_moves(self, state: Any, seat: Seat) -> list[Move]:
        """The moves of an awaited seat that give up nothing, in the game's order."""
        game = self.game
        if len(game.to_move(state)) != 1 or seat not in game.to_move(state):
            return [m for m, lost in self.losses(state, seat).items() if lost == 0]
        best = whole(self.value(state) * 2)
        try:
            return [
                m
                for m in self._moves(state, seat)
                if self._reaches(advance(game, state, {seat: m}), seat, best)
            ]
        except RecursionError:
            raise TooLarge(f"{game.title}: the game is too long to solve exactly.") from None

    def loss(self, state: Any, seat: Seat, move: Move) -> Fraction:
        """What this legal move of an awaited seat gives up from its perfect result."""
        return self.losses(state, seat)[move]

    def chances(self, state: Any, seat: Seat) -> float:
        """The seat's expected result (1 a win, 1/2 a draw) when it keeps to the moves that give
        up nothing, picking among them what an opponent playing at random most often gets
        wrong, and the opponent plays each legal move alike; raise TooLarge. A sealed step on
        the way counts at its perfect-play value."""
        try:
            return self._chances(state, seat)
        except RecursionError:
            raise TooLarge(f"{self.game.title}: the game is too long to solve exactly.") from None

    def _chances(self, state: Any, seat: Seat) -> float:
        self._visit()
        key = (seat, self.key(state))
        known = self.chance_memo.get(key)
        if known is not None:
            return known
        game = self.game
        awaited = sorted(game.to_move(state))
        if game.is_over(state) or len(awaited) != 1:
            mine = float(self._value(state)) / 2
            result = mine if seat == 0 else 1.0 - mine
        else:
            mover = awaited[0]
            children = [advance(game, state, {mover: m}) for m in self._moves(state, mover)]
            if mover == seat:
                best = self._value(state)
                result = max(
                    self._chances(c, seat) for c in children if self._reaches(c, seat, best)
                )
            else:
                result = sum(self._chances(c, seat) for c in children) / len(children)
        self._check_clock(len(self.chance_memo))
        self.chance_memo[key] = result
        return result

    def equilibrium(self, state: Any) -> tuple[list[Move], list[Move], matrix.Equilibrium]:
        """A sealed step's moves of seat 0 and of seat 1, and an equilibrium over them."""
        if not self.game.is_sealed(state):
            raise ValueError("Not a sealed step.")
        table = self._payoffs(state, self.value)
        return self._moves(state, 0), self._moves(state, 1), matrix.solve(table)

    def strategy(self, state: Any, seat: Seat) -> tuple[list[Move], tuple[Fraction, ...]]:
        """An optimal mixed strategy of a seat at a sealed step, over its moves that no other of
        its moves weakly dominates (a sure draw by leaving, say, beside a move that cannot lose
        and may win): its moves and their weights."""
        if not self.game.is_sealed(state):
            raise ValueError("Not a sealed step.")
        table = self._payoffs(state, self.value)
        if seat == 1:
            table = [[1 - x for x in column] for column in zip(*table, strict=True)]
        kept = matrix.undominated(table)
        moves = self._moves(state, seat)
        equilibrium = matrix.solve([table[i] for i in kept])
        return [moves[i] for i in kept], equilibrium.rows

    def _visit(self) -> None:
        """Count one visit of a position against the work given; TooLarge past it."""
        self.visits_left -= 1
        if self.visits_left < 0:
            raise TooLarge(f"{self.game.title}: not solved within the work given.")

    def _check_clock(self, kept: int) -> None:
        """TooLarge once past the deadline (looked at every 256 positions kept)."""
        if kept & 255 == 0 and time.perf_counter() > self.deadline:
            raise TooLarge(f"{self.game.title}: not solved in the time given.")

    def _value(self, state: Any, alpha: Doubled = BOTTOM, beta: Doubled = TOP) -> Doubled:
        """Seat 0's result doubled: exact when strictly inside the window (alpha, beta), else a
        bound on the side it fell (at most alpha: no higher; at least beta: no lower), which is
        all a caller that passes the window needs to cut its search short."""
        self._visit()
        key = self.key(state)
        known = self.memo.get(key)
        if known is not None:
            return known
        low, high = self.bounds.get(key, (BOTTOM, TOP))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        result, exact = self._search(state, alpha, beta)
        if exact:
            low = high = result
        elif result <= alpha:
            high = result
        else:
            low = result
        self._check_clock(self.positions)
        if self.positions >= self.limit:
            raise TooLarge(
                f"{self.game.title}: more than {self.limit:,} positions; too large to solve "
                "exactly."
            )
        if low == high:
            self.memo[key] = low
            self.bounds.pop(key, None)
        else:
            self.bounds[key] = (low, high)
        return result

    def _search(self, state: Any, alpha: Doubled, beta: Doubled) -> tuple[Doubled, bool]:
        """A position's value searched within the window, and whether it is exact."""
        game = self.game
        if game.is_over(state):
            return self._result(state), True
        awaited = sorted(game.to_move(state))
        if len(awaited) == 1:
            result = self._turn(state, awaited[0], alpha, beta)
            return result, alpha < result < beta
        table = self._payoffs(state, self._value)
        return whole(matrix.value([[Fraction(v) for v in row] for row in table])), True

    def _reaches(self, state: Any, seat: Seat, result: Doubled) -> bool:
        """True when the state is worth at least `result` to the seat (seat 0's result doubled,
        as the search keeps it): a search with a window that asks only that (any window
        beside the bound answers it exactly; one a whole point wide keeps to ints)."""
        if seat == 0:
            return self._value(state, result - 1, result) >= result
        return self._value(state, result, result + 1) <= result

    def _result(self, state: Any) -> int:
        won = self.game.winners(state)
        return EVEN if len(won) == 2 else TOP if 0 in won else BOTTOM

    def _turn(self, state: Any, seat: Seat, alpha: Doubled, beta: Doubled) -> Doubled:
        """The best child for the mover, searched within the window (alpha-beta): the search
        stops once a child is as good for the mover as the other side already allows."""
        game = self.game
        best: Doubled | None = None
        for move in self._moves(state, seat):
            v = self._value(advance(game, state, {seat: move}), alpha, beta)
            if seat == 0:
                if best is None or v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if best is None or v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        assert best is not None  # a game that is not over has a legal move for the mover
        return best

    def _payoffs(self, state: Any, value: Callable[[Any], V]) -> list[list[V]]:
        """Seat 0's result after each pair of sealed moves (seat 0's move picks the row), each
        found by `value` (the guarded entry from outside the recursion, or the doubled one)."""
        rows, columns = self._moves(state, 0), self._moves(state, 1)
        if len(rows) * len(columns) > self.limit:
            raise TooLarge(f"{self.game.title}: a sealed step with too many move pairs.")
        game = self.game
        return [[value(advance(game, state, {0: r, 1: c})) for c in columns] for r in rows]

    def _moves(self, state: Any, seat: Seat) -> list[Move]:
        """The seat's legal moves, refused when there are more than the limit."""
        moves = list(islice(self.game.legal(state, seat), self.limit + 1))
        if len(moves) > self.limit:
            raise TooLarge(f"{self.game.title}: more than {self.limit:,} legal moves.")
        return moves
