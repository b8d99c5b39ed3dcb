"""The store fixture of the suite every backend passes: each test runs on SQLite and on
PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db.sql_store import SqlStore
from tests.db.backends import ENGINES, Backend


@pytest.fixture(params=ENGINES)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """An engine and where a fresh store of it lives: a new SQLite file, or a new PostgreSQL
    database."""
    if request.param == "postgres":
        return "postgres", request.getfixturevalue("postgres_url")
    return "sqlite", str(tmp_path / "store.sqlite3")


@pytest.fixture
async def backend(target: tuple[str, str]) -> AsyncIterator[Backend]:
    """A store on a fresh database of each engine, with a look underneath it."""
    opened = await Backend.open(*target)
    yield opened
    await opened.store.close()


@pytest.fixture
def store(backend: Backend) -> SqlStore:
    """The store under test."""
    return backend.store
