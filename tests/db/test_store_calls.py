"""Each of the store's calls on each engine: lobbies and versions, deadlines, sealed moves,
votes, one-player bests and the lookups."""

from __future__ import annotations

import pytest

from db import SqlStore
from referee.rows import Deadline, MatchEnd, NewMatch, SeatRow, SolitaireBest, SolitaireScore
from referee.store import AlreadySeated, StaleStep
from tests.db.test_store import CHANNEL, GUILD, active, at, finish, resolve

GAME = "numbers-to-number"


def lobby_of(host: int, guild: int = GUILD, channel: int = CHANNEL) -> NewMatch:
    """A new numbers-to-number lobby of this host."""
    return NewMatch(guild, channel, GAME, {"m": 3}, host, f"u{host}", 60, "forfeit", 1.0, 9.0)


async def test_a_lobby_counts_every_change_in_its_version(store: SqlStore) -> None:
    """A new lobby is at version 0 with its host seated and its options; each change adds one;
    seats close their gaps; a member is seated once; a missing match has no version."""
    row = await store.create_match(lobby_of(10))
    assert (row.version, row.status, row.options, row.deadline_at) == (0, "lobby", {"m": 3}, 9.0)
    assert (row.move_seconds, row.deadline_policy, row.created_at) == (60, "forfeit", 1.0)
    assert await store.set_lobby_message(row.id, 555) == 1
    await store.add_seat(row.id, 1, 11, "u11", 2.0)
    with pytest.raises(AlreadySeated):
        await store.add_seat(row.id, 2, 11, "u11", 2.0)
    await store.add_computers(row.id, 2, "easy", ["Computer 1", "Computer 2"], 2.0)
    await store.add_seat(row.id, 3, 12, "u12", 2.0)
    await store.remove_seat(row.id, 4, 11, 2.5)
    with pytest.raises(StaleStep):
        await store.remove_seat(row.id, 5, 11, 2.5)
    await store.remove_computer(row.id, 5, 1, 2.5)
    data = await store.load_match(row.id)
    assert data is not None
    assert data.row.lobby_message_id == 555 and data.row.version == 6
    assert data.seats == (
        SeatRow(0, 10, "u10"),
        SeatRow(1, None, "Computer 2", "easy"),
        SeatRow(2, 12, "u12"),
    )
    assert await store.version_of(row.id) == 6
    assert await store.version_of(row.id + 1) is None


async def test_lookups_find_open_matches_by_server_member_and_channel(store: SqlStore) -> None:
    """Open matches by server (or all), a member's in a channel, a member's active ones; a
    finished match is in none of them."""
    lobby = (await store.create_match(lobby_of(10))).id
    elsewhere = (await store.create_match(lobby_of(10, guild=7, channel=8))).id
    playing = await active(store, 11, 10)
    done = await active(store, 12, 10)
    await finish(store, done, MatchEnd("cancelled", {}), 4.0)
    assert [d.row.id for d in await store.open_matches(GUILD)] == [lobby, playing]
    assert [d.row.id for d in await store.open_matches()] == [lobby, elsewhere, playing]
    assert [d.seats for d in await store.open_matches(7)] == [(SeatRow(0, 10, "u10"),)]
    assert await store.open_matches_of_in(10, CHANNEL) == [lobby, playing]
    assert await store.open_matches_of_in(10, 8) == [elsewhere]
    assert await store.active_matches_of(10) == [playing]
    assert await store.active_matches_of(12) == []


async def test_the_active_matches_with_a_computer_are_found_alone(store: SqlStore) -> None:
    """Only active matches where a computer sits: not a lobby of computers, nor a finished one."""
    await active(store, 10, 11)
    row = await store.create_match(lobby_of(12))
    await store.add_computers(row.id, await at(store, row.id), "easy", ["Computer 1"], 2.0)
    await store.start_match(row.id, await at(store, row.id), {"m": 2, "rounds": 1}, Deadline(), 3.0)
    waiting = (await store.create_match(lobby_of(13))).id
    await store.add_computers(waiting, await at(store, waiting), "easy", ["Computer 1"], 2.0)
    assert await store.active_matches_with_computers() == [row.id]
    await finish(store, row.id, MatchEnd("cancelled", {}), 4.0)
    assert await store.active_matches_with_computers() == []


