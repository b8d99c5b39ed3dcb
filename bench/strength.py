"""Strength and speed of the computer players: the plan (which contestants meet at each
game's default options, in a round robin, at 3 players and at larger tables, and how many
times), its batches played over worker processes and kept in the journal, and their results
as one run's."""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.contestants import CONTESTANTS, RANDOM
from bench.strength_games import Batch, GameResult, Job, Pairing, Table, play_batch
from bench.strength_journal import Journal
from rules import GAMES

log = logging.getLogger(__name__)

CHUNK = 5
"""Games of one pairing handed to a worker at a time."""

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
    once: dict[Pairing, int] = {}
    for pairing, count in out:
        if count > 0:
            # Once each: Arcs And Marks's larger table is its table of 3.
            once.setdefault(pairing, count)
    return list(once.items())


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


PLAYERS_CODE = ("players", "rules", "bench/contestants.py", "bench/strength_games.py")
"""What decides a game between contestants (and how it is seated and seeded), from the
project's root; not the plan of which games to play, which each batch's key names."""


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
