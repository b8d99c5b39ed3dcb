"""Finding a member's games from memory agrees with asking the database, through a life of
lobbies, joins, leaves, starts, resignations, ends and a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import SqlStore, open_store
from referee import Referee

GUILD, OTHER_GUILD, HALL, DEN = 1, 2, 20, 21
ALICE, BOB, CAROL = 10, 11, 12


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqlStore]:
    """A store on a fresh file."""
    opened = await open_store(str(tmp_path / "lookup.sqlite3"))
    yield opened
    await opened.close()


async def answers(referee: Referee) -> dict[str, list[int]]:
    """What the referee answers about every member, channel and server."""
    out: dict[str, list[int]] = {}
    for user in (ALICE, BOB, CAROL):
        out[f"active {user}"] = [m.id for m in await referee.matches_of(user)]
        for channel in (HALL, DEN):
            out[f"in {channel} {user}"] = [m.id for m in await referee.matches_of_in(user, channel)]
    for guild in (GUILD, OTHER_GUILD):
        out[f"open {guild}"] = [m.id for m in await referee.open_matches(guild)]
    return out


async def asked(store: SqlStore, referee: Referee) -> dict[str, list[int]]:
    """The same answers from a referee that has not loaded every game (it queries)."""
    fresh = Referee(store)
    return await answers(fresh)


async def new(referee: Referee, guild: int, channel: int, host: int, slug: str) -> int:
    """A new lobby; its id."""
    await referee.new_match(guild, channel, host, f"u{host}", slug, {})
    return max(m.id for m in await referee.open_matches(guild))


async def test_memory_and_database_agree(store: SqlStore) -> None:
    """After every change, the in-memory lookups give what the database gives."""
    referee = Referee(store)
    await referee.known_open_matches()

    async def check() -> None:
        assert await answers(referee) == await asked(store, referee)

    a = await new(referee, GUILD, HALL, ALICE, "numerical-cards")
    await check()
    await referee.join(a, BOB, "bob")
    await referee.join(a, CAROL, "carol")
    await check()
    await referee.leave(a, BOB)
    await check()
    b = await new(referee, GUILD, DEN, BOB, "lengths-of-lengths")
    await referee.join(b, ALICE, "alice")
    c = await new(referee, OTHER_GUILD, HALL, CAROL, "binary-scramble")
    await referee.join(c, BOB, "bob")
    await check()
    await referee.start(a, ALICE)
    await referee.start(b, BOB)
    await check()
    await referee.resign(a, CAROL)  # two players: the game ends
    await check()
    await referee.cancel(c, CAROL, moderator=False)
    await check()
    after_restart = Referee(store)
    await after_restart.known_open_matches()
    assert await answers(after_restart) == await answers(referee)
    assert (await answers(referee))[f"active {ALICE}"] == [b]
