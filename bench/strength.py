"""Strength and speed of the computer players: for every game at its default options with two
players, seeded games between levels (seats swapped for half of them), and the time of every
decision per level."""

from __future__ import annotations

import logging
import multiprocessing
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from players import LEVELS, Level, decide
from rules import GAMES
from rules.base import Move, Seat
from rules.record import Progress

log = logging.getLogger(__name__)

RANDOM = "random"
"""The uniform random player: the game's own random move (`game.sample`)."""
PAIRINGS = (("hard", RANDOM), ("hard", "medium"), ("medium", RANDOM))
"""Who plays whom; the first named is the one whose results are counted."""
TIMED = ("easy", "medium", "hard")
"""Levels whose decisions are timed (easy at every decision the random player makes, without
playing it, so its timing costs the games nothing)."""
CHUNK = 10
"""Games of one pairing handed to a worker at a time."""


@dataclass
class Tally:
    """One pairing's results in one game, counted for the first-named level."""

    slug: str
    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    """The first-named level's total points over its games."""
    other_points: int = 0

    @property
    def games(self) -> int:
        """How many games were played."""
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        """Wins plus half the draws, over the games."""
        return (self.wins + self.draws / 2) / self.games if self.games else float("nan")

    def score_share(self, lowest_wins: bool) -> float:
        """The first-named level's share of both totals; where lowest wins, the other side's
        share (the part of the points it avoided), so higher is better either way."""
        total = self.points + self.other_points
        if not total:
            return 0.5
        return (self.other_points if lowest_wins else self.points) / total

    def add(self, other: Tally) -> None:
        """Count another batch of the same pairing."""
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.points += other.points
        self.other_points += other.other_points


@dataclass
class Batch:
    """What a worker sends back: a tally and the decision times (ms) per level."""

    tally: Tally
    times_ms: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class StrengthResult:
    """Every pairing of every game, and the decision times per level over all games."""

    tallies: list[Tally]
    times_ms: dict[str, list[float]]
    games_per_pairing: int
    simulation_scale: float
    seconds: float


def level_of(name: str, scale: float, levels: Mapping[str, Level] = LEVELS) -> Level:
    """The named level, its simulations scaled (a quick run searches less)."""
    level = levels[name]
    if scale == 1 or level.simulations <= 0:
        return level
    return replace(level, simulations=max(1, round(level.simulations * scale)))


def play_game(
    slug: str,
    seats: tuple[str, str],
    seed: int,
    scale: float = 1.0,
    times_ms: dict[str, list[float]] | None = None,
    levels: Mapping[str, Level] = LEVELS,
) -> Progress:
    """One game at default options between two players (a level name or RANDOM per seat),
    each decision timed into `times_ms` by level."""
    game = GAMES[slug]
    rng = random.Random(seed)
    progress = Progress.begin(game, len(seats), {})
    players = {name: level_of(name, scale, levels) for name in set(seats) - {RANDOM}}
    while not progress.is_over():
        state = progress.state
        step: dict[Seat, Move] = {}
        for seat in sorted(game.to_move(state)):
            name = seats[seat]
            decision_seed = rng.randrange(2**32)
            if name == RANDOM:
                step[seat] = game.sample(state, seat, rng)
                if times_ms is not None:  # time the easy level here, without playing it
                    start = time.perf_counter()
                    decide(game, state, seat, levels["easy"], decision_seed)
                    times_ms.setdefault("easy", []).append((time.perf_counter() - start) * 1e3)
                continue
            start = time.perf_counter()
            step[seat] = decide(game, state, seat, players[name], decision_seed)
            if times_ms is not None:
                times_ms.setdefault(name, []).append((time.perf_counter() - start) * 1e3)
        for seat, move in step.items():  # the sealed moves stay hidden until all are in
            progress = progress.submit(seat, move)
    return progress


def play_batch(job: tuple[str, str, str, int, int, float]) -> Batch:
    """Games `first`..`first + count - 1` of a pairing; even games give the first-named
    level seat 0, odd ones seat 1."""
    slug, a, b, first, count, scale = job
    started = time.perf_counter()
    batch = Batch(Tally(slug, a, b))
    tally = batch.tally
    for i in range(first, first + count):
        mine = i % 2
        seats = (a, b) if mine == 0 else (b, a)
        seed = hash_seed(slug, a, b, i)
        progress = play_game(slug, seats, seed, scale, batch.times_ms)
        winners = progress.winners()
        totals = progress.game.scores(progress.state)
        tally.points += totals[mine]
        tally.other_points += totals[1 - mine]
        if winners == [mine]:
            tally.wins += 1
        elif mine in winners:
            tally.draws += 1
        else:
            tally.losses += 1
    batch.seconds = time.perf_counter() - started
    return batch


def hash_seed(*parts: object) -> int:
    """A seed from names and numbers, the same in every process (no hash randomization)."""
    return random.Random(":".join(map(str, parts))).randrange(2**32)


def jobs(games_per_pairing: int, scale: float) -> list[tuple[str, str, str, int, int, float]]:
    """Every batch of every pairing of every game."""
    out = []
    for slug in GAMES:
        for a, b in PAIRINGS:
            for first in range(0, games_per_pairing, CHUNK):
                count = min(CHUNK, games_per_pairing - first)
                out.append((slug, a, b, first, count, scale))
    return out


def run_strength(games_per_pairing: int, scale: float, workers: int) -> StrengthResult:
    """Every pairing of every game, over a pool of `workers` processes (1: in this one)."""
    started = time.perf_counter()
    todo = jobs(games_per_pairing, scale)
    tallies: dict[tuple[str, str, str], Tally] = {}
    times: dict[str, list[float]] = {name: [] for name in TIMED}
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            done = _collect(pool.imap_unordered(play_batch, todo), len(todo))
    else:
        done = _collect(map(play_batch, todo), len(todo))
    for batch in done:
        t = batch.tally
        key = (t.slug, t.first, t.second)
        tallies.setdefault(key, Tally(*key)).add(t)
        for name, values in batch.times_ms.items():
            times.setdefault(name, []).extend(values)
        log.debug("strength: %s %s-%s batch in %.1f s", t.slug, t.first, t.second, batch.seconds)
    order = [(slug, a, b) for slug in GAMES for a, b in PAIRINGS]
    return StrengthResult(
        [tallies[key] for key in order if key in tallies],
        times,
        games_per_pairing,
        scale,
        time.perf_counter() - started,
    )


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
