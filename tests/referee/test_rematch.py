"""Rematch on the referee: only a finished game of two or more has one, only its players ask
for it, and a refusal changes nothing; presses at once in one process open one lobby."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from db import open_store
from referee import Referee, RefereeError
from referee.codes import Refusal
from referee.speech import Listed, Person, say
from tests.referee.test_races import ALICE, BOB, CAROL, GUILD, settle, started
from tests.referee.test_shared_store import finished
from tests.rows import database_dump


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """The database file of the test."""
    return tmp_path / "rematch.sqlite3"


@pytest.fixture
async def referee(path: Path) -> AsyncIterator[Referee]:
    """A referee on a fresh SQLite file."""
    store = await open_store(str(path))
    yield Referee(store)
    await store.close()


async def test_only_a_finished_game_of_two_or_more_has_a_rematch(
    referee: Referee, path: Path
) -> None:
    """A game under way, a cancelled one, a one-player game, one of another server and a
    missing one are refused, each with its reason, and nothing changes."""
    playing = await started(referee, "lengths-of-lengths", {"n": 4}, BOB)
    cancelled = await started(referee, "lengths-of-lengths", {"n": 4}, BOB)
    await referee.cancel(cancelled, ALICE, moderator=True)
    solo = await started(referee, "integer-sequence", {"n": 1})
    await referee.move(solo, ALICE, "1")
    over = await finished(referee, BOB)
    before = database_dump(path)
    reasons = {
        playing: Refusal.REMATCH_NOT_OVER,
        cancelled: Refusal.REMATCH_CANCELLED,
        solo: Refusal.REMATCH_SOLITAIRE,
        999: Refusal.NO_GAME_HERE,
    }
    for match_id, reason in reasons.items():
        with pytest.raises(RefereeError) as refused:
            await referee.rematch(match_id, GUILD, ALICE, "alice")
        assert refused.value.code is reason
    with pytest.raises(RefereeError) as refused:
        await referee.rematch(over, GUILD + 1, ALICE, "alice")
    assert refused.value.text == say(Refusal.NO_GAME_HERE, number=over)
    assert database_dump(path) == before


async def test_presses_at_once_in_one_process_open_one_lobby(referee: Referee) -> None:
    """Both players, and one of them twice, press Rematch at the same instant: one lobby
    opens, the other player joins it and it starts, the second press is told it is in."""
    old = await finished(referee, BOB)
    done, refused = await settle(
        [
            referee.rematch(old, GUILD, ALICE, "alice"),
            referee.rematch(old, GUILD, BOB, "bob"),
            referee.rematch(old, GUILD, ALICE, "alice"),
        ]
    )
    assert len(done) == 2 and len(refused) == 1
    assert refused == [Refusal.ALREADY_IN_REMATCH]
    new = old + 1
    match = await referee.get(new)
    assert match.row.rematch_of == old and match.status == "active"
    assert (await referee.store.version_of(new + 1)) is None
    assert sorted(match.members()) == [ALICE, BOB]


async def test_a_non_player_is_told_who_may_ask(referee: Referee, path: Path) -> None:
    """Carol did not play: she is told whom to ask, and nothing changes."""
    old = await finished(referee, BOB)
    before = database_dump(path)
    with pytest.raises(RefereeError) as refused:
        await referee.rematch(old, GUILD, CAROL, "carol")
    assert refused.value.code is Refusal.REMATCH_PLAYERS_ONLY
    players = refused.value.text.field("players")
    assert isinstance(players, Listed)
    assert [(p.name, p.user_id) for p in players.items if isinstance(p, Person)] == [
        ("alice", ALICE),
        ("user11", BOB),
    ]
    assert database_dump(path) == before


async def test_a_member_forgotten_through_another_process_is_not_invited(
    referee: Referee, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """carol is forgotten through another process at the instant alice's Rematch has read the
    finished game and is about to open its lobby: the lobby invites nobody, as the database has
    the game by then."""
    over = await finished(referee, CAROL)
    create = referee.store.create_rematch

    async def forgotten_first(*args: Any) -> Any:
        other = await open_store(str(path))
        try:
            await Referee(other).forget(CAROL)
        finally:
            await other.close()
        return await create(*args)

    monkeypatch.setattr(referee.store, "create_rematch", forgotten_first)
    await referee.rematch(over, GUILD, ALICE, "alice")
    lobby = (await referee.open_matches(GUILD))[-1]
    assert lobby.row.rematch_of == over and lobby.invited == ()
