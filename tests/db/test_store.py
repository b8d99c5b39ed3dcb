"""The store on each engine (SQLite, PostgreSQL): every method, whole transactions, exact
points, bulk loading. The fixtures (tests/db/conftest.py) run every test on both."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from db import SqlStore, reads
from referee.rows import (
    ALL_GAMES,
    FORMER_PLAYER,
    Deadline,
    Entry,
    LevelRating,
    Logged,
    MatchEnd,
    MemberData,
    NewMatch,
    Ratings,
    SeatRow,
    Snapshot,
    SolitaireScore,
    StandingChange,
    VersusChange,
    VersusRating,
    VersusStanding,
)
from referee.store import AlreadySeated, StaleStep, StillSeated, Store
from tests.db.backends import Backend

GUILD, CHANNEL = 1, 2


async def at(store: SqlStore, match_id: int) -> int:
    """The stored version of a match."""
    version = await store.version_of(match_id)
    assert version is not None
    return version


async def active(store: SqlStore, host: int, *others: int, guild: int = GUILD) -> int:
    """An active match of numbers-to-number hosted by `host`, with the others seated."""
    row = await store.create_match(
        NewMatch(guild, CHANNEL, "numbers-to-number", {}, host, f"u{host}", None, "auto", 1.0)
    )
    for user in others:
        await store.add_seat(row.id, await at(store, row.id), user, f"u{user}", 2.0)
    await store.start_match(row.id, await at(store, row.id), {"m": 2, "rounds": 1}, Deadline(), 3.0)
    return row.id


async def resolve(store: SqlStore, match_id: int, step: int, moves: Sequence[Entry]) -> None:
    """Record a step's moves at the match's current version, opening the next step."""
    logged = [(step, e) for e in moves]
    await store.record(match_id, await at(store, match_id), logged, step + 1, None, Deadline(), 5.0)


async def finish(store: SqlStore, match_id: int, how: MatchEnd, now: float) -> None:
    """End a match at its current version."""
    await store.end_match(match_id, await at(store, match_id), how, now)


def change(user: int, points: int, game: str = "numbers-to-number") -> StandingChange:
    """One game's standing change of a member (in numbers-to-number unless told)."""
    return StandingChange(game, user, f"u{user}", True, False, points, 30.0, 7.0)


async def test_points_beyond_64_bits_add_up_exactly(store: SqlStore) -> None:
    """Integer Sequence scores outgrow 64-bit integers; the standings add them exactly."""
    big = 60 * 10**80
    for _ in range(2):
        match_id = await active(store, 10, 11)
        end = MatchEnd("over", {"scores": [big, 0]}, [change(10, big), change(11, 3)])
        await finish(store, match_id, end, 4.0)
    rows = {s.user_id: s for s in await store.standings(GUILD, "numbers-to-number", 10)}
    assert rows[10].points == 2 * big and rows[10].games == 2 and rows[10].wins == 2
    assert rows[11].points == 6


async def test_a_refused_write_changes_nothing(backend: Backend) -> None:
    """A step written twice is refused as a whole: neither its moves nor its guard stay."""
    store = backend.store
    match_id = await active(store, 10, 11)
    await resolve(store, match_id, 0, [(0, "1"), (1, "2")])
    before = await backend.rows()
    with pytest.raises(StaleStep):
        await store.record(match_id, 0, [(0, (0, "3"))], 1, None, Deadline(), 6.0)
    with pytest.raises(StaleStep):
        await resolve(store, match_id, 0, [(0, "3"), (1, "3")])
    assert await backend.rows() == before
    data = await store.load_match(match_id)
    assert data is not None and data.moves == ((0, "1"), (1, "2")) and data.row.step == 1


async def test_matches_load_together_like_one_by_one(store: SqlStore) -> None:
    """The bulk load gives each match exactly what loading it alone gives, in id order."""
    ids = [await active(store, 10 + i, 20 + i) for i in range(3)]
    await resolve(store, ids[0], 0, [(0, "1"), (1, "2")])
    await store.submit_sealed(ids[0], await at(store, ids[0]), 1, "3", 6.0)
    await store.submit_sealed(ids[2], await at(store, ids[2]), 0, "2", 6.0)
    await finish(store, ids[1], MatchEnd("cancelled", {}), 7.0)
    lobby = await store.create_match(
        NewMatch(GUILD, CHANNEL, "numbers-to-number", {}, 99, "u99", None, "auto", 8.0)
    )
    bulk = await store.load_matches([lobby.id, *ids, 999])
    assert [d.row.id for d in bulk] == [*ids, lobby.id]
    for data in bulk:
        assert data == await store.load_match(data.row.id)
    assert await store.load_open_matches() == [bulk[0], bulk[2], bulk[3]]


