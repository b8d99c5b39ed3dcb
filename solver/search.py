"""The exact search for a(n) with the compiled core: the pure search's plan, run in threads.

The plan is rules/integer_sequence_solver.py's (read its docstring for every cut): heuristic
rounds find a good game G; the collections on the sets one and two numbers smaller bound the
first part of a game ending with each x; then one exact search for anything better than G.
Here each search is one call to the core, which releases the GIL, so threads keep both cores
busy: the collections run side by side, and the exact search is split into parts by its first
two moves, which share the best total found so far (an atomic in the core) and so prune with
what the others found. A finished part is a proof about its games, so a checkpoint of the
finished parts lets a stopped run continue.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from rules.integer_sequence_scoring import Order
from rules.integer_sequence_solver import SMALL, SPLIT, STEP
from solver.core import COLLECT, EXACT, HEUR, Core, RunResult, Stopped

SPLIT_FROM = 10
"""Smaller sets are searched in one part (splitting costs more than it gives)."""

Part = tuple[int, ...]


def values_of(mask: int) -> list[int]:
    """The numbers of a set, ascending."""
    return [v for v in range(mask.bit_length()) if mask >> v & 1]


@dataclass
class Outcome:
    """The answer of a top-level search, proven or (stopped) a lower bound."""

    best: int
    order: Order
    proven: bool
    seconds: dict[str, float] = field(default_factory=dict)
    parts_done: int = 0
    parts: int = 0


class Search:
    """Best totals of games on subsets of the numbers, each search done by the core."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.lo: dict[int, tuple[int, Order]] = {}
        self.hi: dict[int, int] = {}
        self.lists: dict[int, tuple[int, list[tuple[int, Order]]]] = {}
        self.lock = threading.Lock()
        self.on_collected: Callable[[], None] = lambda: None
        """Called after each finished collection, from the thread that ran it."""

    def upper(self, mask: int) -> int:
        """A proven upper bound on the best total of a game on the set."""
        found = self.hi.get(mask)
        core = self.core.upper(mask)
        return core if found is None else min(found, core)

    def lower(self, mask: int) -> tuple[int, Order]:
        """The best game found so far on the set (total 0 and no order if none)."""
        if mask not in self.lo:
            if mask.bit_count() <= SMALL:
                r = self.core.small(mask)
                self.lo[mask] = (r.best, r.order)
            else:
                self.lo[mask] = (0, ())
        return self.lo[mask]

    def offer(self, mask: int, total: int, order: Order) -> None:
        """Keep a game on the set if it beats the best known."""
        with self.lock:
            if total > self.lower(mask)[0]:
                self.lo[mask] = (total, order)

    def collect(self, mask: int, floor: int, pool: ThreadPoolExecutor | None = None) -> list[Order]:
        """Every order of the set whose total is at least floor (memoised by set); with a
        pool, the search on the set itself is split into parts run side by side."""
        if self.upper(mask) < floor:
            return []
        known = self.lists.get(mask)
        if known is not None and known[0] <= floor:
            return [o for t, o in known[1] if t >= floor]
        if mask.bit_count() <= SMALL:
            games = self.core.small(mask, floor).found
        else:
            bounds, extra = self.sub_bounds(mask, floor)
            games = [(t, o) for o in extra if (t := self.core.total(o)) >= floor]
            for run in self._runs(mask, floor, COLLECT, bounds, pool):
                games += run.found
        unique = sorted(dict((o, t) for t, o in games).items(), key=lambda x: (-x[1], x[0]))
        found = [(t, o) for o, t in unique]
        if found:
            self.offer(mask, *found[0])
        with self.lock:
            self.lists[mask] = (floor, found)
            if not found:
                self.hi[mask] = min(self.upper(mask), floor - 1)
        self.on_collected()
        return [o for _, o in found]

    def sub_bounds(
        self, mask: int, target: int, pool: ThreadPoolExecutor | None = None
    ) -> tuple[dict[int, int], list[Order]]:
        """Bounds U[x] on the first part of games ending with x, and the games above them."""
        goal = int((1 - SPLIT) * target)
        if pool is not None:  # the collections, side by side: the sets two smaller first
            rests = [r for x in values_of(mask) if self.upper(r := mask & ~(1 << x)) > goal]
            goal2 = int((1 - SPLIT) * (goal + 1))
            seconds = sorted(
                {
                    r2
                    for r in rests
                    for y in values_of(r)
                    if (r2 := r & ~(1 << y)).bit_count() > SMALL and self.upper(r2) > goal2
                },
                key=lambda r2: -self.upper(r2),
            )
            list(pool.map(lambda r2: self.collect(r2, goal2 + 1), seconds))
            for r in rests:  # few and big: each split into parts
                self.collect(r, goal + 1, pool)
        bounds: dict[int, int] = {}
        extra: list[Order] = []
        for x in values_of(mask):
            rest = mask & ~(1 << x)
            if self.upper(rest) > goal:
                firsts = self.collect(rest, goal + 1)
                if firsts:
                    extra += [(*o, x) for o in firsts]
                    bounds[x] = goal
                    continue
            bounds[x] = self.upper(rest)
        return bounds, extra

    def heuristic(self, mask: int, pool: ThreadPoolExecutor | None = None) -> None:
        """Rounds that look for a good game with a big final score (the pure search's)."""
        g = self.upper(mask)
        while g >= 4:
            for run in self._runs(mask, int(0.9 * g), HEUR, {}, pool, by_first=True):
                if run.best:
                    self.offer(mask, run.best, run.order)
            if self.lower(mask)[0] >= g * STEP:
                break
            g = int(g * STEP)

    def _runs(
        self,
        mask: int,
        target: int,
        mode: int,
        bounds: dict[int, int],
        pool: ThreadPoolExecutor | None,
        by_first: bool = False,
    ) -> Iterable[RunResult]:
        """One search over the set, or (with a pool) its parts side by side."""
        if pool is None:
            return [self.core.run(mask, target, mode, bounds)]
        parts = parts_of(mask, bounds, target)
        if by_first and parts != [()]:
            parts = sorted({p[:1] for p in parts})
        return list(pool.map(lambda p: self.core.run(mask, target, mode, bounds, p), parts))

    def memo(self) -> dict[str, Any]:
        """What the collections proved, for a checkpoint: (floor, games) and upper bounds."""
        with self.lock:
            lists = [
                [m, f, [[t, list(o)] for t, o in games]] for m, (f, games) in self.lists.items()
            ]
            return {"lists": lists, "hi": [[m, h] for m, h in self.hi.items()]}

    def install(self, memo: dict[str, Any]) -> None:
        """Take in what a checkpoint's collections proved."""
        with self.lock:
            for m, f, games in memo.get("lists", []):
                self.lists[m] = (f, [(t, tuple(o)) for t, o in games])
            for m, h in memo.get("hi", []):
                self.hi[m] = min(h, self.hi.get(m, h))


