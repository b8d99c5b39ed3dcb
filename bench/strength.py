"""Strength and speed of the computer players: seeded games between contestants (levels,
heuristic players, random) at each game's default options and at larger tables, with the
counted contestant's seat rotated, and the time of every decision per contestant."""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.contestants import CONTESTANTS, RANDOM, move_of
from bench.strength_journal import Journal
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
    journal: Path | None = None
    """A file keeping every batch played: a batch found there is not played again."""


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


@dataclass
class StrengthResult:
    """Every game played, the decision times per contestant, and the plan."""

    results: list[GameResult]
    times_ms: dict[str, list[float]]
    plan: Plan
    seconds: float
    resumed: int = 0
    """Batches found in the journal, not played in this run."""
    loads: tuple[float, ...] = ()
    """The load average as each batch was done (in this run or the journal's)."""
    table_times_ms: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    """The decision times per contestant at each table, by its label (a level's time differs
    by game)."""

    @property
    def batches(self) -> int:
        """Batches in the result, played or found."""
        return len(self.loads)


def jobs(plan: Plan) -> list[Job]:
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
    """Every pairing, over a pool of `workers` processes (1: in this one); with a journal, the
    batches it holds are taken from it and each new one is added as it is done."""
    started = time.perf_counter()
    journal = Journal(plan.journal) if plan.journal is not None else None
    version = players_version()
    found, todo = from_journal(plan, journal, version)
    done = [(job[0], batch) for job, batch in found]
    resumed = len(done)
    if resumed:
        log.info("strength: %d batches from the journal, %d to play", resumed, len(todo))
    if workers > 1 and todo:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            done += _collect(pool.imap_unordered(play_batch, todo), len(todo), journal, version)
    else:
        done += _collect(map(play_batch, todo), len(todo), journal, version)
    return merged(done, plan, time.perf_counter() - started, resumed)


def merged(
    batches: Sequence[tuple[Pairing, Batch]], plan: Plan, seconds: float, resumed: int
) -> StrengthResult:
    """Batches of the plan's pairings as one run's result: every game in order, and the
    decision times per contestant, over all tables and at each."""
    results: list[GameResult] = []
    times: dict[str, list[float]] = {}
    by_table: dict[str, dict[str, list[float]]] = {}
    for pairing, batch in sorted(batches, key=lambda kept: kept[0].table.label):
        results += batch.results
        at_table = by_table.setdefault(pairing.table.label, {})
        for name, values in batch.times_ms.items():
            times.setdefault(name, []).extend(values)
            at_table.setdefault(name, []).extend(values)
    results.sort(key=lambda r: (r.pairing.table.label, r.pairing.first, r.pairing.other, r.index))
    loads = tuple(batch.load for _, batch in batches)
    return StrengthResult(results, times, plan, seconds, resumed, loads, by_table)


def from_journal(
    plan: Plan, journal: Journal | None, version: str
) -> tuple[list[tuple[Job, Batch]], list[Job]]:
    """The plan's jobs whose batch the journal holds for this code, with that batch, and the
    jobs still to play."""
    found: list[tuple[Job, Batch]] = []
    todo: list[Job] = []
    for job in jobs(plan):
        entry = journal.get(job_key(job, version)) if journal is not None else None
        if entry is None:
            todo.append(job)
        else:
            found.append((job, batch_of(job[0], entry)))
    return found, todo


PLAYERS_CODE = ("players", "rules", "bench/contestants.py", "bench/strength.py")
"""What decides a game between contestants (and how it is seated and seeded), from the
project's root."""


def players_version() -> str:
    """A digest of the code that decides the games (the levels, the heuristics, the rules)."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for name in PLAYERS_CODE:
        path = root / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(str(source.relative_to(root)).encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def job_key(job: Job, version: str) -> str:
    """What makes two batches the same: the table, the contestants, the games, the budgets,
    and the code that played them (a batch of other code is played again)."""
    pairing, first, count, scale = job
    table = pairing.table
    where = [table.slug, table.players, table.options, pairing.first, pairing.other]
    return json.dumps([*where, first, count, scale, version])


def entry_of(batch: Batch) -> dict[str, Any]:
    """A batch as the journal keeps it."""
    return {
        "results": [[r.index, r.seat, r.totals, r.winners] for r in batch.results],
        # A hundredth of a millisecond is finer than the clock's noise, and the journal is kept.
        "times_ms": {name: [round(v, 2) for v in kept] for name, kept in batch.times_ms.items()},
        "seconds": batch.seconds,
        "load": batch.load,
    }


def batch_of(pairing: Pairing, entry: dict[str, Any]) -> Batch:
    """A batch of `pairing` from the journal's entry."""
    results = [
        GameResult(pairing, index, seat, tuple(totals), tuple(winners))
        for index, seat, totals, winners in entry["results"]
    ]
    return Batch(results, entry["times_ms"], entry["seconds"], entry["load"])


def _collect(
    batches: Iterable[tuple[Job, Batch]], total: int, journal: Journal | None, version: str
) -> list[tuple[Pairing, Batch]]:
    """Every batch as it finishes with its pairing, kept in the journal, saying how far the run
    is every tenth of the way."""
    done: list[tuple[Pairing, Batch]] = []
    for job, batch in batches:
        if journal is not None:
            journal.add(job_key(job, version), entry_of(batch))
        done.append((job[0], batch))
        if len(done) % max(1, total // 10) == 0:
            log.info("strength: %d of %d batches done", len(done), total)
    return done


def lowest_wins(slug: str) -> bool:
    """True for a game won by the lowest total."""
    game: Any = GAMES[slug]
    return bool(game.lowest_wins)