async def test_a_snapshot_is_kept_until_a_step_writes_another(store: SqlStore) -> None:
    """A step's write keeps the snapshot it is given, bytes for bytes (zero bytes included); a
    write without one leaves the last one, which the log only grows past."""
    match_id = await active(store, 10, 11)
    first = Snapshot(2, bytes(range(256)) * 3)
    await store.record(
        match_id,
        await at(store, match_id),
        [(0, (0, "1")), (0, (1, "2"))],
        1,
        None,
        None,
        5.0,
        first,
    )
    data = await store.load_match(match_id)
    assert data is not None and data.snapshot == first
    await store.record(
        match_id, await at(store, match_id), [(1, (1, "resign"))], 1, None, None, 6.0
    )
    data = await store.load_match(match_id)
    assert data is not None and data.snapshot == first and len(data.moves) == 3
    newer = Snapshot(4, b"\x00newer")
    await store.record(
        match_id, await at(store, match_id), [(1, (0, "3"))], 2, None, None, 7.0, newer
    )
    assert await store.load_matches([match_id]) == [await store.load_match(match_id)]
    assert (await store.load_open_matches())[0].snapshot == newer


async def test_the_log_keeps_its_order_notes_and_steps_across_writes(store: SqlStore) -> None:
    """Entries are appended in order, however many a write brings, with their notes; a write
    that moves on to a new step leaves no sealed move of an earlier one."""
    match_id = await active(store, 10, 11)
    await store.submit_sealed(match_id, await at(store, match_id), 0, "1", 4.0)
    writes: list[tuple[int, list[Logged]]] = [
        (1, [(0, (0, "1")), (0, (1, "2"))]),
        (1, [(1, (1, "resign", "left the server"))]),
        (4, [(1, (0, "3")), (2, (0, "4")), (3, (0, "5"))]),
    ]
    for step, logged in writes:
        await store.record(match_id, await at(store, match_id), logged, step, None, None, 5.0)
    data = await store.load_match(match_id)
    assert data is not None
    assert data.moves == tuple(entry for _, logged in writes for _, entry in logged)
    assert data.sealed == ()


async def test_a_cancelled_caller_does_not_cut_a_transaction(store: SqlStore) -> None:
    """A write whose caller is cancelled is done whole or not at all, never half."""
    match_id = await active(store, 10, 11)
    moves = [(0, "1"), (1, "2")]
    task = asyncio.create_task(resolve(store, match_id, 0, moves))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    data = await store.load_match(match_id)
    assert data is not None
    assert (data.row.step, data.moves) in ((0, ()), (1, ((0, "1"), (1, "2"))))


async def test_forgetting_a_member_keeps_every_result(backend: Backend) -> None:
    """While the member sits in an open game nothing changes; then one transaction deletes their
    standings and bests in every server and leaves their finished seats anonymous, results and
    the other player's standings as they were."""
    store = backend.store
    won = await active(store, 10, 11)
    await resolve(store, won, 0, [(0, "1"), (1, "2")])
    changes = [change(u, 5, g) for u in (10, 11) for g in ("numbers-to-number", ALL_GAMES)]
    await finish(store, won, MatchEnd("over", {"scores": [5, 5]}, changes), 5.0)
    elsewhere = await active(store, 11, 10, guild=7)
    await finish(store, elsewhere, MatchEnd("over", {}, [change(10, 1), change(11, 2)]), 6.0)
    alone = await active(store, 10)
    best = SolitaireScore("numbers-to-number", "{}", 10, "u10", 3, ("1",))
    await finish(store, alone, MatchEnd("over", {}, solitaire=best), 7.0)
    still = await active(store, 12, 10)

    before = await backend.rows()
    with pytest.raises(StillSeated) as refused:
        await store.forget_member(10)
    assert refused.value.match_ids == (still,)
    assert await backend.rows() == before
    await finish(store, still, MatchEnd("cancelled", {"reason": "test"}), 8.0)
    bob = {g: await store.standings(g, "numbers-to-number", 10) for g in (GUILD, 7)}
    held = await store.member_data(10)

    forgotten = await store.forget_member(10)
    assert forgotten == held == MemberData((), servers=2, standings=2, bests=1, seats=4, hosted=2)
    for guild in (GUILD, 7):
        for game in ("numbers-to-number", ALL_GAMES):
            assert 10 not in {s.user_id for s in await store.standings(guild, game, 10)}
        assert await store.standings(guild, "numbers-to-number", 10) == [
            s for s in bob[guild] if s.user_id != 10
        ]
    assert await store.solitaire_bests(GUILD, "numbers-to-number") == []
    after = {d.row.id: d for d in await store.load_matches([won, elsewhere, alone, still])}
    former = SeatRow(0, -1, FORMER_PLAYER)
    assert after[won].seats == (former, SeatRow(1, 11, "u11"))
    assert after[elsewhere].seats == (SeatRow(0, 11, "u11"), SeatRow(1, -2, FORMER_PLAYER))
    assert after[won].row.host_id == 0 and after[elsewhere].row.host_id == 11
    assert after[won].moves == ((0, "1"), (1, "2"))
    assert after[won].row.result == {"scores": [5, 5]}
    assert await store.forget_member(10) == MemberData()


