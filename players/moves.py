"""A seat's legal moves drawn at random without listing a huge range, and the playout step."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sized
from itertools import islice
from typing import Any

from players.knowledge import search_knowledge
from rules.base import Game, Move, Seat
from rules.number_sets import RangeMoves

LISTED = 64
"""A seat with at most this many legal moves has them listed; beyond, they are sampled."""
TRIES = 48
"""Draws of an already-drawn move in a row after which a sampled pool counts as used up."""
RANGE_TRIES = 64
"""Random numbers tried in a RangeMoves before its free numbers are listed (a crowded range)."""


def listing(game: Game[Any], state: Any, seat: Seat, cap: int = LISTED) -> list[Move] | None:
    """The seat's legal moves when there are at most `cap`, else None (nothing huge is listed)."""
    legal = game.legal(state, seat)
    if isinstance(legal, Sized):
        return list(legal) if len(legal) <= cap else None
    head = list(islice(legal, cap + 1))
    return head if len(head) <= cap else None


def range_sample(moves: RangeMoves, rng: random.Random) -> Move | None:
    """A random move of a numeric range by rejection (None when the range is too crowded)."""
    lo, span, taken = moves.lo, moves.hi - moves.lo + 1, moves.taken
    if span <= 0:
        return None
    draw = rng.random
    for _ in range(RANGE_TRIES):
        x = lo + int(draw() * span)
        if x not in taken:
            return str(x)
    return None


def quick_sample(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Move:
    """A random legal move of a seat; a numeric range is sampled without a listing."""
    legal = game.legal(state, seat)
    if isinstance(legal, RangeMoves):
        move = range_sample(legal, rng)
        if move is not None:
            return move
    return game.sample(state, seat, rng)


def playout_move(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Move:
    """The random move of a seat in a playout: a way out of the game only when it is drawn
    again and again (so random play does not end games by leaving them)."""
    fast = search_knowledge(game.slug).sampler
    if fast is not None:
        return fast(state, seat, rng)
    leaving = game.leaving_moves(state, seat)
    move = quick_sample(game, state, seat, rng)
    if leaving:
        for _ in range(3):
            if move not in leaving:
                break
            move = quick_sample(game, state, seat, rng)
    return move


def winning_way_out(
    game: Game[Any], state: Any, seat: Seat, step: Mapping[Seat, Move]
) -> Move | None:
    """A way out of the game that ends it at once with the seat alone best, the others moving
    as in `step` (in Numerical Card Game, the leader of the last two drops), or None."""
    for move in game.leaving_moves(state, seat):
        after = advance(game, state, {**step, seat: move})
        if game.is_over(after) and game.winners(after) == {seat}:
            return move
    return None


def advance(game: Game[Any], state: Any, moves: Mapping[Seat, Move]) -> Any:
    """Apply a step of canonical legal moves drawn from the game itself, unchecked.

    Playouts only: every move comes from `legal`, `sample` or `auto_move`, which give canonical
    legal moves, so the parse that `apply` repeats for each move is skipped (a third of a step).
    """
    return game._apply(state, moves)


class MovePool:
    """One seat's legal moves in one state, drawn one at a time without repeats in a seeded
    random order: listed when few, sampled (never listed) when many."""

    def __init__(self, game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        legal = game.legal(state, seat)
        self.range = legal if isinstance(legal, RangeMoves) else None
        self.listed: list[Move] | None = listing(game, state, seat)
        if self.listed is not None:
            rng.shuffle(self.listed)
            self.listed.reverse()  # popped from the end: the shuffled order, first first
        self.seen: set[Move] = set()
        self.queue: list[Move] = []
        """Moves to draw first in a sampled pool (popped from the end)."""
        self.done = False

    @property
    def small(self) -> bool:
        """True when the moves are listed (all of them will be drawn in time)."""
        return self.listed is not None

    def remaining(self) -> list[Move] | None:
        """The moves not drawn yet, in draw order, when listed."""
        return None if self.listed is None else self.listed[::-1]

    def reorder(self, first: list[Move]) -> None:
        """Draw the listed moves in this order (a permutation of `remaining()`)."""
        self.listed = first[::-1]

    def prefer(self, first: list[Move]) -> None:
        """Draw these legal moves before any other, best first (the rest keep their order)."""
        if self.listed is not None:
            chosen = set(first)
            rest = [m for m in self.remaining() or [] if m not in chosen]
            self.listed = (list(first) + rest)[::-1]
            return
        self.queue = list(first)[::-1]

    def only(self, moves: list[Move]) -> None:
        """Draw these legal moves, in this order, and no other."""
        self.listed = list(dict.fromkeys(moves))[::-1]
        self.range = None
        self.queue = []

    def draw(self) -> Move | None:
        """A move not drawn before, or None when none is left (or none is found)."""
        while self.queue:
            preferred = self.queue.pop()
            if preferred not in self.seen:
                self.seen.add(preferred)
                return preferred
        if self.listed is None and not self.done:
            for _ in range(TRIES):
                move = self._sample()
                if move is None:  # the range was crowded and is listed now
                    break
                if move not in self.seen:
                    self.seen.add(move)
                    return move
            else:
                self.done = True
        if self.listed is not None:
            return self.listed.pop() if self.listed else None
        return None

    def _sample(self) -> Move | None:
        if self.range is None:
            fast = search_knowledge(self.game.slug).sampler
            if fast is not None:
                return fast(self.state, self.seat, self.rng)
            return self.game.sample(self.state, self.seat, self.rng)
        move = range_sample(self.range, self.rng)
        if move is None:
            # A crowded range: list its free numbers once (few are left, or the game's end is
            # near), in a seeded order, and draw from that listing from now on.
            self.listed = [m for m in self.range if m not in self.seen]
            self.rng.shuffle(self.listed)
            self.range = None
        return move
