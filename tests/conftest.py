"""Fixtures: the real bot on a real SQLite file, inside simcord's simulated Discord, and a real
PostgreSQL server for the tests of that engine."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from bot import RefereeBot
from db import open_store
from db.server import PostgresServer
from settings import Settings

MADE: list[RefereeBot] = []
"""Every bot made for the current test (a restart makes more than one), to close them all."""


async def make_bot(
    database: Path,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    owns_process: bool = False,
) -> RefereeBot:
    """A fresh bot process's worth of bot, with its own store on the given database file (and
    the whole process's, with `owns_process`)."""
    settings = Settings(
        token=None,
        database=str(database),
        log_level="INFO",
        dev_guild_id=None,
        shard_count=shard_count,
        shard_ids=tuple(shard_ids) if shard_ids is not None else None,
    )
    bot = RefereeBot(settings, await open_store(settings.database), owns_process=owns_process)
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


NO_POSTGRES = (
    "no PostgreSQL server for the tests marked postgres ({reason}): install PostgreSQL's server "
    "(initdb and pg_ctl; Debian: apt-get install postgresql) for a temporary one, or set "
    "TEST_DATABASE_URL=postgresql://user@host/db to a server where that user may create databases"
)


def no_postgres(reason: str) -> NoReturn:
    """Skip the test, or fail it in CI, which must run the PostgreSQL tests."""
    message = NO_POSTGRES.format(reason=reason)
    if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that asks for a PostgreSQL database (so `-m "not postgres"` works)."""
    for item in items:
        if "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[tuple[str, psycopg.Connection[Any]]]:
    """The URL of the tests' server and an autocommit connection to it: TEST_DATABASE_URL's, else
    a temporary cluster started for this session and deleted after it."""
    server = None
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        try:
            server = PostgresServer.start()
        except (RuntimeError, OSError) as e:
            no_postgres(str(e))
        url = server.url()
    try:
        try:
            admin = psycopg.connect(url, autocommit=True)
        except psycopg.Error as e:
            no_postgres(f"cannot connect to {url}: {e}")
        with admin:
            yield url, admin
    finally:
        if server is not None:
            server.stop()


@pytest.fixture
def postgres_url(postgres_server: tuple[str, psycopg.Connection[Any]]) -> Iterator[str]:
    """The URL of a new, empty database of this test's own, dropped after it."""
    url, admin = postgres_server
    name = f"referee_test_{uuid.uuid4().hex[:12]}"
    admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    finally:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
