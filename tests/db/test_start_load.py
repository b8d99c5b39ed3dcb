"""A process's start loads the open games once, on each engine: the post naming whom each game
waits for and the computers to resume share that load (a shared store loaded them twice)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from db import SqlStore
from referee import Referee

GUILD, CHANNEL, ALICE, BOB = 1, 2, 10, 11


async def test_a_start_loads_the_open_games_once(
    store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restarted referee asks the database for every open game once, posts in the channel
    of each game under way, and resumes the one whose computer is to move."""
    before = Referee(store)
    await before.new_match(GUILD, CHANNEL, ALICE, "alice", "lengths-of-lengths", {})
    members = max(m.id for m in await before.open_matches(GUILD))
    await before.join(members, BOB, "bob")
    await before.start(members, ALICE)
    await before.new_match(GUILD, CHANNEL + 1, BOB, "bob", "arcs-and-marks", {}, computer="easy")
    computer = max(m.id for m in await before.open_matches(GUILD))
    if not (await before.get(computer)).thinking():
        await before.move(computer, BOB, "1@0")
    assert (await before.get(computer)).thinking()

    loads = []
    load = store.load_open_matches

    async def counted(*args: Any) -> Any:
        loads.append(args)
        return await load(*args)

    monkeypatch.setattr(store, "load_open_matches", counted)
    after = Referee(store)
    reminded, resumed = await asyncio.gather(after.reminders(), after.computers_to_resume())
    assert len(loads) == 1
    assert sorted(p.match_id for p in reminded.posts) == [members, computer]
    assert resumed.computers == [computer]
