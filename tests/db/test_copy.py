"""`python -m db copy`: a whole database of 10,000 games copied row for row, every match loading
and replaying the same; a target holding rows, the source itself or a missing source refused."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from db import SqliteStore
from db.__main__ import main
from db.copy import table_order
from referee.store import MatchData, NewMatch
from rules.record import Record, replay
from tests.db.filled import BIG_POINTS, GUILDS, fill
from tests.rows import database_dump

GAMES = 10_000


@pytest.fixture(scope="session")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bot's database with 10,000 games of every kind, built once and only ever read."""
    path = tmp_path_factory.mktemp("copy") / "bot.sqlite3"
    asyncio.run(fill(path, GAMES))
    return path


def sqlite_tables(path: Path) -> dict[str, list[str]]:
    """Every row of every table, each as the text of its values (type and all) by column name,
    sorted: equal only if the values are exactly equal."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        out = {}
        for table in names:
            cursor = conn.execute(f"SELECT * FROM {table}")
            columns = [d[0] for d in cursor.description]
            out[table] = sorted(repr(sorted(zip(columns, row, strict=True))) for row in cursor)
    return out


def printed_counts(report: str) -> dict[str, int]:
    """The rows per table a copy printed (its indented lines but the total)."""
    lines = [line.split()[:2] for line in report.splitlines() if line.startswith("  ")]
    return {name: int(count.replace(",", "")) for name, count in lines if name != "total"}


def replayed(data: MatchData) -> dict[str, object] | None:
    """The replay of a started match's record (None for a lobby)."""
    row = data.row
    if row.settled is None:
        return None
    return replay(Record(row.game, len(data.seats), row.settled, data.moves)).result()


async def loaded(store: SqliteStore) -> list[MatchData]:
    """Every match of a store, loaded the way the bot loads them."""
    ids = list(range(1, GAMES + 1))
    try:
        return await store.load_matches(ids)
    finally:
        await store.close()


async def check_matches(source: SqliteStore, copy: SqliteStore) -> None:
    """Every match loads the same from both, and replays to the same result, which for a
    finished match is its stored one."""
    before, after = await loaded(source), await loaded(copy)
    assert len(before) == GAMES
    assert after == before
    for was, now in zip(before, after, strict=True):
        result = replayed(now)
        assert result == replayed(was), now.row.id
        if now.row.status == "over":
            assert result == now.row.result, now.row.id


async def copy_command(*args: str) -> int:
    """The command line, on a thread of its own (it runs its own event loop); its exit code."""
    return await asyncio.to_thread(main, ["copy", *args])


async def new_id(store: SqliteStore) -> int:
    """The id a new lobby gets."""
    try:
        row = await store.create_match(
            NewMatch(GUILDS[0], 5, "numbers-to-number", {}, 42, "newcomer", None, "auto", 9.0)
        )
        return row.id
    finally:
        await store.close()


async def test_sqlite_to_sqlite_copies_every_row(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every table equal row for row, every match loading and replaying the same, and the
    copy numbering new matches after the copied ones."""
    copy = tmp_path / "sub" / "copy.sqlite3"
    assert await copy_command(str(filled), str(copy)) == 0
    printed = capsys.readouterr().out
    source = sqlite_tables(filled)
    assert sqlite_tables(copy) == source
    assert printed_counts(printed) == {table: len(rows) for table, rows in source.items()}
    assert "rows/s" in printed
    assert any(BIG_POINTS in row for row in source["standings"])
    for table in ("sealed", "cancel_votes", "solitaire_bests", "versus_computer", "versus_ratings"):
        assert source[table], table
    await check_matches(await SqliteStore.open(filled), await SqliteStore.open(copy))
    assert await new_id(await SqliteStore.open(copy)) == GAMES + 1


async def test_a_target_holding_rows_is_refused_and_left_alone(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One lobby in the target is enough to refuse it, with exit code 2 and nothing changed."""
    target = tmp_path / "busy.sqlite3"
    await new_id(await SqliteStore.open(target))
    before = database_dump(target)
    assert await copy_command(str(filled), str(target)) == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "already holds rows" in error and "matches" in error
    assert database_dump(target) == before


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


async def test_schemas_that_differ_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A column the target lacks is named, and nothing is copied."""
    source, target = tmp_path / "newer.sqlite3", tmp_path / "target.sqlite3"
    await new_id(await SqliteStore.open(source))
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("ALTER TABLE seats ADD COLUMN colour TEXT")
    assert await copy_command(str(source), str(target)) == 1
    assert "column seats.colour only in the source" in capsys.readouterr().err
    assert all(not rows for rows in sqlite_tables(target).values())


def test_tables_come_after_the_tables_they_reference() -> None:
    """The order follows the foreign keys, whatever the names."""
    schema = {"b": ("id",), "a": ("b_id",), "c": ("a_id", "b_id")}
    order = table_order(schema, schema, {"a": {"b"}, "c": {"a", "b"}})
    assert order == ["b", "a", "c"]