async def test_deadlines_tell_the_clock_when_to_wake(store: SqlStore) -> None:
    """The earliest reminder or deadline of an open match wakes the clock; a record may keep the
    deadline (None) or set the next step's; an ended match wakes nobody."""
    match_id = await active(store, 10, 11)
    assert await store.next_wakeup() is None
    await store.set_deadline(match_id, await at(store, match_id), Deadline(20.0, 15.0), 4.0)
    assert await store.next_wakeup() == 15.0
    assert (await store.due(14.0), await store.due(15.0)) == ([], [match_id])
    version = await at(store, match_id)
    await store.record(match_id, version, [(0, (0, "1"))], 0, None, None, 5.0)
    assert await store.next_wakeup() == 15.0
    version = await at(store, match_id)
    await store.record(match_id, version, [(0, (1, "2"))], 1, None, Deadline(30.0), 6.0)
    assert await store.next_wakeup() == 30.0 and await store.due(29.0) == []
    data = await store.load_match(match_id)
    assert data is not None and data.row.step == 1 and data.row.step_started_at == 6.0
    await finish(store, match_id, MatchEnd("over", {}), 7.0)
    assert await store.next_wakeup() is None and await store.due(100.0) == []


async def test_sealed_moves_are_replaced_in_place_and_end_with_their_step(
    store: SqlStore,
) -> None:
    """A seat's new sealed move replaces its old one and keeps its place; the step recorded,
    the sealed moves are gone."""
    match_id = await active(store, 10, 11)
    for seat, move in ((1, "3"), (0, "2"), (1, "4")):
        await store.submit_sealed(match_id, await at(store, match_id), seat, move, 4.0)
    data = await store.load_match(match_id)
    assert data is not None and data.sealed == ((1, "4"), (0, "2"))
    await resolve(store, match_id, 0, [(0, "2"), (1, "4")])
    data = await store.load_match(match_id)
    assert data is not None and data.sealed == () and data.moves == ((0, "2"), (1, "4"))


async def test_votes_to_cancel_hold_for_their_step(store: SqlStore) -> None:
    """A vote counts at the step it was made; a new step or a refusal clears it."""
    match_id = await active(store, 10, 11)
    await store.vote_cancel(match_id, await at(store, match_id), 10, 4.0)
    data = await store.load_match(match_id)
    assert data is not None and data.votes == {10}
    await resolve(store, match_id, 0, [(0, "1"), (1, "2")])
    data = await store.load_match(match_id)
    assert data is not None and data.votes == frozenset()
    await store.vote_cancel(match_id, await at(store, match_id), 11, 5.0)
    await store.clear_votes(match_id, await at(store, match_id), 6.0)
    data = await store.load_match(match_id)
    assert data is not None and data.votes == frozenset()


async def test_a_servers_one_player_best_is_beaten_only_by_more(store: SqlStore) -> None:
    """Each options' best is the highest score (the earlier one on a tie), listed shortest
    options first."""
    ids = {}
    for user, options, score in ((10, "{}", 3), (11, "{}", 5), (12, "{}", 5), (13, '{"n":9}', 1)):
        ids[user] = await active(store, user)
        best = SolitaireScore(GAME, options, user, f"u{user}", score, ("1", "2"))
        await finish(store, ids[user], MatchEnd("over", {}, solitaire=best), 4.0)
    assert await store.solitaire_bests(GUILD, GAME) == [
        SolitaireBest(GAME, {}, 11, "u11", 5, ("1", "2"), ids[11]),
        SolitaireBest(GAME, {"n": 9}, 13, "u13", 1, ("1", "2"), ids[13]),
    ]
    assert await store.solitaire_bests(7, GAME) == []
