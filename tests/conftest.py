"""Fixtures: the real bot on a real SQLite file, inside simcord's simulated Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import RefereeBot
from settings import Settings

MADE: list[RefereeBot] = []
"""Every bot made for the current test (a restart makes more than one), to close them all."""


def make_bot(database: Path) -> RefereeBot:
    """A fresh bot process's worth of bot, on the given database file."""
    bot = RefereeBot(
        Settings(token=None, database=str(database), log_level="INFO", dev_guild_id=None)
    )
    MADE.append(bot)
    return bot


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """The SQLite file of this test."""
    return tmp_path / "referee.sqlite3"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RefereeBot]:
    """The bot under test (simcord's fixture runs it); its database is closed afterwards.

    simcord does not close the bot, and an open database thread would keep the test process
    alive after a failure.
    """
    MADE.clear()
    yield make_bot(database)
    for bot in MADE:
        await bot.close()
    MADE.clear()
