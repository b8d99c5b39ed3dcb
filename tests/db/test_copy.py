"""`python -m db copy`: a whole database of 10,000 games copied row for row, SQLite to SQLite and
SQLite to PostgreSQL and back, every match loading and replaying the same; a target holding rows,
the source itself, a missing source, an unreachable server and schemas that differ refused."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from db.__main__ import main
from db.copy import table_order
from db.copy_sides import BOOKKEEPING
from db.open import open_store
from referee.rows import MatchData, NewMatch
from rules.record import Record, replay
from tests.db.filled import BIG_POINTS, GUILDS, fill
from tests.rows import database_dump

GAMES = 10_000
Tables = dict[str, list[str]]
Replayed = dict[str, Any] | None


@pytest.fixture(scope="session")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bot's database with 10,000 games of every kind, built once and only ever read."""
    path = tmp_path_factory.mktemp("copy") / "bot.sqlite3"
    asyncio.run(fill(path, GAMES))
    return path


@pytest.fixture(scope="session")
def source_tables(filled: Path) -> Tables:
    """Every row of the filled database."""
    return sqlite_tables(filled)


@pytest.fixture(scope="session")
def source_matches(filled: Path) -> list[tuple[MatchData, Replayed]]:
    """Every match of the filled database as the store loads it, with its replay."""
    return [(data, replayed(data)) for data in asyncio.run(loaded(str(filled)))]


def as_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """Rows as the text of their values (type and all) by column name, sorted: equal only if
    the values are exactly equal, whatever order each engine keeps the columns in."""
    return sorted(repr(sorted(zip(columns, row, strict=True))) for row in rows)


def sqlite_tables(path: Path) -> Tables:
    """Every row of every table of a SQLite file."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        out = {}
        for table in names:
            cursor = conn.execute(f"SELECT * FROM {table}")
            out[table] = as_text([d[0] for d in cursor.description], cursor)
    return out


def postgres_tables(url: str) -> Tables:
    """Every row of every table of a PostgreSQL database but its bookkeeping (the migrations'
    version, the processes listening)."""
    with psycopg.connect(url) as conn:
        names = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND NOT table_name = ANY(%s)",
            (list(BOOKKEEPING),),
        ).fetchall()
        out = {}
        for (table,) in names:
            cursor = conn.execute(f"SELECT * FROM {table}")
            out[table] = as_text([d.name for d in cursor.description or ()], cursor)
    return out


def printed_counts(report: str) -> dict[str, int]:
    """The rows per table a copy printed (its indented lines but the total)."""
    lines = [line.split()[:2] for line in report.splitlines() if line.startswith("  ")]
    return {name: int(count.replace(",", "")) for name, count in lines if name != "total"}


def replayed(data: MatchData) -> Replayed:
    """The replay of a started match's record (None for a lobby)."""
    row = data.row
    if row.settled is None:
        return None
    return replay(Record(row.game, len(data.seats), row.settled, data.moves)).result()


async def loaded(where: str) -> list[MatchData]:
    """Every match of a database, loaded through the bot's store."""
    store = await open_store(where)
    try:
        return await store.load_matches(list(range(1, GAMES + 1)))
    finally:
        await store.close()


async def check_matches(where: str, source: list[tuple[MatchData, Replayed]]) -> None:
    """Every match of the copy loads as it did from the source and replays to the same result,
    which for a finished match is its stored one."""
    copied = await loaded(where)
    assert copied == [data for data, _ in source]
    for data, (_, result) in zip(copied, source, strict=True):
        again = replayed(data)
        assert again == result, data.row.id
        if data.row.status == "over":
            assert again == data.row.result, data.row.id


async def copy_command(*args: str) -> int:
    """The command line, on a thread of its own (it runs its own event loop); its exit code."""
    return await asyncio.to_thread(main, ["copy", *args])


async def new_id(where: str) -> int:
    """The id the database gives a new lobby."""
    store = await open_store(where)
    try:
        row = await store.create_match(
            NewMatch(GUILDS[0], 5, "numbers-to-number", {}, 42, "newcomer", None, "auto", 9.0)
        )
        return row.id
    finally:
        await store.close()


def test_the_filled_database_holds_every_kind_of_row(source_tables: Tables) -> None:
    """The copies below prove something only if every table has rows to copy."""
    assert len(source_tables["matches"]) == GAMES
    assert any(BIG_POINTS in row for row in source_tables["standings"])
    empty = [t for t, rows in source_tables.items() if not rows and t != "rating_locks"]
    assert not empty


