"""Tournaments in the store, on each engine: entries at a version, a round made in one
transaction from what it reads after locking the tournament (its games started matches), a
game's end writing its places there, withdrawals, the end, and who the server lists."""

from __future__ import annotations

import pytest

from referee.rows import Deadline, MatchEnd
from referee.store import AlreadySeated, StaleStep
from referee.tournament_rows import (
    CANCELLED,
    DONE,
    OPEN,
    RUNNING,
    GameRow,
    NewTable,
    NewTournament,
    RoundPlan,
    TournamentData,
)
from tests.db.backends import Backend
from tests.db.test_store import CHANNEL, GUILD, finish

N2N = "numbers-to-number"


def new(host: int = 10, guild: int = GUILD) -> NewTournament:
    """A Swiss tournament of Numbers To Number, hosted by `host`."""
    return NewTournament(
        guild, CHANNEL, N2N, {"m": 2}, "swiss", 2, None, 60, "auto", host, f"u{host}", 1.0
    )


def table(number: int, entrants: tuple[int, ...], data: TournamentData) -> NewTable:
    """A game of two entrants to open, seated in that order."""
    by_id = {e.entrant: e for e in data.entrants}
    seats = tuple((by_id[i].user_id, by_id[i].computer, by_id[i].name) for i in entrants)
    return NewTable(number, entrants, seats, {"m": 2, "rounds": 1}, Deadline(100.0, 90.0))


async def test_entries_rounds_and_the_end(backend: Backend) -> None:
    """The host is entered first; a member enters once, at the version read; a computer
    enters; an entry taken back before the start leaves its number free; the first round is
    made with seeds, two games as started matches and a forfeit, and a plan that makes nothing
    writes nothing; a game's end writes its places; the end."""
    store = backend.store
    number = await store.create_tournament(new())
    data = await store.load_tournament(number)
    assert data is not None and data.row.status == OPEN and data.row.version == 0
    assert [(e.entrant, e.user_id, e.name) for e in data.entrants] == [(1, 10, "u10")]
    await store.enter_tournament(number, 0, 11, None, "u11", 2.0)
    with pytest.raises(StaleStep):
        await store.enter_tournament(number, 0, 12, None, "u12", 2.0)
    with pytest.raises(AlreadySeated):
        await store.enter_tournament(number, 1, 11, None, "u11", 2.0)
    await store.enter_tournament(number, 1, None, "easy", "Computer (easy)", 2.0)
    await store.enter_tournament(number, 2, 12, None, "u12", 2.0)
    await store.leave_tournament(number, 3, 4, 2.5)
    await store.enter_tournament(number, 4, 13, None, "u13", 2.5)
    await store.set_tournament_message(number, 555)
    data = await store.load_tournament(number)
    assert data is not None and data.row.message_id == 555
    assert [(e.entrant, e.user_id, e.computer) for e in data.entrants] == [
        (1, 10, None),
        (2, 11, None),
        (3, None, "easy"),
        (4, 13, None),
    ]

    seen: list[TournamentData] = []

    def first_round(read: TournamentData) -> RoundPlan | None:
        seen.append(read)
        if read.row.status != OPEN:
            return None
        forfeit = GameRow(1, 3, (4, 3), None, (1, 2))
        return RoundPlan(
            1,
            (table(1, (1, 2), read), table(2, (3, 4), read)),
            forfeits=(forfeit,),
            seeds={1: 1000.0, 2: 1010.0, 3: 990.0, 4: 1000.0},
        )

    opened = await store.make_round(number, first_round, 3.0)
    assert len(opened) == 2 and seen[-1].ratings == {}
    assert await store.make_round(number, first_round, 3.5) == []
    data = await store.load_tournament(number)
    assert data is not None and data.row.status == RUNNING and data.row.round == 1
    assert [e.rating for e in data.entrants] == [1000.0, 1010.0, 990.0, 1000.0]
    assert [(g.table, g.entrants, g.match_id, g.places) for g in data.games] == [
        (1, (1, 2), opened[0], None),
        (2, (3, 4), opened[1], None),
        (3, (4, 3), None, (1, 2)),
    ]
    game = await store.load_match(opened[1])
    assert game is not None and game.row.status == "active" and game.row.tournament_id == number
    assert [(s.user_id, s.computer) for s in game.seats] == [(None, "easy"), (13, None)]
    assert game.row.deadline_at == 100.0 and game.row.settled == {"m": 2, "rounds": 1}

    await finish(store, opened[0], MatchEnd("over", {}, places=(2, 1)), 4.0)
    await store.withdraw(number, data.row.version, 4, 1, 4.5)
    with pytest.raises(StaleStep):
        await store.withdraw(number, data.row.version, 2, 1, 4.5)
    data = await store.load_tournament(number)
    assert data is not None and data.games[0].places == (2, 1)
    assert [e.withdrawn for e in data.entrants] == [None, None, None, 1]
    assert await store.running_tournaments() == [(number, GUILD)]

    def the_end(read: TournamentData) -> RoundPlan | None:
        return RoundPlan(read.row.round, status=DONE, result={"champions": [2]})

    assert await store.make_round(number, the_end, 5.0) == []
    data = await store.load_tournament(number)
    assert data is not None and data.row.status == DONE and data.row.result == {"champions": [2]}
    assert await store.running_tournaments() == []


async def test_a_server_lists_its_tournaments_under_way_first(backend: Backend) -> None:
    """Those taking entries or running come before the ended ones, newest first; another
    server's are not listed; a cancelled one keeps its reason and refuses a second end."""
    store = backend.store
    old = await store.create_tournament(new())
    await store.end_tournament(old, 0, CANCELLED, {"reason": "host"}, 2.0)
    with pytest.raises(StaleStep):
        await store.end_tournament(old, 1, CANCELLED, {"reason": "host"}, 2.0)
    under_way = await store.create_tournament(new(11))
    elsewhere = await store.create_tournament(new(12, guild=GUILD + 1))
    listed = await store.tournaments_in(GUILD, 10)
    assert [r.id for r in listed] == [under_way, old]
    assert listed[1].status == CANCELLED and listed[1].result == {"reason": "host"}
    assert [r.id for r in await store.tournaments_in(GUILD + 1, 10)] == [elsewhere]
    assert await store.load_tournament(under_way + elsewhere + 100) is None
