"""Migrations on each engine: from empty, reopening, and (SQLite) from every earlier version."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from db.database import connect
from db.migrate import migration_files
from db.open import open_store
from referee.codes import Cancel
from referee.rows import NewMatch, SeatRow, Standing
from rules.record import Record, replay
from tests.db.backends import Backend, table_names


async def test_a_new_database_is_at_the_newest_version_and_stays(backend: Backend) -> None:
    """A new database gets every migration; reopened, it is not migrated again; closing twice is
    harmless."""
    newest = migration_files(backend.engine)[-1][0]
    assert await backend.version() == newest
    for _ in range(2):
        again = await open_store(backend.target)
        await again.close()
        await again.close()
    assert await backend.version() == newest


@pytest.mark.parametrize("start", [n for n, _ in migration_files()[:-1]])
async def test_sqlite_migrates_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    """A file left at any earlier version reaches the newest one with the schema of a new file,
    and the lobby it held loads."""
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        for number, migration in migration_files():
            if number <= start:
                conn.executescript(migration.read_text(encoding="utf-8"))
        conn.execute(f"PRAGMA user_version = {start}")
        conn.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, options, host_id, status, "
            "created_at, updated_at) VALUES (7, 1, 2, 'numbers-to-number', '{}', 10, 'lobby', 1, 1)"
        )
        conn.execute("INSERT INTO seats (match_id, seat, user_id, name) VALUES (7, 0, 10, 'u10')")
        conn.commit()
    store = await open_store(str(path))
    try:
        data = await store.load_match(7)
    finally:
        await store.close()
    assert data is not None and data.seats == (SeatRow(0, 10, "u10"),)
    assert data.row.status == "lobby" and data.row.version == 0
    with closing(connect(str(path))) as old, closing(connect(":memory:")) as new:
        assert schema(old) == schema(new)
        assert old.execute("PRAGMA user_version").fetchone() == (migration_files()[-1][0],)


def schema(conn: sqlite3.Connection) -> dict[str, object]:
    """Every table's columns (name, type, not null, default, key) and every index's columns."""
    out: dict[str, object] = {}
    for table in table_names(conn, "sqlite"):
        out[table] = conn.execute(f"PRAGMA table_info({table})").fetchall()
        for _, index, unique, _, partial in conn.execute(f"PRAGMA index_list({table})"):
            columns = conn.execute(f"PRAGMA index_info({index})").fetchall()
            out[f"{table}/{index}"] = (unique, partial, [c[2] for c in columns])
    return out


def test_resignations_of_the_first_schema_become_entries_of_the_log(tmp_path: Path) -> None:
    """Migrating a version-1 database puts each resigned seat's resignation into the log, just
    before the first move the referee played for it (else at the end), and the logs replay."""
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


async def test_stored_cancel_reasons_become_codes(tmp_path: Path) -> None:
    """A match cancelled before reasons were codes keeps its reason, as its code."""
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        for number, migration in migration_files():
            if number <= 7:
                conn.executescript(migration.read_text(encoding="utf-8"))
        conn.execute("PRAGMA user_version = 7")
        for mid, why in ((1, "cancelled by a moderator"), (2, "closed: the host left the lobby")):
            conn.execute(
                "INSERT INTO matches (id, guild_id, channel_id, game, options, host_id, status, "
                "created_at, updated_at, result) "
                "VALUES (?, 1, 2, 'numbers-to-number', '{}', 10, 'cancelled', 1, 1, ?)",
                (mid, json.dumps({"reason": why})),
            )
        conn.commit()
    store = await open_store(str(path))
    await store.close()
    with closing(sqlite3.connect(path)) as migrated:
        rows = migrated.execute("SELECT id, result FROM matches ORDER BY id").fetchall()
    assert [(mid, json.loads(result)) for mid, result in rows] == [
        (1, {"reason": Cancel.MODERATOR.value}),
        (2, {"reason": Cancel.HOST_LEFT.value}),
    ]


async def test_a_new_timeout_policy_needs_no_migration(backend: Backend) -> None:
    """The database stores any policy the referee's registry declares: it lists none itself."""
    new = NewMatch(1, 2, "numbers-to-number", {}, 10, "u10", 60, "a-future-policy", 1.0)
    row = await backend.store.create_match(new)
    data = await backend.store.load_match(row.id)
    assert data is not None and data.row.deadline_policy == "a-future-policy"


async def test_rebuilding_the_matches_table_keeps_what_refers_to_it(tmp_path: Path) -> None:
    """The matches of a file from before the policies' registry keep their policy, their seats,
    their log and their rematches, with every reference whole."""
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        for number, migration in migration_files():
            if number <= 8:
                conn.executescript(migration.read_text(encoding="utf-8"))
        conn.execute("PRAGMA user_version = 8")
        for mid, status, policy, rematch_of in (
            (1, "over", "forfeit", None),
            (2, "lobby", "auto", 1),
        ):
            conn.execute(
                "INSERT INTO matches (id, guild_id, channel_id, game, options, host_id, status, "
                "deadline_policy, created_at, updated_at, rematch_of) "
                "VALUES (?, 1, 2, 'numbers-to-number', '{}', 10, ?, ?, 1, 1, ?)",
                (mid, status, policy, rematch_of),
            )
            conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, 10, 'u10')", (mid,)
            )
        conn.execute("INSERT INTO moves (match_id, idx, step, seat, move) VALUES (1, 0, 0, 0, '3')")
        conn.commit()
    store = await open_store(str(path))
    try:
        old, rematch = await store.load_match(1), await store.load_match(2)
    finally:
        await store.close()
    assert old is not None and old.row.deadline_policy == "forfeit"
    assert (
        rematch is not None
        and rematch.row.rematch_of == 1
        and rematch.seats == (SeatRow(0, 10, "u10"),)
    )
    with closing(connect(str(path))) as migrated:
        assert migrated.execute("PRAGMA foreign_key_check").fetchall() == []
        assert migrated.execute("SELECT match_id, move FROM moves").fetchall() == [(1, "3")]


async def test_a_database_from_before_seasons_keeps_its_standings_and_has_none(
    tmp_path: Path,
) -> None:
    """A file from before seasons keeps its all-time standings whole; its servers have no
    seasons until a moderator sets a length, and no season rows."""
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        for number, migration in migration_files():
            if number <= 10:
                conn.executescript(migration.read_text(encoding="utf-8"))
        conn.execute("PRAGMA user_version = 10")
        conn.execute(
            "INSERT INTO standings (guild_id, game, user_id, name, games, wins, draws, points, "
            "mu, sigma) VALUES (1, '*', 10, 'u10', 3, 2, 0, '12', 28.5, 6.5)"
        )
        conn.commit()
    store = await open_store(str(path))
    try:
        assert await store.standings(1, "*", 10) == [Standing(10, "u10", 3, 2, 0, 12, 28.5, 6.5)]
        assert await store.season_length(1) == "off"
        assert await store.seasons(1) == []
    finally:
        await store.close()
    with closing(connect(str(path))) as migrated:
        assert migrated.execute("PRAGMA user_version").fetchone() == (migration_files()[-1][0],)
        assert migrated.execute("SELECT COUNT(*) FROM season_standings").fetchone() == (0,)
