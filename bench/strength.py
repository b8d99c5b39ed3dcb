"""Strength and speed of the computer players: seeded games between contestants (levels,
heuristic players, random) at each game's default options and at larger tables, with the
counted contestant's seat rotated, and the time of every decision per contestant."""

from __future__ import annotations

import logging
import multiprocessing
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bench.contestants import CONTESTANTS, RANDOM, move_of
from rules import GAMES
from rules.base import Move, Seat
from rules.record import Progress

log = logging.getLogger(__name__)

CHUNK = 5
"""Games of one pairing handed to a worker at a time."""


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


DEFAULT_PAIRINGS = (
    ("hard", RANDOM),
    ("hard", "greedy"),
    ("hard", "greedy-safe"),
    ("expert", "hard"),
    ("hard", "medium"),
    ("medium", RANDOM),
    ("greedy", RANDOM),
    ("greedy-safe", RANDOM),
    ("greedy-safe", "greedy"),
)
"""Who plays whom at every game's default options, with the full number of games."""
LARGER_TABLES = (
    Table("numbers-to-number", 2, (("m", 10), ("rounds", 10))),
    Table("numerical-cards", 4),
    Table("arcs-and-marks", 3),
    Table("labyrinthine-loop", 2, (("n", 8),)),
)
"""A larger table per game where the size, not the budget, could decide (Numbers To Number's
m=10 with the default's 10 rounds: its own default, 102 rounds, is 1,020 sealed steps)."""
TABLE_OPPONENT = "greedy-safe"
"""Who fills the other seats at 3 players and at the larger tables."""


def round_robin() -> list[tuple[str, str]]:
    """Every pair of contestants not among the default pairings, for the ratings."""
    named = {frozenset(p) for p in DEFAULT_PAIRINGS}
    return [
        (a, b)
        for i, a in enumerate(CONTESTANTS)
        for b in CONTESTANTS[i + 1 :]
        if frozenset((a, b)) not in named
    ]


@dataclass(frozen=True)
class Plan:
    """How many games each kind of pairing plays."""

    games: int
    """Per default pairing and game (seats swapped in half)."""
    round_robin_games: int
    """Per other pair of contestants and game, for the ratings."""
    table_games: int
    """Per game at 3 players and per larger table."""
    scale: float = 1.0
    """The levels' simulations are multiplied by this (1: the real budgets)."""
    slugs: tuple[str, ...] = ()
    """Only these games (none named: every game)."""
    only: tuple[tuple[str, str], ...] = ()
    """Only these pairings, at default options (none named: the default pairings, the round
    robin and the larger tables)."""
    first_game: int = 0
    """The seed index of each pairing's first game (another number plays other games)."""


def pairings(plan: Plan) -> list[tuple[Pairing, int]]:
    """Every pairing to play and its number of games."""
    out: list[tuple[Pairing, int]] = []
    slugs = [slug for slug in GAMES if not plan.slugs or slug in plan.slugs]
    for slug in slugs:
        table = Table(slug)
        if plan.only:
            out += [(Pairing(table, a, b), plan.games) for a, b in plan.only]
            continue
        out += [(Pairing(table, a, b), plan.games) for a, b in DEFAULT_PAIRINGS]
        out += [(Pairing(table, a, b), plan.round_robin_games) for a, b in round_robin()]
    if not plan.only:
        for slug in slugs:
            if GAMES[slug].min_players <= 3 <= GAMES[slug].max_players:
                out.append((Pairing(Table(slug, 3), "hard", TABLE_OPPONENT), plan.table_games))
        out += [
            (Pairing(t, "hard", TABLE_OPPONENT), plan.table_games)
            for t in LARGER_TABLES
            if t.slug in slugs
        ]
    return [(p, n) for p, n in out if n > 0]


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
    """What a worker sends back: its games and the decision times (ms) per contestant."""

    results: list[GameResult] = field(default_factory=list)
    times_ms: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0


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


def play_batch(job: tuple[Pairing, int, int, float]) -> Batch:
    """Games `first`..`first + count - 1` of a pairing."""
    pairing, first, count, scale = job
    started = time.perf_counter()
    batch = Batch()
    for i in range(first, first + count):
        batch.results.append(play_game(pairing, i, scale, batch.times_ms))
    batch.seconds = time.perf_counter() - started
    return batch


def hash_seed(*parts: object) -> int:
    """A seed from names and numbers, the same in every process (no hash randomization)."""
    return random.Random(":".join(map(str, parts))).randrange(2**32)


@dataclass
class StrengthResult:
    """Every game played, the decision times per contestant, and the plan."""

    results: list[GameResult]
    times_ms: dict[str, list[float]]
    plan: Plan
    seconds: float


def jobs(plan: Plan) -> list[tuple[Pairing, int, int, float]]:
    """Every batch of every pairing; the slowest contestants' batches first, so that the
    workers finish together."""
    start = plan.first_game
    out = [
        (pairing, first, min(CHUNK, start + count - first), plan.scale)
        for pairing, count in pairings(plan)
        for first in range(start, start + count, CHUNK)
    ]
    weight = {"expert": 0, "hard": 1}
    out.sort(key=lambda job: min(weight.get(job[0].first, 2), weight.get(job[0].other, 2)))
    return out


def run_strength(plan: Plan, workers: int) -> StrengthResult:
    """Every pairing, over a pool of `workers` processes (1: in this one)."""
    started = time.perf_counter()
    todo = jobs(plan)
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            done = _collect(pool.imap_unordered(play_batch, todo), len(todo))
    else:
        done = _collect(map(play_batch, todo), len(todo))
    results: list[GameResult] = []
    times: dict[str, list[float]] = {}
    for batch in done:
        results += batch.results
        for name, values in batch.times_ms.items():
            times.setdefault(name, []).extend(values)
    results.sort(key=lambda r: (r.pairing.table.label, r.pairing.first, r.pairing.other, r.index))
    return StrengthResult(results, times, plan, time.perf_counter() - started)


def _collect(batches: Iterable[Batch], total: int) -> list[Batch]:
    """Every batch as it finishes, saying how far the run is every tenth of the way."""
    done: list[Batch] = []
    for batch in batches:
        done.append(batch)
        if len(done) % max(1, total // 10) == 0:
            log.info("strength: %d of %d batches done", len(done), total)
    return done


def lowest_wins(slug: str) -> bool:
    """True for a game won by the lowest total."""
    game: Any = GAMES[slug]
    return bool(game.lowest_wins)
