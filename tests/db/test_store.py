"""The SQLite store on a real file: whole transactions, exact points, bulk loading."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import closing
from pathlib import Path

import pytest

from db import SqliteStore
from db.migrate import migration_files
from referee.store import (
    ALL_GAMES,
    FORMER_PLAYER,
    Deadline,
    Entry,
    LevelRating,
    MatchEnd,
    MemberData,
    NewMatch,
    SeatRow,
    SolitaireScore,
    StaleStep,
    StandingChange,
    StillSeated,
    VersusChange,
    VersusRating,
    VersusStanding,
)
from tests.rows import database_dump

GUILD, CHANNEL = 1, 2


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    """A store on a fresh file."""
    opened = await SqliteStore.open(tmp_path / "store.sqlite3")
    yield opened
    await opened.close()


async def at(store: SqliteStore, match_id: int) -> int:
    """The stored version of a match."""
    version = await store.version_of(match_id)
    assert version is not None
    return version


async def active(store: SqliteStore, host: int, *others: int, guild: int = GUILD) -> int:
    """An active match of numbers-to-number hosted by `host`, with the others seated."""
    row = await store.create_match(
        NewMatch(guild, CHANNEL, "numbers-to-number", {}, host, f"u{host}", None, "auto", 1.0)
    )
    for user in others:
        await store.add_seat(row.id, await at(store, row.id), user, f"u{user}", 2.0)
    await store.start_match(row.id, await at(store, row.id), {"m": 2, "rounds": 1}, Deadline(), 3.0)
    return row.id


async def resolve(store: SqliteStore, match_id: int, step: int, moves: Sequence[Entry]) -> None:
    """Record a step's moves at the match's current version, opening the next step."""
    logged = [(step, e) for e in moves]
    await store.record(match_id, await at(store, match_id), logged, step + 1, None, Deadline(), 5.0)


async def finish(store: SqliteStore, match_id: int, how: MatchEnd, now: float) -> None:
    """End a match at its current version."""
    await store.end_match(match_id, await at(store, match_id), how, now)


def change(user: int, points: int, game: str = "numbers-to-number") -> StandingChange:
    """One game's standing change of a member (in numbers-to-number unless told)."""
    return StandingChange(game, user, f"u{user}", True, False, points, 30.0, 7.0)


async def test_points_beyond_64_bits_add_up_exactly(store: SqliteStore) -> None:
    """Integer Sequence scores outgrow 64-bit integers; the standings add them exactly."""
    big = 60 * 10**80
    for _ in range(2):
        match_id = await active(store, 10, 11)
        end = MatchEnd("over", {"scores": [big, 0]}, [change(10, big), change(11, 3)])
        await finish(store, match_id, end, 4.0)
    rows = {s.user_id: s for s in await store.standings(GUILD, "numbers-to-number", 10)}
    assert rows[10].points == 2 * big and rows[10].games == 2 and rows[10].wins == 2
    assert rows[11].points == 6


async def test_a_refused_write_changes_nothing(store: SqliteStore, tmp_path: Path) -> None:
    """A step written twice is refused as a whole: neither its moves nor its guard stay."""
    match_id = await active(store, 10, 11)
    await resolve(store, match_id, 0, [(0, "1"), (1, "2")])
    with closing(sqlite3.connect(tmp_path / "store.sqlite3")) as conn:
        before = conn.execute("SELECT * FROM matches").fetchall()
    with pytest.raises(StaleStep):
        await store.record(match_id, 0, [(0, (0, "3"))], 1, None, Deadline(), 6.0)
    with pytest.raises(StaleStep):
        await resolve(store, match_id, 0, [(0, "3"), (1, "3")])
    with closing(sqlite3.connect(tmp_path / "store.sqlite3")) as conn:
        assert conn.execute("SELECT * FROM matches").fetchall() == before
    data = await store.load_match(match_id)
    assert data is not None and data.moves == ((0, "1"), (1, "2")) and data.row.step == 1


async def test_matches_load_together_like_one_by_one(store: SqliteStore) -> None:
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


async def test_a_cancelled_caller_does_not_cut_a_transaction(store: SqliteStore) -> None:
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


async def test_reopening_keeps_the_schema_version(tmp_path: Path) -> None:
    """Migrations run once; a second open finds the database at the newest version."""
    path = tmp_path / "again.sqlite3"
    for _ in range(2):
        store = await SqliteStore.open(path)
        await store.close()
        await store.close()  # closing twice is harmless
    with closing(sqlite3.connect(path)) as conn:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
    assert version == migration_files()[-1][0]


