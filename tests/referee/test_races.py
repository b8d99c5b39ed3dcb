"""Exactly once: identical and conflicting submissions fired at one step at the same instant."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

import pytest

from db import open_store
from referee import Referee, RefereeError
from referee.codes import Refusal
from referee.notices import Outcome
from referee.rows import Deadline
from referee.speech import Code
from referee.store import StaleStep

GUILD, CHANNEL, ALICE, BOB, CAROL = 1, 2, 10, 11, 12


async def started(referee: Referee, slug: str, options: dict[str, int], *others: int) -> int:
    """A started match hosted by alice with the other members seated."""
    await referee.new_match(GUILD, CHANNEL, ALICE, "alice", slug, options)
    match_id = (await referee.open_matches(GUILD))[-1].id
    for user in others:
        await referee.join(match_id, user, f"user{user}")
    if (await referee.get(match_id)).status == "lobby":
        await referee.start(match_id, ALICE)
    return match_id


async def settle(
    calls: list[Coroutine[Any, Any, Outcome]],
) -> tuple[list[Outcome], list[Code]]:
    """Run calls at once; split the accepted outcomes from the refusals' codes."""
    results = await asyncio.gather(*calls, return_exceptions=True)
    done = [r for r in results if isinstance(r, Outcome)]
    refused = [r.code for r in results if isinstance(r, RefereeError)]
    others = [
        r for r in results if isinstance(r, BaseException) and not isinstance(r, RefereeError)
    ]
    assert not others, others
    return done, refused


@pytest.fixture
async def referee(tmp_path: Path) -> AsyncIterator[Referee]:
    """A referee on a fresh SQLite file."""
    store = await open_store(str(tmp_path / "race.sqlite3"))
    yield Referee(store)
    await store.close()


async def test_identical_and_conflicting_turn_moves(referee: Referee, tmp_path: Path) -> None:
    """Twenty copies of a turn move and its opposite: exactly one is applied."""
    match_id = await started(referee, "lengths-of-lengths", {"n": 4}, BOB)
    calls = [referee.move(match_id, ALICE, "1", step=0) for _ in range(10)]
    calls += [referee.move(match_id, ALICE, "0", step=0) for _ in range(10)]
    done, refused = await settle(calls)
    assert len(done) == 1 and len(refused) == 19
    assert all(r is Refusal.STEP_RESOLVED for r in refused)
    data = await referee.store.load_match(match_id)
    assert data is not None and len(data.moves) == 1 and data.row.step == 1


async def test_sealed_step_resolves_once(referee: Referee) -> None:
    """Both players fire many sealed moves at once: the step resolves once, with one of each."""
    match_id = await started(referee, "numbers-to-number", {"m": 3, "rounds": 1}, BOB)
    calls = [referee.move(match_id, ALICE, str(x), step=0) for x in (1, 2, 3, 1, 2, 3)]
    calls += [referee.move(match_id, BOB, str(x), step=0) for x in (4, 5, 6, 4, 5, 6)]
    done, refused = await settle(calls)
    data = await referee.store.load_match(match_id)
    assert data is not None
    assert data.row.step == 1 and sorted(e[0] for e in data.moves) == [0, 1]
    assert data.sealed == ()
    assert all(r in (Refusal.STEP_RESOLVED, Refusal.NOT_YOUR_MOVE) for r in refused)
    assert len(done) + len(refused) == 12


async def test_repeated_join_and_start(referee: Referee) -> None:
    """A double-clicked Join seats once; a repeated Start starts once."""
    await referee.new_match(GUILD, CHANNEL, ALICE, "alice", "lengths-of-lengths", {"n": 6})
    match_id = (await referee.open_matches(GUILD))[-1].id
    done, refused = await settle([referee.join(match_id, BOB, "bob") for _ in range(5)])
    assert len(done) == 1 and all(r is Refusal.ALREADY_SEATED for r in refused)
    done, refused = await settle([referee.start(match_id, ALICE) for _ in range(5)])
    assert len(done) == 1 and all(r is Refusal.ALREADY_STARTED for r in refused)
    data = await referee.store.load_match(match_id)
    assert data is not None and len(data.seats) == 2 and data.row.status == "active"


async def test_the_database_refuses_a_second_move_for_a_step(referee: Referee) -> None:
    """Even past the referee, the store's keys refuse a stale step and a doubled move."""
    match_id = await started(referee, "lengths-of-lengths", {"n": 4}, BOB)
    store = referee.store
    version = await store.version_of(match_id)
    assert version is not None
    await store.record(match_id, version, [(0, (0, "1"))], 1, None, Deadline(), 0.0)
    with pytest.raises(StaleStep):
        await store.record(match_id, version, [(0, (0, "0"))], 1, None, Deadline(), 0.0)
    with pytest.raises(StaleStep):
        await store.record(
            match_id, version + 1, [(1, (1, "0")), (1, (1, "1"))], 2, None, None, 0.0
        )
    data = await store.load_match(match_id)
    assert data is not None and data.moves == ((0, "1"),) and data.row.step == 1
