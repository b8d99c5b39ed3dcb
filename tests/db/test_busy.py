"""A database locked by another program: a write waits it out on the event loop, once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import SqlStore, open_store
from db.database import BUSY_PAUSES
from referee.store import StoreBusy
from tests.db.test_store import active, at
from tests.sqlite_faults import count, write_lock


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """The database file."""
    return tmp_path / "store.sqlite3"


@pytest.fixture
async def store(path: Path) -> AsyncIterator[SqlStore]:
    """A store on a fresh file."""
    opened = await open_store(str(path))
    yield opened
    await opened.close()


async def test_a_write_waits_out_a_short_lock_and_counts_once(store: SqlStore, path: Path) -> None:
    """Locked for 1.5 s, a write is tried again whole until it goes through, exactly once; the
    database thread answers reads between the attempts."""
    match_id = await active(store, 10, 11)
    version = await at(store, match_id)
    with write_lock(path, seconds=1.5):
        write = asyncio.create_task(store.submit_sealed(match_id, version, 0, "1", 5.0))
        await asyncio.sleep(0)
        loaded = await store.load_match(match_id)
        assert loaded is not None and loaded.sealed == ()
        assert not write.done(), "a read waited for the locked write"
        await write
    loaded = await store.load_match(match_id)
    assert loaded is not None and loaded.sealed == ((0, "1"),)
    assert count(path, "sealed") == 1
    assert store.retries.tried_again["busy"] >= 1 and not store.retries.given_up


async def test_a_write_given_up_is_counted(store: SqlStore, path: Path) -> None:
    """Locked for longer than the store waits: StoreBusy, counted as given up (the metrics
    read the counts), and nothing written."""
    match_id = await active(store, 10, 11)
    version = await at(store, match_id)
    with write_lock(path, seconds=30), pytest.raises(StoreBusy):
        await store.submit_sealed(match_id, version, 0, "1", 5.0)
    assert store.retries.given_up == {"busy": 1}
    assert store.retries.tried_again["busy"] == len(BUSY_PAUSES)
    assert count(path, "sealed") == 0
