"""The referee bot: its shards, its cogs and buttons, and its slash commands."""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any, Generic, TypeVar

import discord
from discord.ext import commands

from cogs.commands import CommandWords
from cogs.replies import RefereeTree
from referee import Referee
from referee.store import Store
from settings import Settings

log = logging.getLogger("referee")
V = TypeVar("V")

EXTENSIONS = (
    "cogs.buttons",
    "cogs.games",
    "cogs.lobby",
    "cogs.play",
    "cogs.info",
    "cogs.stats",
    "cogs.seasons",
    "cogs.replay",
    "cogs.solitaire",
    "cogs.clock",
    "cogs.privacy",
    "cogs.computers",
    "cogs.tournaments",
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


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's rule)."""
    return (guild_id >> 22) % shard_count


def shard_count_of(settings: Settings) -> int | None:
    """SHARD_COUNT; without it, Discord says how many with a token, and offline there is one."""
    if settings.shard_count is None and settings.token is None:
        return 1
    return settings.shard_count


def shards_to_run(settings: Settings) -> dict[str, Any]:
    """discord.py's shard_ids argument, given only with SHARD_IDS (else every shard runs)."""
    return {} if settings.shard_ids is None else {"shard_ids": list(settings.shard_ids)}


class RefereeBot(commands.AutoShardedBot):
    """The referee: a discord.py bot whose cogs hand every action to the Referee.

    It runs the shards of its settings; the store it is given is shared with the processes
    that run the other shards, and is closed by whoever opened it.
    """

    def __init__(
        self,
        settings: Settings,
        store: Store,
        remind_on_start: bool = True,
        owns_process: bool = False,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=RefereeTree,
            shard_count=shard_count_of(settings),
            **shards_to_run(settings),
        )
        self.settings = settings
        self.store = store
        self.referee = Referee(store, clock=discord_time)
        self.remind_on_start = remind_on_start
        """Post in each channel with games in progress once connected (see cogs.clock)."""
        self.owns_process = owns_process
        """The bot is what its process runs, from start to exit (main.py, the offline mode, the
        benchmark's bot processes), so what its start builds may be frozen (`freeze_heap`)."""
        self.dm_channels: MemberMemory[int] = MemberMemory()
        """The DM channel id of each member DMed lately, so a DM needs neither a user fetch nor
        a new channel request (discord.py keeps only the last 128 DM channels)."""
        self.languages: MemberMemory[str] = MemberMemory()
        """The language of each member heard from lately: a DM carries none."""
        self._sync: asyncio.Task[None] | None = None
        """The slash commands' sync to Discord, running in the background after a start."""

    def holds_shard(self, shard_id: int) -> bool:
        """Whether this process runs the shard (with no SHARD_IDS, it runs them all)."""
        return self.shard_ids is None or shard_id in self.shard_ids

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process receives the guild's events, and so speaks for its games."""
        if self.shard_ids is None:
            return True
        assert self.shard_count is not None  # SHARD_IDS comes with SHARD_COUNT
        return self.holds_shard(shard_of(guild_id, self.shard_count))

    async def setup_hook(self) -> None:
        """Hear of other processes' changes, load the cogs (with the restart-proof buttons), and
        sync the commands, translated, from shard 0's process."""
        await self.referee.watch()
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.settings.metrics_port is not None:
            await self.load_extension("cogs.metrics")
        # Before any sync: the commands go to Discord with their names in every language.
        await self.tree.set_translator(CommandWords())
        # Every process serves the same commands: one sync is enough, and several at each
        # start would spend the bot's command rate limit for nothing.
        if self.holds_shard(0):
            # The commands Discord knows from the last start work meanwhile: the sync (every
            # command worded in every language) need not hold the start back.
            self._sync = asyncio.create_task(self._sync_commands(), name="sync-commands")
        self.freeze_heap()

    def freeze_heap(self) -> None:
        """Leave what exists now out of the garbage collector's full passes, when the bot owns
        its process."""
        # What the start builds (modules, cogs, the command tree, then the open games) lives as
        # long as the process. A full pass over 10,000 open games holds the event loop for about
        # 80 ms, and the passes that loading them set off cost a restart a tenth of a second. A
        # process that makes many bots (the tests) would pay a full pass for each one's close.
        if self.owns_process:
            gc.freeze()

    async def _sync_commands(self) -> None:
        """Send the command tree, translated, to Discord (to the development server if set)."""
        try:
            guild_id = self.settings.dev_guild_id
            if guild_id:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        except Exception:
            # A task in the background: what goes wrong is logged here or nowhere.
            log.exception("Could not sync the slash commands; those Discord knows stay")

    async def close(self) -> None:
        """Close Discord (unloading the cogs) and stop the computer players' processes."""
        if self._sync is not None:
            self._sync.cancel()
        await super().close()
        self.referee.thinker.close()
        if self.owns_process:
            gc.unfreeze()  # a process that goes on (the benchmark's own) collects what it held


class MemberMemory(Generic[V]):
    """One thing remembered of each of the members seen last, at most LIMIT of them."""

    LIMIT = 100_000

    def __init__(self) -> None:
        self._values: dict[int, V] = {}

    def get(self, user_id: int) -> V | None:
        """What is remembered of a member, if anything."""
        return self._values.get(user_id)

    def remember(self, user_id: int, value: V) -> None:
        """Keep what was seen of a member (the member seen longest ago is dropped at the limit)."""
        self._values.pop(user_id, None)
        if len(self._values) >= self.LIMIT:
            del self._values[next(iter(self._values))]
        self._values[user_id] = value
