"""The event loop's lag while four games against the hard computer run beside members' moves.

Measured on the referee itself, the way the bot drives it, without Discord: a real SQLite file,
the real process pool, a task per match whose computers are to move (as the computers cog
runs them), the member of each computer game moving as soon as awaited (so the computers are
nearly always thinking), members of other games moving at a steady rate (each `move` timed), and
a ticker on the same event loop that sleeps a few milliseconds and records how late it wakes.
First a short run without computers (the baseline), then the computer games start (the warm-up,
until the first computer move: the pool's processes start then), then the measured run."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import random
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.actions import BenchError
from bench.stats import percentile
from db import open_store
from players import LEVELS, Request
from referee import Referee
from referee.match import ACTIVE, LOBBY, Match
from referee.notices import Outcome
from referee.thinker import GRACE, Thinker
from rules.base import Move

log = logging.getLogger(__name__)

LEVEL = "hard"
COMPUTER_GAMES = ("numbers-to-number", "binary-scramble", "labyrinthine-loop", "arcs-and-marks")
"""A member against the hard computer in each (two players, default options); the first is
sealed throughout."""
MEMBER_GAMES = ("lengths-of-lengths", "numerical-cards", "integer-sequence")
"""Games between two members, moving at a steady rate (numerical-cards is sealed)."""
TICK_S = 0.005
"""The ticker's sleep: its lag is how much later than this it wakes."""
MEMBER_EVERY_S = 0.025
"""One member's move every this often, round robin over MEMBER_GAMES."""
WARMUP_LIMIT_S = 60.0
BASE_USER = 9_000_000
GUILD, CHANNEL = 1, 2


@dataclass
class Phase:
    """What one stretch of the run measured."""

    name: str
    lag_ms: list[float] = field(default_factory=list)
    member_ms: list[float] = field(default_factory=list)
    """`Referee.move` of members in the games between members."""
    sealed_ms: list[float] = field(default_factory=list)
    """The sealed ones among member_ms."""
    seconds: float = 0.0
    computer_moves: int = 0
    """Computer decisions finished (each one played, unless its step resolved meanwhile)."""
    versus_moves: int = 0
    """Moves of the members playing the computers."""
    computer_games: int = 0
    """Games against the computer that ended (another starts in their place)."""
    member_games: int = 0


@dataclass
class LagResult:
    """The three phases, the computer searches' times and the machine's state."""

    baseline: Phase
    warmup: Phase
    run: Phase
    search_s: list[float]
    """Every computer decision, from asking the pool to the move (waiting for a worker too)."""
    late_searches: int
    """Decisions past the level's time cap plus the grace (the easy move was played)."""
    workers: int
    load_after: float
    """The 1-minute load average at the end (the pool's workers count in it)."""


class TimedThinker(Thinker):
    """The thinker, counting and timing its decisions."""

    def __init__(self) -> None:
        super().__init__()
        self.search_s: list[float] = []
        self.late = 0

    async def decide(self, request: Request) -> Move:
        start = time.perf_counter()
        move = await super().decide(request)
        took = time.perf_counter() - start
        self.search_s.append(took)
        if took >= LEVELS[request.level].seconds + GRACE:
            self.late += 1
        return move