async def test_games_with_a_computer_keep_their_own_table(backend: Backend) -> None:
    """A computer's seat has a level and no user id; a finished game with one adds to the
    member's record against that level and to the ratings of both, not to the standings; the
    member forgotten, their record and rating against the computer go, the level's stays."""
    store = backend.store
    row = await store.create_match(
        NewMatch(GUILD, CHANNEL, "numbers-to-number", {}, 10, "u10", None, "auto", 1.0)
    )
    await store.add_computers(row.id, 0, "hard", ["Computer (hard)"], 2.0)
    await store.add_computers(row.id, 1, "easy", ["Computer (easy)"], 2.0)
    await store.remove_computer(row.id, 2, 2, 2.5)
    with pytest.raises(StaleStep):
        await store.remove_computer(row.id, 3, 0, 2.5)
    await store.start_match(row.id, 3, {"m": 2, "rounds": 1}, Deadline(), 3.0)
    with pytest.raises(StaleStep):
        await store.add_computers(row.id, 4, "easy", ["Computer (easy)"], 3.5)
    data = await store.load_match(row.id)
    assert data is not None
    assert data.seats == (SeatRow(0, 10, "u10"), SeatRow(1, None, "Computer (hard)", "hard"))

    versus = [VersusChange(g, 10, "u10", "hard", True, False) for g in ("numbers-to-number", "*")]
    ratings = [VersusRating(g, p, 26.0, 8.0) for g in ("numbers-to-number", "*") for p in ("10",)]
    ratings += [VersusRating("*", "hard", 24.0, 8.0)]
    await finish(store, row.id, MatchEnd("over", {}, versus=versus, versus_ratings=ratings), 4.0)
    assert await store.standings(GUILD, ALL_GAMES, 10) == []
    board, levels = await store.versus_standings(GUILD, ALL_GAMES, 10)
    assert board == [VersusStanding(10, "u10", 26.0, 8.0, {"hard": (1, 1, 0)}, 1)]
    assert levels == [LevelRating("hard", 24.0, 8.0, 1)]
    assert (await store.member_data(10)).versus == 1

    await store.forget_member(10)
    assert await store.versus_standings(GUILD, ALL_GAMES, 10) == ([], levels)
    rated = (await backend.rows())["versus_ratings"]
    assert [r[1:5] for r in rated] == [("*", "hard", 24.0, 8.0)]


async def test_every_refused_write_changes_nothing(backend: Backend) -> None:
    """Each write refused (an old version, the wrong status, a seat taken, a step logged twice, a
    member still seated) leaves every row as it was, the version too."""
    store = backend.store
    playing = await active(store, 10, 11)
    lobby = (
        await store.create_match(
            NewMatch(GUILD, CHANNEL, "numbers-to-number", {}, 12, "u12", None, "auto", 1.0)
        )
    ).id
    await store.add_computers(lobby, 0, "easy", ["Computer"], 1.5)
    await resolve(store, playing, 0, [(0, "1"), (1, "2")])
    now, old = 9.0, 0
    lv, pv = await at(store, lobby), await at(store, playing)
    refused = [
        store.add_seat(lobby, old, 13, "u13", now),
        store.add_seat(lobby, lv, 12, "u12", now),
        store.remove_seat(lobby, old, 12, now),
        store.add_computers(lobby, old, "hard", ["Computer 2"], now),
        store.remove_computer(lobby, old, 1, now),
        store.start_match(lobby, old, {}, Deadline(), now),
        store.start_match(playing, pv, {}, Deadline(), now),
        store.submit_sealed(playing, old, 0, "1", now),
        store.submit_sealed(lobby, lv, 0, "1", now),
        store.record(playing, old, [(1, (0, "1"))], 2, None, None, now),
        store.record(playing, pv, [(1, (0, "1")), (1, (0, "2"))], 2, None, None, now),
        store.set_deadline(playing, old, Deadline(50.0), now),
        store.vote_cancel(playing, old, 10, now),
        store.clear_votes(playing, old, now),
        store.end_match(playing, old, MatchEnd("over", {}, [change(10, 1)]), now),
        store.forget_member(11),
    ]
    before = await backend.rows()
    for call in refused:
        with pytest.raises((StaleStep, AlreadySeated, StillSeated)):
            await call
        assert await backend.rows() == before