def parts_of(mask: int, bounds: dict[int, int], target: int) -> list[Part]:
    """The parts of the exact search: its games by their first two moves (or one part)."""
    vals = values_of(mask)
    if len(vals) < SPLIT_FROM or any(target - bounds.get(v, 0) <= 1 for v in vals):
        return [()]  # a tiny threshold makes the core try every order, which is not split
    return [(a, b) for a in vals for b in vals if a != b]


@dataclass
class Plan:
    """How a top-level search runs: threads, what a checkpoint says, whom to tell."""

    workers: int = 2
    best: tuple[int, Order] | None = None
    """A game already known (from a checkpoint): its total is a lower bound."""
    done: set[Part] = field(default_factory=set)
    """Parts already finished (from a checkpoint)."""
    on_part: Callable[[Part, int, Order, int, int], None] | None = None
    """Called after each part: (part, best, order, parts finished, parts in all)."""
    on_phase: Callable[[str], None] | None = None
    on_keep: Callable[[Search], None] | None = None
    """Keeps what was found: after the heuristic rounds, during the bounds and after them."""
    memo: dict[str, Any] | None = None
    """What an earlier run's collections proved (Search.memo)."""
    keep_every: float = 60.0
    """Seconds between keeps during the bounds: a run killed outright loses at most this."""


