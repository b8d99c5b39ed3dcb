"""The referee bot: its database, its cogs and buttons, and its slash commands."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.replies import RefereeTree
from db import SqliteStore
from referee import Referee
from settings import Settings

log = logging.getLogger("referee")

EXTENSIONS = (
    "cogs.buttons",
    "cogs.games",
    "cogs.lobby",
    "cogs.play",
    "cogs.info",
    "cogs.solitaire",
    "cogs.clock",
    "cogs.privacy",
    "cogs.computers",
)


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
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=RefereeTree,
        )
        self.settings = settings
        self.remind_on_start = remind_on_start
        """Post in each channel with games in progress once connected (see cogs.clock)."""
        self.store: SqliteStore | None = None

    async def setup_hook(self) -> None:
        """Open the database, load the cogs (with the restart-proof buttons), sync commands."""
        self.store = await SqliteStore.open(self.settings.database)
        self.referee = Referee(self.store, clock=discord_time)
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Close Discord (unloading the cogs), then the database."""
        await super().close()
        if hasattr(self, "referee"):
            self.referee.thinker.close()
        if self.store is not None:
            await self.store.close()
            self.store = None
