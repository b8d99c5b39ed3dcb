"""Computer players' searches in a pool of processes, each with a deadline, off the event loop."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any, TypeVar

from players import LEVELS, Request, think
from rules.base import Move

log = logging.getLogger(__name__)
T = TypeVar("T")

GRACE = 2.0
"""How long past a level's own time cap a search may run before its easy move is played."""


def workers() -> int:
    """The processes to think in: one per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)))


def _lower_priority() -> None:
    """Searches yield the cores to the bot's own process, which answers members."""
    os.nice(5)


class _Pool(ProcessPoolExecutor):
    """A process pool whose submissions run in a fresh context: a submission may start a
    worker, which polls the running ones by the monotonic clock, and that must be the real one,
    never a clock a caller's context (an event loop's, a simulated one) substitutes."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return contextvars.Context().run(super().submit, fn, *args, **kwargs)


class Thinker:
    """Runs computer players' searches in worker processes, started on first use."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or workers()
        self._pool: _Pool | None = None
        self._starting = asyncio.Lock()
        self.on_decided: Callable[[str, str, float], None] = lambda level, how, seconds: None
        """Told of each decision: the level, how it ended (`searched`, or `overran` and `failed`
        when the easy move stood in) and the seconds it took (the metrics count them)."""

    async def _executor(self) -> _Pool:
        """The pool, started in a thread the first time: starting the fork server and the
        workers takes about 100 ms, which the event loop must not wait through."""
        async with self._starting:
            if self._pool is None:
                self._pool = await asyncio.to_thread(self._start)
        return self._pool

    def _start(self) -> _Pool:
        # A fork server starts each worker from a clean process, not from the bot with its
        # threads and open database.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["players", "rules"])
        pool = _Pool(self.processes, mp_context=context, initializer=_lower_priority)
        # One task per worker at once, so that every worker starts now rather than later,
        # on the event loop, when a search is asked for.
        for started in [pool.submit(os.getpid) for _ in range(self.processes)]:
            started.result()
        return pool

    async def decide(self, request: Request) -> Move:
        """The level's move for the request; if the search fails or overruns its deadline, the
        easy level's move, worked out here (it is light)."""
        limit = LEVELS[request.level].seconds + GRACE
        loop = asyncio.get_running_loop()
        # perf_counter: a simulated clock (the offline mode) may stand in for the monotonic one.
        started = time.perf_counter()
        try:
            pool = await self._executor()
            move = await asyncio.wait_for(loop.run_in_executor(pool, think, request), limit)
            self.on_decided(request.level, "searched", time.perf_counter() - started)
            return move
        except TimeoutError:
            log.warning("A %s search overran %.1f s; playing the easy move", request.level, limit)
            how = "overran"
        except BrokenProcessPool:
            log.exception("The thinking processes failed; starting new ones")
            self.close()
            how = "failed"
        move = think(replace(request, level="easy"))
        self.on_decided(request.level, how, time.perf_counter() - started)
        return move

    def close(self) -> None:
        """Stop the worker processes (a search under way is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