async def test_a_caller_cancelled_midway_leaves_the_end_whole(backend: Backend) -> None:
    """A caller cancelled while its transaction is under way (rating, inside it) does not cut
    it: the match ends with its standings, or, had it not begun, stays as it was."""
    store = backend.store
    match_id = await active(store, 10, 11)
    inside, go_on = threading.Event(), threading.Event()

    def rate(ratings: Ratings) -> MatchEnd:
        inside.set()
        go_on.wait(5)
        return MatchEnd("over", {"winners": [0]}, [change(10, 1), change(11, 0)])

    end = MatchEnd("over", {}, rate=rate)
    task = asyncio.create_task(store.end_match(match_id, await at(store, match_id), end, 4.0))
    assert await asyncio.to_thread(inside.wait, 5)
    task.cancel()
    go_on.set()
    await asyncio.gather(task, return_exceptions=True)
    for _ in range(100):
        data = await store.load_match(match_id)
        if data is not None and data.row.status == "over":
            break
        await asyncio.sleep(0.02)
    assert data is not None and data.row.status == "over" and data.row.result == {"winners": [0]}
    assert len(await store.standings(GUILD, "numbers-to-number", 10)) == 2


async def test_bulk_loads_equal_single_loads_across_chunks(
    store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a few ids per query, loading many matches still equals loading each alone."""
    ids = [await active(store, 10 + i, 20 + i) for i in range(5)]
    for match_id in ids[::2]:
        await resolve(store, match_id, 0, [(0, "1"), (1, "2")])
        await store.vote_cancel(match_id, await at(store, match_id), 10, 6.0)
    await store.submit_sealed(ids[1], await at(store, ids[1]), 1, "2", 6.0)
    singles = [await store.load_match(i) for i in ids]
    monkeypatch.setattr(reads, "CHUNK", 2)
    assert await store.load_matches(ids[::-1]) == singles
    assert await store.load_open_matches() == singles


def test_the_suite_calls_every_store_method() -> None:
    """Every call of the Store protocol is made by this suite, on both engines."""
    calls = [n for n, v in vars(Store).items() if callable(v) and not n.startswith("_")]
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_store*.py"))
    assert calls and [n for n in calls if f".{n}(" not in text] == []


async def test_a_claim_is_one_holders_until_it_runs_out_or_the_step_moves(
    backend: Backend,
) -> None:
    """A step's work claimed by one process is refused to another until the claim's time runs
    out or a later step is claimed; its holder may claim it again; a step the match is not at,
    or a match that is over, is refused to all."""
    store = backend.store
    other = await backend.another()
    try:
        match_id = await active(store, 10, 11)
        assert await store.claim("computer", match_id, 0, "a", 100.0, 60.0)
        assert not await other.claim("computer", match_id, 0, "b", 120.0, 60.0)
        assert await store.claim("computer", match_id, 0, "a", 130.0, 60.0)
        assert not await other.claim("computer", match_id, 0, "b", 189.0, 60.0)
        assert await other.claim("computer", match_id, 0, "b", 191.0, 60.0)
        assert not await store.claim("computer", match_id, 1, "a", 192.0, 60.0)  # not there yet
        await resolve(store, match_id, 0, [(0, "1"), (1, "2")])
        assert await store.claim("computer", match_id, 1, "a", 193.0, 60.0)
        assert not await other.claim("computer", match_id, 0, "b", 300.0, 60.0)  # a step behind
        assert await other.claim("deadline", match_id, 1, "b", 194.0, 60.0)
        await finish(store, match_id, MatchEnd("cancelled", {}), 200.0)
        assert not await other.claim("computer", match_id, 1, "b", 300.0, 60.0)
        assert not await store.claim("computer", match_id, 1, "a", 300.0, 60.0)
    finally:
        await other.close()
