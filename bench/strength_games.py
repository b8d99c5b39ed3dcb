"""One seeded game between contestants at a table, and a batch of them: the code that, with
the players and the rules, decides what a strength run's games are (its digest keys the
journal's batches, so a plan or a report can change without playing them again)."""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from bench.contestants import move_of
from rules import GAMES
from rules.base import Move, Seat
from rules.record import Progress


@dataclass(frozen=True)
class Table:
    """A game, its number of players and the options given (the rest are defaults)."""

    slug: str
    players: int = 2
    options: tuple[tuple[str, int], ...] = ()

    @property
    def label(self) -> str:
        """'numbers-to-number', or 'numerical-cards, 4 players' away from the defaults."""
        parts = [f"{k}={v}" for k, v in self.options]
        if self.players != 2:
            parts.append(f"{self.players} players")
        return self.slug + (f" ({', '.join(parts)})" if parts else "")

    @property
    def default(self) -> bool:
        """Two players at the game's default options."""
        return self.players == 2 and not self.options


@dataclass(frozen=True)
class Pairing:
    """A contestant counted (`first`) against another that fills every other seat."""

    table: Table
    first: str
    other: str


@dataclass(frozen=True)
class GameResult:
    """One finished game: the pairing, where the counted contestant sat, the totals and the
    winners."""

    pairing: Pairing
    index: int
    seat: Seat
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The contestant in each seat."""
        out = [self.pairing.other] * self.pairing.table.players
        out[self.seat] = self.pairing.first
        return tuple(out)


@dataclass
class Batch:
    """What a worker sends back: its games, the decision times (ms) per contestant, and the
    machine's load average when it was done."""

    results: list[GameResult] = field(default_factory=list)
    times_ms: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0
    load: float = 0.0


Job = tuple[Pairing, int, int, float]
"""A pairing, its first game, the number of games and the scale of the levels' budgets."""


def play_game(
    pairing: Pairing, index: int, scale: float, times_ms: dict[str, list[float]]
) -> GameResult:
    """One seeded game of a pairing; the counted contestant sits in seat index mod players."""
    table = pairing.table
    game = GAMES[table.slug]
    seat_of_first = index % table.players
    names = [pairing.other] * table.players
    names[seat_of_first] = pairing.first
    rng = random.Random(hash_seed(table.label, pairing.first, pairing.other, index))
    progress = Progress.begin(game, table.players, dict(table.options))
    while not progress.is_over():
        state = progress.state
        step: dict[Seat, Move] = {}
        for seat in sorted(game.to_move(state)):
            seed = rng.randrange(2**32)
            start = time.perf_counter()
            step[seat] = move_of(names[seat], game, state, seat, seed, scale)
            times_ms.setdefault(names[seat], []).append((time.perf_counter() - start) * 1e3)
        for seat, move in step.items():  # the sealed moves stay hidden until all are in
            progress = progress.submit(seat, move)
    return GameResult(
        pairing,
        index,
        seat_of_first,
        tuple(game.scores(progress.state)),
        tuple(progress.winners()),
    )


def play_batch(job: Job) -> tuple[Job, Batch]:
    """Games `first`..`first + count - 1` of a pairing."""
    pairing, first, count, scale = job
    started = time.perf_counter()
    batch = Batch()
    for i in range(first, first + count):
        batch.results.append(play_game(pairing, i, scale, batch.times_ms))
    batch.seconds = time.perf_counter() - started
    batch.load = os.getloadavg()[0]
    return job, batch


def hash_seed(*parts: object) -> int:
    """A seed from names and numbers, the same in every process (no hash randomization)."""
    return random.Random(":".join(map(str, parts))).randrange(2**32)


def lowest_wins(slug: str) -> bool:
    """True for a game won by the lowest total."""
    game: Any = GAMES[slug]
    return bool(game.lowest_wins)
