"""Start the referee bot: settings, logging, database, cogs, command sync.

With DISCORD_TOKEN set it connects to Discord; without, it starts the offline mode: the same
bot against a simulated Discord server, played from this terminal.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import discord
from discord.ext import commands

from cogs.buttons import DYNAMIC_ITEMS
from cogs.delivery import deliver
from db import SqliteStore
from referee import Referee
from settings import Settings

log = logging.getLogger("referee")

EXTENSIONS = ("cogs.games", "cogs.lobby", "cogs.play", "cogs.info")
IDLE_SECONDS = 24 * 3600.0
"""How long the timekeeper sleeps when nothing is due (a new deadline wakes it at once)."""


def discord_time() -> float:
    """Now, by the clock discord.py uses (the simulated one in the offline mode and tests)."""
    return discord.utils.utcnow().timestamp()


def intents() -> discord.Intents:
    """Guilds for channels and slash commands; DM messages for sealed moves."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    return wanted


class RefereeBot(commands.Bot):
    """The referee: a discord.py bot whose cogs hand every action to the Referee."""

    referee: Referee

    def __init__(self, settings: Settings, remind_on_start: bool = True) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.remind_on_start = remind_on_start
        self.store: SqliteStore | None = None
        self._timekeeper: asyncio.Task[None] | None = None
        self._napping = False

    async def setup_hook(self) -> None:
        """Open the database, load the cogs, register restart-proof buttons, sync commands."""
        self.store = await SqliteStore.open(self.settings.database)
        self.referee = Referee(self.store, clock=discord_time)
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.referee.on_deadline = self._rearm
        self._timekeeper = asyncio.create_task(self._keep_time())

    async def _keep_time(self) -> None:
        """Send reminders and apply deadlines when they fall due (they live in the database)."""
        await self.wait_until_ready()
        while not self.is_closed():
            self._napping = False
            try:
                await deliver(self, await self.referee.tick())
                wake = await self.referee.next_wakeup()
            except Exception:
                log.exception("Deadline keeping failed; trying again in a minute")
                wake = discord_time() + 60
            delay = IDLE_SECONDS if wake is None else wake - discord_time()
            self._napping = True
            await asyncio.sleep(min(max(delay, 0.0), IDLE_SECONDS))

    def _rearm(self) -> None:
        """A new deadline was set: wake the timekeeper if it is asleep (never mid-work)."""
        if self._timekeeper is not None and self._napping:
            self._timekeeper.cancel()
            self._napping = False
            self._timekeeper = asyncio.create_task(self._keep_time())

    async def on_ready(self) -> None:
        """Once connected: tell every game in progress who it is waiting for."""
        log.info("Logged in as %s", self.user)
        if self.remind_on_start:
            self.remind_on_start = False
            await deliver(self, await self.referee.reminders())

    async def close(self) -> None:
        """Close Discord, then the database."""
        if self._timekeeper is not None:
            self._timekeeper.cancel()
            self._timekeeper = None
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def configure_logging(level: str) -> None:
    """Log to standard error at the configured level."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def main() -> int:
    """Run the bot, or the offline mode when there is no token."""
    settings = Settings.from_env()
    if settings.token is None:
        from offline.terminal import run_offline

        return asyncio.run(run_offline(settings))
    configure_logging(settings.log_level)
    RefereeBot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
