"""A bot process in a thread of its own: its own event loop, store and simulated Discord.

simcord runs one bot per simulated Discord and one simulated Discord per event loop, so two
processes cannot share one. Each builds its own, creating the same guilds, channels and users
in the same order, which gives them the same ids; what they share is the database.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

import simcord

from bot import RefereeBot
from db import open_store
from settings import Settings
from tests.bot.table import Table

T = TypeVar("T")
Job = Callable[[Table], Awaitable[Any]]


class Process:
    """The bot with some shards on the database file, driven from another thread's loop."""

    def __init__(self, database: str, shard_count: int, shard_ids: Sequence[int]) -> None:
        self.settings = Settings(
            token=None,
            database=database,
            log_level="INFO",
            dev_guild_id=None,
            shard_count=shard_count,
            shard_ids=tuple(shard_ids),
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._jobs: asyncio.Queue[tuple[Job, Future[Any]] | None] | None = None
        self._ready: Future[None] = Future()
        self._ended: Future[None] = Future()
        self._thread = threading.Thread(target=self._run, daemon=True)

    async def start(self, build: Callable[[Any], Table]) -> None:
        """Start the process and build its simulated server with build(env)."""
        self._build = build
        self._thread.start()
        await asyncio.wrap_future(self._ready)

    async def do(self, job: Callable[[Table], Awaitable[T]]) -> T:
        """Run job(table) in the process, inside its simulated Discord; its result."""
        assert self._loop is not None and self._jobs is not None
        done: Future[T] = Future()
        self._loop.call_soon_threadsafe(self._jobs.put_nowait, (job, done))
        return await asyncio.wrap_future(done)

    async def stop(self) -> None:
        """Stop the process (its bot, its simulated Discord, its store); raise what it raised."""
        if self._loop is not None and self._jobs is not None and not self._ended.done():
            self._loop.call_soon_threadsafe(self._jobs.put_nowait, None)
        await asyncio.wrap_future(self._ended)
        self._thread.join()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
            self._ended.set_result(None)
        except BaseException as e:
            self._ended.set_exception(e)
            if not self._ready.done():
                self._ready.set_exception(e)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._jobs = asyncio.Queue()
        store = await open_store(self.settings.database)
        bot = RefereeBot(self.settings, store)
        try:
            async with simcord.run(bot) as env:
                if not bot.holds_shard(0):
                    # The process of shard 0 syncs the commands, to the one Discord; this
                    # simulated Discord of its own gets them the same way, and so the same ids.
                    await bot.tree.sync()
                table = self._build(env)
                self._ready.set_result(None)
                while (item := await self._jobs.get()) is not None:
                    job, done = item
                    try:
                        done.set_result(await job(table))
                    except Exception as e:
                        done.set_exception(e)
        finally:
            await bot.close()
            await store.close()