async def test_sqlite_to_sqlite_copies_every_row(
    filled: Path,
    source_tables: Tables,
    source_matches: list[tuple[MatchData, Replayed]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every table equal row for row, every match loading and replaying the same, and the
    copy numbering new matches after the copied ones."""
    copy = tmp_path / "sub" / "copy.sqlite3"
    assert await copy_command(str(filled), str(copy)) == 0
    printed = capsys.readouterr().out
    assert sqlite_tables(copy) == source_tables
    assert printed_counts(printed) == {t: len(rows) for t, rows in source_tables.items()}
    assert "rows/s" in printed
    await check_matches(str(copy), source_matches)
    assert await new_id(str(copy)) == GAMES + 1


async def test_sqlite_to_postgres_and_back_copies_every_row(
    filled: Path,
    source_tables: Tables,
    source_matches: list[tuple[MatchData, Replayed]],
    postgres_url: str,
    tmp_path: Path,
) -> None:
    """Through PostgreSQL and back, every value stays exactly itself, every match loads and
    replays the same in PostgreSQL, and PostgreSQL numbers new matches after the copied ones."""
    assert await copy_command(str(filled), postgres_url) == 0
    assert postgres_tables(postgres_url) == source_tables
    await check_matches(postgres_url, source_matches)
    back = tmp_path / "back.sqlite3"
    assert await copy_command(postgres_url, str(back)) == 0
    assert sqlite_tables(back) == source_tables
    assert await new_id(postgres_url) == GAMES + 1


async def test_a_target_holding_rows_is_refused_and_left_alone(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One lobby in the target is enough to refuse it, with exit code 2 and nothing changed."""
    target = tmp_path / "busy.sqlite3"
    await new_id(str(target))
    before = database_dump(target)
    assert await copy_command(str(filled), str(target)) == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "already holds rows (in matches, seats)" in error
    assert database_dump(target) == before


async def test_a_postgres_target_holding_rows_is_refused_and_left_alone(
    filled: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same in PostgreSQL, and the database is refused as its own target."""
    await new_id(postgres_url)
    before = postgres_tables(postgres_url)
    assert await copy_command(str(filled), postgres_url) == 2
    assert "already holds rows (in matches, seats)" in capsys.readouterr().err
    assert await copy_command(postgres_url, postgres_url) == 2
    assert "the same database" in capsys.readouterr().err
    assert postgres_tables(postgres_url) == before


async def test_the_source_itself_is_refused(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same file under another name is still the source."""
    before = database_dump(filled)
    other_name = filled.parent / ".." / filled.parent.name / filled.name
    assert await copy_command(str(filled), str(other_name)) == 2
    assert "same database" in capsys.readouterr().err
    assert database_dump(filled) == before


def test_a_missing_source_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No file, no copy: the message names the path, and no target is made."""
    missing, target = tmp_path / "missing.sqlite3", tmp_path / "target.sqlite3"
    assert main(["copy", str(missing), str(target)]) == 1
    assert f"no SQLite database file at {missing}" in capsys.readouterr().err
    assert not missing.exists() and not target.exists()


def test_an_unreachable_server_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A server that does not answer: one line naming it (without the password)."""
    url = f"postgresql://bot:secret@/referee?host={tmp_path / 'no-server-here'}"
    assert main(["copy", url, str(tmp_path / "target.sqlite3")]) == 1
    (error,) = capsys.readouterr().err.strip().splitlines()
    assert "cannot connect to PostgreSQL at postgresql://bot:***@/referee" in error
    assert "secret" not in error


async def test_schemas_that_differ_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A column the target lacks is named, and nothing is copied."""
    source, target = tmp_path / "newer.sqlite3", tmp_path / "target.sqlite3"
    await new_id(str(source))
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("ALTER TABLE seats ADD COLUMN colour TEXT")
    assert await copy_command(str(source), str(target)) == 1
    assert "column seats.colour only in the source" in capsys.readouterr().err
    assert all(not rows for rows in sqlite_tables(target).values())


async def orphaned(path: Path) -> str:
    """A source with a lobby and, after it in the copy, a move of a match that does not exist
    (SQLite checks references only when asked to)."""
    await new_id(str(path))
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO moves (match_id, idx, step, seat, move) VALUES (99, 0, 0, 0, '1')"
        )
    return str(path)


async def test_a_copy_that_fails_leaves_the_target_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One transaction: the lobby copied before the bad move is gone with it."""
    target = tmp_path / "target.sqlite3"
    assert await copy_command(await orphaned(tmp_path / "bad.sqlite3"), str(target)) == 1
    assert "copying failed: FOREIGN KEY constraint failed" in capsys.readouterr().err
    assert all(not rows for rows in sqlite_tables(target).values())


async def test_a_copy_into_postgres_that_fails_leaves_it_empty(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same in PostgreSQL."""
    assert await copy_command(await orphaned(tmp_path / "bad.sqlite3"), postgres_url) == 1
    assert "violates foreign key constraint" in capsys.readouterr().err
    assert all(not rows for rows in postgres_tables(postgres_url).values())


def test_tables_come_after_the_tables_they_reference() -> None:
    """The order follows the foreign keys, whatever the names."""
    schema = {"b": ("id",), "a": ("b_id",), "c": ("a_id", "b_id")}
    order = table_order(schema, schema, {"a": {"b"}, "c": {"a", "b"}})
    assert order == ["b", "a", "c"]
