"""The simulated server the benchmark plays in: the bot, a guild, channels and members."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import RefereeBot
from db import open_store
from settings import Settings

GUILD = "bench"
LANE_MEMBERS = 4
"""Members per lane: enough for every game's two-to-four player tables."""


async def make_bot(database: str | Path, remind_on_start: bool = True) -> RefereeBot:
    """A bot as a fresh process builds it, with its own store on the given database (a SQLite
    file or a postgresql:// URL; closed by close_bot)."""
    settings = Settings(token=None, database=str(database), log_level="WARNING", dev_guild_id=None)
    store = await open_store(settings.database)
    return RefereeBot(settings, store, remind_on_start=remind_on_start, owns_process=True)


async def close_bot(bot: RefereeBot) -> None:
    """Close a bot made by make_bot, then its store."""
    await bot.close()
    await bot.store.close()


@dataclass
class World:
    """One server: lane channels with their own members, and background channels and members."""

    env: Any
    guild: Any
    lane_channels: list[Any]
    lane_members: list[list[Any]]
    channels: list[Any]
    pool: list[Any]
    ids: dict[str, list[int]] = field(default_factory=dict)

    @property
    def bot(self) -> RefereeBot:
        """The bot currently attached to the simulated Discord."""
        bot: RefereeBot = self.env.bot
        return bot


def members_by_id(world: World) -> dict[int, Any]:
    """Every member actor of the world by user id."""
    everyone = [m for row in world.lane_members for m in row] + world.pool
    return {m.id: m for m in everyone}


def build_world(env: Any, lanes: int, channels: int, pool: int) -> World:
    """Create the server in a fixed order, so another process gets the same ids."""
    guild = env.create_guild(GUILD)
    lane_channels = [guild.create_text_channel(f"lane-{i}") for i in range(lanes)]
    lane_members = [
        [guild.add_member(env.create_user(f"lane{i}-{j}")) for j in range(LANE_MEMBERS)]
        for i in range(lanes)
    ]
    bg_channels = [guild.create_text_channel(f"games-{i}") for i in range(channels)]
    members = [guild.add_member(env.create_user(f"player-{i}")) for i in range(pool)]
    world = World(env, guild, lane_channels, lane_members, bg_channels, members)
    world.ids = {
        "guild": [guild.id],
        "lane_channels": [c.id for c in lane_channels],
        "lane_members": [m.id for row in lane_members for m in row],
        "channels": [c.id for c in bg_channels],
        "pool": [m.id for m in members],
    }
    return world


class AckClock(list[Any]):
    """simcord's request log, stamping when the awaited acknowledgement reaches Discord."""

    def __init__(self, entries: list[Any]) -> None:
        super().__init__(entries)
        self._method = ""
        self._prefix: str | None = None
        self.at: float | None = None
        self.entry: Any = None

    def expect(self, method: str, prefix: str) -> None:
        """Watch for the next request with this method whose path starts with prefix."""
        self._method, self._prefix, self.at, self.entry = method, prefix, None, None

    def append(self, entry: Any) -> None:
        """Record a request; stamp the time if it is the awaited one."""
        if (
            self._prefix is not None
            and entry.method == self._method
            and entry.path.startswith(self._prefix)
        ):
            self.at = time.perf_counter()
            self._prefix, self.entry = None, entry
        super().append(entry)


def install_ack_clock(env: Any) -> AckClock:
    """Replace simcord's request log with a stamping one (same entries, same behaviour)."""
    clock = AckClock(env.backend.http_requests)
    env.backend.http_requests = clock
    return clock