class Computers:
    """What the computers cog does: one task per match whose computers are to move."""

    def __init__(self, referee: Referee, moved: Callable[[int], None]) -> None:
        self.referee = referee
        self.moved = moved
        """Called after each round of a match's computers (the member may be awaited now)."""
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.again: set[int] = set()
        self.errors: list[BaseException] = []

    def deliver(self, outcome: Outcome) -> None:
        """Start the computers an outcome says are to move."""
        for match_id in outcome.computers:
            if match_id in self.tasks:
                self.again.add(match_id)
            else:
                self.tasks[match_id] = asyncio.create_task(self._play(match_id))

    async def _play(self, match_id: int) -> None:
        try:
            while True:
                self.again.discard(match_id)
                outcome = await self.referee.computer_moves(match_id)
                again = match_id in outcome.computers
                outcome.computers = [m for m in outcome.computers if m != match_id]
                self.deliver(outcome)
                self.moved(match_id)
                if not (again or match_id in self.again):
                    break
        except Exception as e:
            log.exception("Match %s: the computer could not move", match_id)
            self.errors.append(e)
        finally:
            self.tasks.pop(match_id, None)

    async def close(self) -> None:
        """Stop every search task."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class LagBench:
    """The games, the members, the computers' tasks and the ticker, on one event loop."""

    def __init__(self, referee: Referee, thinker: TimedThinker, rng: random.Random) -> None:
        self.referee = referee
        self.thinker = thinker
        self.rng = rng
        self.computers = Computers(referee, self._moved)
        self.phase = Phase("baseline")
        self.stop = asyncio.Event()
        self._woken: dict[int, asyncio.Event] = {}
        self._users = BASE_USER
        self._began = time.perf_counter()
        self._searches = 0

    def _moved(self, match_id: int) -> None:
        event = self._woken.get(match_id)
        if event is not None:
            event.set()

    def _user(self) -> int:
        self._users += 1
        return self._users

    async def tick(self) -> None:
        """Sleep TICK_S again and again, recording how late each wake-up is."""
        while not self.stop.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK_S)
            late = time.perf_counter() - start - TICK_S
            self.phase.lag_ms.append(max(0.0, late) * 1000)

    async def _open(self, slug: str, computer: str | None) -> int:
        host = self._user()
        out = await self.referee.new_match(
            GUILD, CHANNEL, host, f"m{host}", slug, {}, computer=computer
        )
        match_id = out.posts[0].match_id
        if computer is None:
            guest = self._user()
            await self.referee.join(match_id, guest, f"m{guest}")
            if (await self.referee.get(match_id)).status == LOBBY:
                await self.referee.start(match_id, host)
        else:
            self.computers.deliver(out)
        return match_id

    def _sample(self, match: Match, seat: int) -> str:
        progress = match.require_progress()
        return str(progress.game.sample(progress.state, seat, self.rng))

    async def versus(self, slug: str) -> None:
        """One member against the computer: a move whenever awaited; a new game at the end."""
        match_id = await self._open(slug, LEVEL)
        woken = self._woken[match_id] = asyncio.Event()
        while not self.stop.is_set():
            woken.clear()
            match = await self.referee.get(match_id)
            if match.status != ACTIVE:
                self.phase.computer_games += 1
                self._woken.pop(match_id, None)
                match_id = await self._open(slug, LEVEL)
                woken = self._woken[match_id] = asyncio.Event()
                continue
            members = [s for s in match.waiting_on() if not match.seats[s].computer]
            if members:
                seat = members[0]
                user = match.seats[seat].member_id
                out = await self.referee.move(match_id, user, self._sample(match, seat))
                self.computers.deliver(out)
                self.phase.versus_moves += 1
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), 0.5)

    async def members(self) -> None:
        """Members' moves in MEMBER_GAMES in turn, one every MEMBER_EVERY_S, each timed."""
        games = [await self._open(slug, None) for slug in MEMBER_GAMES]
        due = time.perf_counter()
        turn = 0
        while not self.stop.is_set():
            i = turn % len(games)
            turn += 1
            match = await self.referee.get(games[i])
            if match.status != ACTIVE:
                self.phase.member_games += 1
                games[i] = await self._open(MEMBER_GAMES[i], None)
                match = await self.referee.get(games[i])
            seat = min(match.waiting_on())
            user = match.seats[seat].member_id
            move = self._sample(match, seat)
            sealed = match.is_sealed()
            start = time.perf_counter()
            await self.referee.move(games[i], user, move)
            ms = (time.perf_counter() - start) * 1000
            self.phase.member_ms.append(ms)
            if sealed:
                self.phase.sealed_ms.append(ms)
            due += MEMBER_EVERY_S
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            else:
                due = time.perf_counter()  # behind: keep the rate from here, no burst

    def begin(self, name: str) -> Phase:
        """Count from now on in a new phase; returns the one that ended."""
        ended = self.phase
        ended.seconds = time.perf_counter() - self._began
        ended.computer_moves = len(self.thinker.search_s) - self._searches
        self.phase = Phase(name)
        self._began = time.perf_counter()
        self._searches = len(self.thinker.search_s)
        return ended

    async def run(self, baseline_s: float, seconds: float) -> tuple[Phase, Phase, Phase]:
        """Baseline (members only), warm-up (until the first computer move), measured run."""
        self._began = time.perf_counter()
        workers = [asyncio.create_task(self.tick()), asyncio.create_task(self.members())]
        try:
            await asyncio.sleep(baseline_s)
            baseline = self.begin("warmup")
            workers += [asyncio.create_task(self.versus(slug)) for slug in COMPUTER_GAMES]
            deadline = time.perf_counter() + WARMUP_LIMIT_S
            while not self.thinker.search_s:
                if self.computers.errors:
                    raise BenchError(f"computer moves failed: {self.computers.errors[0]!r}")
                if time.perf_counter() > deadline:
                    raise BenchError(f"no computer move in {WARMUP_LIMIT_S:g} s")
                await asyncio.sleep(0.05)
            warmup = self.begin("lag")
            log.info("lag: warm-up took %.1f s; measuring %g s", warmup.seconds, seconds)
            await asyncio.sleep(seconds)
            run = self.begin("end")
        finally:
            self.stop.set()
            done = await asyncio.gather(*workers, return_exceptions=True)
            await self.computers.close()
        for result in done:
            if isinstance(result, BaseException):
                raise result
        if self.computers.errors:
            raise BenchError(f"computer moves failed: {self.computers.errors[0]!r}")
        return baseline, warmup, run