def test_resignations_of_the_first_schema_become_entries_of_the_log(tmp_path: Path) -> None:
    """Migrating a version-1 database puts each resigned seat's resignation into the log, just
    before the first move the referee played for it (else at the end), and the logs replay."""
    from db.database import connect
    from rules.record import Record, replay

    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        (version, first), *_ = migration_files()
        conn.executescript(first.read_text(encoding="utf-8") + f"PRAGMA user_version = {version};")
        # A 3-player game where seat 2 resigned after two moves and was played for since; a
        # 2-player game ended by a resignation, with nothing played after it.
        settled = '{"n": 3, "rounds": 1}'
        for mid, players in ((1, 3), (2, 2)):
            conn.execute(
                "INSERT INTO matches (id, guild_id, channel_id, game, options, settled, host_id, "
                "status, step, created_at, updated_at) "
                "VALUES (?, 1, 2, 'lengths-of-lengths', '{}', ?, 10, 'over', 4, 0, 0)",
                (mid, settled if players == 3 else '{"n": 2, "rounds": 1}'),
            )
            for seat in range(players):
                resigned = int((mid, seat) in ((1, 2), (2, 1)))
                conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name, resigned) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (mid, seat, 10 + seat, f"u{seat}", resigned),
                )
        logs = {1: [(0, "1", 0), (1, "0", 0), (2, "1", 1), (1, "1", 0)], 2: [(0, "1", 0)]}
        for mid, log in logs.items():
            for idx, (seat, move, auto) in enumerate(log):
                conn.execute(
                    "INSERT INTO moves (match_id, idx, step, seat, move, auto) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (mid, idx, idx, seat, move, auto),
                )
        conn.commit()
    with closing(connect(str(path))) as conn:
        rows = {
            mid: conn.execute(
                "SELECT seat, move, note FROM moves WHERE match_id = ? ORDER BY idx", (mid,)
            ).fetchall()
            for mid in (1, 2)
        }
        assert "resigned" not in [r[1] for r in conn.execute("PRAGMA table_info(seats)")]
    assert rows[1] == [
        (0, "1", None),
        (1, "0", None),
        (2, "resign", "resigned"),
        (2, "1", "auto"),
        (1, "1", None),
    ]
    assert rows[2] == [(0, "1", None), (1, "resign", "resigned")]
    first_game = Record("lengths-of-lengths", 3, {"n": 3}, tuple(e[:2] for e in rows[1]))
    assert replay(first_game).resigned == {2}
    second = replay(Record("lengths-of-lengths", 2, {"n": 2}, tuple(e[:2] for e in rows[2])))
    assert second.result()["winners"] == [0]


async def test_forgetting_a_member_keeps_every_result(store: SqliteStore, tmp_path: Path) -> None:
    """While the member sits in an open game nothing changes; then one transaction deletes their
    standings and bests in every server and leaves their finished seats anonymous, results and
    the other player's standings as they were."""
    path = tmp_path / "store.sqlite3"
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

    before = database_dump(path)
    with pytest.raises(StillSeated) as refused:
        await store.forget_member(10)
    assert refused.value.match_ids == (still,)
    assert database_dump(path) == before
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


async def test_games_with_a_computer_keep_their_own_table(
    store: SqliteStore, tmp_path: Path
) -> None:
    """A computer's seat has a level and no user id; a finished game with one adds to the
    member's record against that level and to the ratings of both, not to the standings; the
    member forgotten, their record and rating against the computer go, the level's stays."""
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
    path = tmp_path / "store.sqlite3"

    versus = [VersusChange(g, 10, "u10", "hard", True, False) for g in ("numbers-to-number", "*")]
    ratings = [VersusRating(g, p, 26.0, 8.0) for g in ("numbers-to-number", "*") for p in ("10",)]
    ratings += [VersusRating("*", "hard", 24.0, 8.0)]
    await finish(store, row.id, MatchEnd("over", {}, versus=versus, versus_ratings=ratings), 4.0)
    assert await store.standings(GUILD, ALL_GAMES, 10) == []
    board, levels = await store.versus_standings(GUILD, ALL_GAMES, 10)
    assert board == [VersusStanding(10, "u10", 26.0, 8.0, {"hard": (1, 1, 0)})]
    assert levels == [LevelRating("hard", 24.0, 8.0, 1)]
    assert (await store.member_data(10)).versus == 1

    await store.forget_member(10)
    assert await store.versus_standings(GUILD, ALL_GAMES, 10) == ([], levels)
    with closing(sqlite3.connect(path)) as conn:
        rated = conn.execute("SELECT game, player, mu, sigma FROM versus_ratings").fetchall()
    assert rated == [("*", "hard", 24.0, 8.0)]
