"""Time passing: reminders and deadlines when they fall due, and the post after a restart."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from discord.ext import commands

from cogs.delivery import deliver

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

IDLE_SECONDS = 24 * 3600.0
"""How long the timekeeper sleeps when nothing is due (a new deadline wakes it at once)."""
RETRY_SECONDS = 60.0
"""How soon the timekeeper tries again after a failure."""
STOP_SECONDS = 10.0
"""How long stopping waits for the timekeeper to finish what it is doing."""
SHARED_LOOK_SECONDS = 60.0
"""How often the timekeeper looks again when other processes share the store: a deadline one of
them set is theirs to fire, but if that process is gone, this one fires it within a minute."""


class Clock(commands.Cog):
    """Sends due reminders and applies expired deadlines; the deadlines live in the database."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._napping = True
        """Asleep, or waiting for the bot to be ready: nothing in hand, so safe to cancel."""
        self._stopping = False

    async def cog_load(self) -> None:
        """Start keeping time, and be woken whenever a new deadline is set."""
        self.bot.referee.on_deadline = self._rearm
        self._task = asyncio.create_task(self._keep_time())

    async def cog_unload(self) -> None:
        """Stop keeping time: at once if asleep, else once the work in hand is done."""
        self.bot.referee.on_deadline = lambda: None
        self._stopping = True
        task, self._task = self._task, None
        if task is None or task.done():
            return
        if self._napping:
            task.cancel()
            return
        # Cut mid-work, a deadline's transaction would run on unawaited in the database thread,
        # and what it decided would never be posted.
        try:
            await asyncio.wait_for(asyncio.shield(task), STOP_SECONDS)
        except TimeoutError:
            log.warning("The timekeeper did not finish within %s s; stopped", STOP_SECONDS)
            task.cancel()

    async def _keep_time(self) -> None:
        await self.bot.wait_until_ready()
        referee = self.bot.referee
        while not self.bot.is_closed() and not self._stopping:
            self._napping = False
            try:
                await deliver(self.bot, await referee.tick())
                wake = await referee.next_wakeup()
            except Exception:
                log.exception("Deadline keeping failed; trying again in a minute")
                wake = referee.clock() + RETRY_SECONDS
            delay = IDLE_SECONDS if wake is None else wake - referee.clock()
            if referee.store.shared:
                delay = min(delay, SHARED_LOOK_SECONDS)
            if self._stopping:
                return
            self._napping = True
            await asyncio.sleep(min(max(delay, 0.0), IDLE_SECONDS))

    def _rearm(self) -> None:
        """A new deadline was set: wake the timekeeper if it is asleep (never mid-work)."""
        if self._task is not None and self._napping:
            self._task.cancel()
            self._napping = False
            self._task = asyncio.create_task(self._keep_time())

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once connected after a start: tell every game in progress who it is waiting for."""
        log.info("Logged in as %s", self.bot.user)
        if self.bot.remind_on_start:
            self.bot.remind_on_start = False
            # Each process speaks for the guilds of its own shards, so each channel hears once.
            await deliver(self.bot, await self.bot.referee.reminders(self.bot.owns_guild))
            self.bot.freeze_heap()  # the open games it loaded stay until they end


async def setup(bot: RefereeBot) -> None:
    """Add the clock cog."""
    await bot.add_cog(Clock(bot))