async def run_lag(workdir: Path, baseline_s: float, seconds: float, seed: int = 1) -> LagResult:
    """Measure the lag on a fresh database; the pool is shut down at the end."""
    store = await open_store(str(workdir / "lag.sqlite3"))
    thinker = TimedThinker()
    referee = Referee(store, thinker=thinker)
    # As the bot's start does (Bot.freeze_heap): what exists before the run, modules and the
    # earlier sections' leftovers included, stays out of the collector's full passes, which
    # would otherwise hold the loop for as long as that heap takes to walk.
    gc.collect()
    gc.freeze()
    try:
        bench = LagBench(referee, thinker, random.Random(seed))
        baseline, warmup, run = await bench.run(baseline_s, seconds)
    finally:
        gc.unfreeze()
        referee.thinker.close()
        await store.close()
    return LagResult(
        baseline,
        warmup,
        run,
        thinker.search_s,
        thinker.late,
        thinker.processes,
        os.getloadavg()[0],
    )


GOAL_MS = 20.0
"""The goal: the loop's p99 lag under this while the computers think."""
HOW = (
    "on the referee (no Discord layer): a real SQLite file, the real process pool, a task"
    " per match whose computers are to move, as the computers cog runs them"
)


def _p(values: list[float], q: float) -> float | None:
    x = percentile(values, q)
    return None if math.isnan(x) else round(x, 3)


def lag_summary(res: LagResult) -> dict[str, Any]:
    """The section's JSON fields, with its goal under "goals" and the rest under "details"."""
    run, base = res.run, res.baseline
    p99 = _p(run.lag_ms, 99)
    return {
        "lag_p50_ms": _p(run.lag_ms, 50),
        "lag_p99_ms": p99,
        "lag_max_ms": _p(run.lag_ms, 100),
        "computer_moves": run.computer_moves,
        "member_move_p50_ms": _p(run.member_ms, 50),
        "member_move_p99_ms": _p(run.member_ms, 99),
        "goals": {
            "lag_p99_ms": {
                "goal": f"< {GOAL_MS:g}",
                "value": p99,
                "met": p99 is not None and p99 < GOAL_MS,
            }
        },
        "details": {
            "lag": {
                "how": HOW,
                "seconds": round(run.seconds, 3),
                "tick_ms": TICK_S * 1000,
                "ticks": len(run.lag_ms),
                "member_moves": len(run.member_ms),
                "member_sealed_p99_ms": _p(run.sealed_ms, 99),
                "versus_moves": run.versus_moves,
                "games_ended": {"versus": run.computer_games, "members": run.member_games},
                "search_s": {str(q): _p(res.search_s, q) for q in (50, 99, 100)},
                "late_searches": res.late_searches,
                "workers": res.workers,
                "warmup_s": round(res.warmup.seconds, 3),
                "warmup_lag_max_ms": _p(res.warmup.lag_ms, 100),
                "baseline_s": round(base.seconds, 3),
                "baseline_lag_ms": {str(q): _p(base.lag_ms, q) for q in (50, 99, 100)},
                "baseline_member_ms": {str(q): _p(base.member_ms, q) for q in (50, 99)},
                "load_avg_after": round(res.load_after, 2),
            }
        },
    }


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def lag_lines(res: LagResult, s: dict[str, Any], number: int) -> list[str]:
    """The section's block of the printed table."""
    run, base, d = res.run, res.baseline, s["details"]["lag"]
    rows = [
        (f"loop lag ({TICK_S * 1000:g} ms ticker)", run.lag_ms),
        ("members' moves (Referee.move)", run.member_ms),
        ("  sealed ones", run.sealed_ms),
        (f"without computers ({base.seconds:.1f} s): loop lag", base.lag_ms),
        ("  members' moves", base.member_ms),
    ]
    search = d["search_s"]
    met = "met" if s["goals"]["lag_p99_ms"]["met"] else "NOT MET"
    return [
        f"{number}. Event loop lag while {len(COMPUTER_GAMES)} games against the {LEVEL}"
        f" computer run beside members' moves ({run.seconds:.0f} s)",
        *textwrap.wrap(
            f"measured {HOW}; {res.workers} workers",
            96,
            initial_indent="   ",
            subsequent_indent="   ",
        ),
        f"   {'':42}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'n':>7}",
        *(
            f"   {name:42}{_ms(_p(v, 50)):>9}{_ms(_p(v, 99)):>9}{_ms(_p(v, 100)):>9}{len(v):>7}"
            for name, v in rows
        ),
        f"   warm-up until the first computer move ({res.warmup.seconds:.1f} s, the pool's"
        f" processes start): loop lag max {_ms(d['warmup_lag_max_ms'])} ms",
        f"   computer moves {run.computer_moves} ({res.late_searches} past the deadline; each"
        f" with the wait for a worker: p50 {search['50']} s, max {search['100']} s)",
        f"   members' moves against the computer {run.versus_moves}; games ended:"
        f" {run.computer_games} against the computer, {run.member_games} between members",
        f"   lag p99 {_ms(s['lag_p99_ms'])} ms; goal < {GOAL_MS:g} ms: {met}"
        f" (load average {res.load_after:.2f} at the end)",
    ]
