"""Fixtures: the real bot on a real SQLite file, inside simcord's simulated Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot import RefereeBot
from db import open_store
from settings import Settings

MADE: list[RefereeBot] = []
"""Every bot made for the current test (a restart makes more than one), to close them all."""


async def make_bot(
    database: Path, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
) -> RefereeBot:
    """A fresh bot process's worth of bot, with its own store on the given database file."""
    settings = Settings(
        token=None,
        database=str(database),
        log_level="INFO",
        dev_guild_id=None,
        shard_count=shard_count,
        shard_ids=tuple(shard_ids) if shard_ids is not None else None,
    )
    bot = RefereeBot(settings, await open_store(settings.database))
    MADE.append(bot)
    return bot


async def close_made() -> None:
    """Close every bot made for this test, then the stores opened for them."""
    for bot in MADE:
        await bot.close()
        await bot.store.close()
    MADE.clear()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """The SQLite file of this test."""
    return tmp_path / "referee.sqlite3"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RefereeBot]:
    """The bot under test (simcord's fixture runs it); its store is closed afterwards.

    simcord does not close the bot, and an open database thread would keep the test process
    alive after a failure.
    """
    MADE.clear()
    yield await make_bot(database)
    await close_made()
