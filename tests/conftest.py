"""Fixtures: the real bot on a real SQLite file, inside simcord's simulated Discord."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import RefereeBot
from settings import Settings


def make_bot(database: Path) -> RefereeBot:
    """A fresh bot process's worth of bot, on the given database file."""
    return RefereeBot(
        Settings(token=None, database=str(database), log_level="INFO", dev_guild_id=None)
    )


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """The SQLite file of this test."""
    return tmp_path / "referee.sqlite3"


@pytest.fixture
def simcord_bot(database: Path) -> RefereeBot:
    """The bot under test (simcord's fixture runs it)."""
    return make_bot(database)