class _Keeper:
    """Plan.on_keep, called now or (after a collection) when keep_every has passed."""

    def __init__(self, search: Search, plan: Plan) -> None:
        self.search, self.plan = search, plan
        self.last = time.monotonic()
        self.lock = threading.Lock()  # one keep at a time: collections finish side by side

    def now(self) -> None:
        """Keep what the search found (waits for a keep under way in another thread)."""
        if self.plan.on_keep:
            with self.lock:
                self._keep(self.plan.on_keep)

    def when_due(self) -> None:
        """Keep if keep_every has passed since the last keep, unless one is under way."""
        due = time.monotonic() - self.last >= self.plan.keep_every
        if due and self.plan.on_keep and self.lock.acquire(blocking=False):
            try:
                self._keep(self.plan.on_keep)
            finally:
                self.lock.release()

    def _keep(self, on_keep: Callable[[Search], None]) -> None:
        on_keep(self.search)
        self.last = time.monotonic()


def solve_mask(search: Search, mask: int, plan: Plan) -> Outcome:
    """The best game on the set, proven, or the best found if the search is stopped."""
    clock: dict[str, float] = {}
    start = time.perf_counter()
    tell = plan.on_phase or (lambda _: None)
    if plan.best and plan.best[0]:
        search.offer(mask, *plan.best)
    if search.lower(mask)[0] >= search.upper(mask):
        return Outcome(*search.lower(mask), True, {"total": time.perf_counter() - start})
    keeper = _Keeper(search, plan)
    with ThreadPoolExecutor(plan.workers) as pool:
        try:
            if plan.memo:
                search.install(plan.memo)
            if plan.best is None:
                tell("heuristic rounds")
                search.heuristic(mask, pool)
                keeper.now()
            clock["heuristic"] = time.perf_counter() - start
            tell(f"bounds from the smaller sets (best so far {search.lower(mask)[0]})")
            target = search.lower(mask)[0] + 1
            search.on_collected = keeper.when_due  # the bounds may take hours: keep as they go
            bounds, extra = search.sub_bounds(mask, target, pool)
            for o in extra:
                search.offer(mask, search.core.total(o), o)
            clock["bounds"] = time.perf_counter() - start - clock["heuristic"]
            keeper.now()
        except Stopped:
            keeper.now()  # the collections finished before the stop are proofs too
            best, order = search.lower(mask)
            clock["total"] = time.perf_counter() - start
            return Outcome(best, order, False, clock)
        parts = parts_of(mask, bounds, target)
        todo = [p for p in parts if p not in plan.done]
        shared = ctypes.c_int64(search.lower(mask)[0])
        finished, stopped = len(parts) - len(todo), False
        tell(f"exact search: {len(todo)} of {len(parts)} parts to go")

        def run(part: Part) -> RunResult:
            return search.core.run(mask, target, EXACT, bounds, part, shared)

        futures: dict[Future[RunResult], Part] = {pool.submit(run, p): p for p in todo}
        pending: Iterable[Future[RunResult]] = futures
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in ready:
                try:
                    result = f.result()
                except Stopped:
                    stopped = True
                    continue
                if result.best:
                    search.offer(mask, result.best, result.order)
                finished += 1
                if plan.on_part:
                    plan.on_part(futures[f], *search.lower(mask), finished, len(parts))
    best, order = search.lower(mask)
    clock["parts"] = time.perf_counter() - start - clock["heuristic"] - clock["bounds"]
    clock["total"] = time.perf_counter() - start
    return Outcome(best, order, not stopped, clock, finished, len(parts))


def mask_of(n: int) -> int:
    """The set 1..n."""
    return sum(1 << v for v in range(1, n + 1))


def solve(core: Core, n: int, plan: Plan | None = None) -> Outcome:
    """a(n) and an order reaching it, with the compiled core."""
    return solve_mask(Search(core), mask_of(n), plan or Plan())
