"""Rematch lobbies on each engine: the link to the finished match, one open lobby per match
decided by the database, invitations kept while the lobby is open, and forgetting them."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from db import SqlStore
from referee.rows import Deadline, MatchEnd, MemberData, NewMatch, Rematch, SeatRow
from referee.store import StaleStep
from tests.db.backends import Backend
from tests.db.test_store import CHANNEL, GUILD, active, at, finish

GAME = "lengths-of-lengths"


def lobby_of(host: int) -> NewMatch:
    """A new lobby of this host with options, a deadline and a policy to carry over."""
    return NewMatch(GUILD, CHANNEL, GAME, {"n": 4}, host, f"u{host}", 600, "forfeit", 20.0, 99.0)


async def over(store: SqlStore, *players: int) -> int:
    """A match among these members that is over."""
    match_id = await active(store, *players)
    await finish(store, match_id, MatchEnd("over", {"winners": [0]}), 10.0)
    return match_id


async def test_a_rematch_lobby_links_its_match_seats_computers_and_invites(
    store: SqlStore,
) -> None:
    """The lobby names the finished match, seats its host then the computers in order, invites
    the members in order, and is the match's one open rematch lobby."""
    old = await over(store, 10, 11, 12)
    assert await store.rematch_lobby(old) is None
    computers = (("hard", "Computer (hard)"), ("easy", "Computer (easy)"))
    row = await store.create_rematch(lobby_of(11), Rematch(old, (12, 10), computers))
    assert (row.rematch_of, row.status, row.version, row.host_id) == (old, "lobby", 0, 11)
    assert (row.options, row.move_seconds, row.deadline_policy) == ({"n": 4}, 600, "forfeit")
    assert row.deadline_at == 99.0
    assert await store.rematch_lobby(old) == row.id
    data = await store.load_match(row.id)
    assert data is not None and data.invited == (12, 10)
    assert data.seats == (
        SeatRow(0, 11, "u11"),
        SeatRow(1, None, "Computer (hard)", "hard"),
        SeatRow(2, None, "Computer (easy)", "easy"),
    )
    assert await store.load_matches([old, row.id]) == [await store.load_match(old), data]
    assert await store.load_open_matches() == [data]
    plain = await store.load_match(old)
    assert plain is not None and plain.row.rematch_of is None and plain.invited == ()


async def test_a_second_rematch_lobby_is_refused_while_one_is_open(backend: Backend) -> None:
    """While a match's rematch lobby is open, another is refused and nothing changes; a match
    that is not over (missing, active, cancelled) has no rematch either."""
    store = backend.store
    old = await over(store, 10, 11)
    first = await store.create_rematch(lobby_of(10), Rematch(old, (11,)))
    playing = await active(store, 20, 21)
    cancelled = await active(store, 22, 23)
    await finish(store, cancelled, MatchEnd("cancelled", {}), 11.0)
    before = await backend.rows()
    for match_id in (old, playing, cancelled, 999):
        with pytest.raises(StaleStep):
            await store.create_rematch(lobby_of(11), Rematch(match_id, (10,)))
    assert await backend.rows() == before
    assert await store.rematch_lobby(old) == first.id


@pytest.mark.parametrize("ends", ["starts", "closes"])
async def test_once_the_lobby_starts_or_closes_the_match_may_have_a_new_one(
    store: SqlStore, ends: str
) -> None:
    """A started or closed rematch lobby drops its invitations and is no longer the open one:
    the next rematch of the same match is a new lobby, linked like the first."""
    old = await over(store, 10, 11)
    first = await store.create_rematch(lobby_of(10), Rematch(old, (11,)))
    await store.add_seat(first.id, await at(store, first.id), 11, "u11", 21.0)
    if ends == "starts":
        await store.start_match(first.id, await at(store, first.id), {"n": 4}, Deadline(), 22.0)
    else:
        await finish(store, first.id, MatchEnd("cancelled", {}), 22.0)
    data = await store.load_match(first.id)
    assert data is not None and data.invited == () and data.row.rematch_of == old
    assert await store.rematch_lobby(old) is None
    second = await store.create_rematch(lobby_of(11), Rematch(old, (10,)))
    assert second.id != first.id and second.rematch_of == old
    assert await store.rematch_lobby(old) == second.id


async def test_two_processes_opening_the_same_rematch_open_one_lobby(backend: Backend) -> None:
    """Two stores on one database (two processes) open the rematch of one match at the same
    instant, many times: one lobby opens, the other is refused."""
    one = backend.store
    two = await backend.another()
    try:
        for _ in range(10):
            old = await over(one, 10, 11)
            results = await asyncio.gather(
                one.create_rematch(lobby_of(10), Rematch(old, (11,))),
                two.create_rematch(lobby_of(11), Rematch(old, (10,))),
                return_exceptions=True,
            )
            opened = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, StaleStep)]
            assert len(opened) == 1 and len(refused) == 1, results
            assert await two.rematch_lobby(old) == opened[0].id
    finally:
        await two.close()


async def test_forgetting_a_member_deletes_their_invitations(store: SqlStore) -> None:
    """Invitations count among what is stored about a member, and forgetting deletes them and
    names the lobbies that changed; the lobby stays open for the others."""
    old = await over(store, 10, 11, 12)
    lobby = await store.create_rematch(lobby_of(10), Rematch(old, (11, 12)))
    held = await store.member_data(11)
    assert held.invitations == 1 and held.open_matches == ()
    assert await store.forget_member(11) == replace(held, invited_to=(lobby.id,))
    assert await store.member_data(11) == MemberData()
    data = await store.load_match(lobby.id)
    assert data is not None and data.invited == (12,) and data.row.status == "lobby"


async def test_a_member_forgotten_as_a_rematch_opens_is_never_left_invited(
    backend: Backend,
) -> None:
    """One process opens the rematch that invites bob while another forgets bob, at the same
    instant, many times: whichever commits first, bob is invited to no lobby afterwards, and
    a lobby that had invited him is named as changed."""
    one = backend.store
    two = await backend.another()
    try:
        for _ in range(10):
            old = await over(one, 10, 11)
            opened, forgotten = await asyncio.gather(
                one.create_rematch(lobby_of(10), Rematch(old, (11,))), two.forget_member(11)
            )
            data = await one.load_match(opened.id)
            assert data is not None and data.invited == ()
            assert forgotten.invited_to in ((), (opened.id,))
            assert (await one.member_data(11)).invitations == 0
    finally:
        await two.close()
