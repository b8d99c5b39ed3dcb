"""Two stores on one database, as two processes would have them: the database decides every
race, rates one server's games one after the other, and (PostgreSQL) tells each of the other's
changes."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import pytest

from db import SqlStore
from referee.rows import MatchEnd, Ratings, StandingChange
from referee.store import StaleStep
from tests.db.backends import Backend
from tests.db.test_store import GUILD, active, at

GAME = "numbers-to-number"


@pytest.fixture
async def other(backend: Backend) -> AsyncIterator[SqlStore]:
    """A second store on the backend's database."""
    opened = await backend.another()
    yield opened
    await opened.close()


async def test_of_two_processes_acting_on_one_version_one_wins(
    store: SqlStore, other: SqlStore
) -> None:
    """Both seat someone, then both log the same step, at the version they read: one of each
    pair is written, the other refused, whatever the order."""
    match_id = await active(store, 10, 11)
    version = await at(store, match_id)
    results = await asyncio.gather(
        store.record(match_id, version, [(0, (0, "1")), (0, (1, "2"))], 1, None, None, 5.0),
        other.record(match_id, version, [(0, (0, "2")), (0, (1, "1"))], 1, None, None, 5.0),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleStep"]
    data = await other.load_match(match_id)
    assert data is not None and data.row.version == version + 1 and len(data.moves) == 2
    assert data.moves in (((0, "1"), (1, "2")), ((0, "2"), (1, "1")))


def rated_up(user: int, inside: threading.Event, go_on: threading.Event) -> MatchEnd:
    """An end that reads the member's rating and adds one to it, pausing while inside."""

    def rate(ratings: Ratings) -> MatchEnd:
        mu, sigma = ratings.of_members([GAME], [user])[GAME].get(user, (25.0, 8.0))
        inside.set()
        go_on.wait(5)
        won = StandingChange(GAME, user, f"u{user}", True, False, 1, mu + 1, sigma)
        return MatchEnd("over", {}, [won])

    return MatchEnd("over", {}, rate=rate)


async def test_games_of_one_server_ending_at_once_rate_one_after_the_other(
    store: SqlStore, other: SqlStore
) -> None:
    """Two games of one server with the same member end at once in two processes: the second
    reads the ratings the first wrote, so both games count."""
    first, second = await active(store, 10, 11), await active(store, 10, 12)
    inside, go_on, at_once = threading.Event(), threading.Event(), threading.Event()
    at_once.set()
    end = rated_up(10, inside, go_on)
    ending = asyncio.create_task(store.end_match(first, await at(store, first), end, 5.0))
    assert await asyncio.to_thread(inside.wait, 5)
    end = rated_up(10, threading.Event(), at_once)
    later = asyncio.create_task(other.end_match(second, await at(other, second), end, 6.0))
    # Meanwhile the second game's transaction waits for the first's: it cannot rate before.
    await asyncio.sleep(0.2)
    go_on.set()
    await asyncio.gather(ending, later)
    (standing,) = await store.standings(GUILD, GAME, 10)
    assert (standing.games, standing.mu) == (2, 27.0)


async def test_a_shared_database_tells_of_the_others_changes(
    backend: Backend, other: SqlStore
) -> None:
    """On PostgreSQL every committed change to a match, by any process, is heard as (id,
    version); a SQLite file belongs to one process, which hears nothing."""
    store = backend.store
    assert store.shared == other.shared == (backend.engine == "postgres")
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    await store.watch(lambda match_id, version: heard.put_nowait((match_id, version)))
    match_id = await active(other, 10, 11)
    version = await at(other, match_id)
    with pytest.raises(StaleStep):
        await other.vote_cancel(match_id, version - 1, 10, 4.0)
    if not store.shared:
        await asyncio.sleep(0.1)
        assert heard.empty()
        return
    seen = [await asyncio.wait_for(heard.get(), 5) for _ in range(version + 1)]
    assert seen == [(match_id, v) for v in range(version + 1)]
    await asyncio.sleep(0.1)
    assert heard.empty()
