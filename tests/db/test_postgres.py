"""The PostgreSQL engine on a real server: migrations, placeholders, whole transactions, hearing
other processes, and giving up when the server is gone."""

from __future__ import annotations

import ast
import asyncio
import logging
import re
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest

from db import listen, lobbies, reads, writes
from db.copy_sides import BOOKKEEPING
from db.database import connect
from db.listen import NAME
from db.migrate import migration_files
from db.postgres import PostgresDatabase, to_postgres
from db.sql import Connection
from referee.store import StoreBusy

pytestmark = pytest.mark.postgres

Server = tuple[str, psycopg.Connection[Any]]


@pytest.fixture
async def db(postgres_url: str) -> AsyncIterator[PostgresDatabase]:
    """The engine on a fresh database, with a table `t` of integers to write to."""
    opened = await PostgresDatabase.open(postgres_url, busy_seconds=1.5)
    await opened.write(lambda conn: conn.execute("CREATE TABLE t (x INTEGER)"))
    yield opened
    await opened.close()


def count(conn: Connection) -> int:
    """The rows of table t."""
    return int(conn.execute("SELECT COUNT(*) FROM t").fetchone()[0])


def columns_pg(conn: Connection) -> dict[str, list[tuple[str, str, bool]]]:
    """(column, type, nullable) of every table of the store (not its bookkeeping), in order."""
    out: dict[str, list[tuple[str, str, bool]]] = {}
    for table, column, kind, nullable in conn.execute(
        "SELECT table_name, column_name, data_type, is_nullable = 'YES' "
        "FROM information_schema.columns WHERE table_schema = 'public' "
        "AND NOT table_name = ANY(?) ORDER BY table_name, ordinal_position",
        (list(BOOKKEEPING),),
    ):
        out.setdefault(table, []).append((column, kind, nullable))
    return out


SQLITE_TYPES = {
    "INTEGER": "integer",
    "BIGINT": "bigint",
    "TEXT": "text",
    "REAL": "double precision",
    "BLOB": "bytea",
}


def columns_sqlite(conn: sqlite3.Connection) -> dict[str, list[tuple[str, str, bool]]]:
    """The same, of SQLite's schema, in PostgreSQL's words (an integer primary key is BIGINT)."""
    out: dict[str, list[tuple[str, str, bool]]] = {}
    tables = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    for (table,) in tables.fetchall():
        for _, column, kind, notnull, _, key in conn.execute(f"PRAGMA table_info({table})"):
            key_id = (kind == "INTEGER" and key == 1) or column == "match_id"
            kind = "bigint" if key_id else SQLITE_TYPES[kind]
            out.setdefault(table, []).append((column, kind, not (notnull or key)))
    return out


async def test_migrations_build_sqlites_schema_from_empty(postgres_url: str) -> None:
    """From an empty database: the newest version, and the tables, columns, types, nullability
    and indexes of SQLite's schema, with big_add summing beyond 64 bits."""
    db = await PostgresDatabase.open(postgres_url)
    try:
        version = await db.read(
            lambda conn: conn.execute("SELECT version FROM schema_version").fetchall()
        )
        assert version == [(migration_files("postgres")[-1][0],)]
        columns = await db.read(columns_pg)
        indexes = await db.read(
            lambda conn: {
                r[0]
                for r in conn.execute(
                    "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' "
                    "AND indexname NOT LIKE '%pkey' AND indexname NOT LIKE '%key'"
                )
            }
        )
        total = await db.read(
            lambda conn: conn.execute("SELECT big_add(?, ?)", ("9" * 30, "1")).fetchone()
        )
    finally:
        await db.close()
    with closing(connect(":memory:")) as lite:
        assert columns == columns_sqlite(lite)
        assert indexes == {
            r[0]
            for r in lite.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
    assert total == ("1" + "0" * 30,)


async def test_processes_starting_together_migrate_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Two engines opening an empty database at once: each migration is applied once."""
    caplog.set_level(logging.INFO, logger="db.migrate")
    both = await asyncio.gather(*(PostgresDatabase.open(postgres_url) for _ in range(2)))
    try:
        rows = await both[1].read(
            lambda conn: conn.execute("SELECT version FROM schema_version").fetchall()
        )
    finally:
        for db in both:
            await db.close()
    assert rows == [(migration_files("postgres")[-1][0],)]
    applied = [r.getMessage() for r in caplog.records if "Applying" in r.getMessage()]
    assert applied == [
        f"Applying database migration postgres/{p.name}" for _, p in migration_files("postgres")
    ]


def sql_literals(path: Path) -> list[str]:
    """Every string constant of a module, f-strings' fixed parts included."""
    return [
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


async def test_placeholders_become_psycopgs(db: PostgresDatabase) -> None:
    """`?` is a parameter and `%` itself; the stores' SQL has neither inside a quoted literal."""
    assert to_postgres("SELECT ? || '%', ?") == "SELECT %s || '%%', %s"
    row = await db.read(lambda conn: conn.execute("SELECT ? || '%', ?", ("100", 7)).fetchone())
    assert row == ("100%", 7)
    await db.write(lambda conn: conn.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)]))
    assert await db.read(count) == 2
    for module in (lobbies, reads, writes):
        assert module.__file__ is not None
        for text in sql_literals(Path(module.__file__)):
            for quoted in re.findall(r"'([^']*)'", text):
                assert "?" not in quoted and "%" not in quoted, (module.__name__, text)


async def test_a_transaction_is_done_whole_or_not_at_all(
    db: PostgresDatabase, postgres_server: Server
) -> None:
    """Nothing of a transaction shows until it commits; its caller cancelled midway, it still
    commits whole; failing midway, nothing of it stays; its connection lost midway, it is tried
    again whole on another."""
    midway, go_on = threading.Event(), threading.Event()

    def two_rows(conn: Connection) -> None:
        conn.execute("INSERT INTO t VALUES (1)")
        midway.set()
        go_on.wait(5)
        conn.execute("INSERT INTO t VALUES (2)")

    task = asyncio.create_task(db.write(two_rows))
    assert await asyncio.to_thread(midway.wait, 5)
    assert await db.read(count) == 0
    task.cancel()
    go_on.set()
    await asyncio.gather(task, return_exceptions=True)
    for _ in range(100):
        if await db.read(count):
            break
        await asyncio.sleep(0.02)
    assert await db.read(count) == 2

    def fails(conn: Connection) -> None:
        conn.execute("INSERT INTO t VALUES (3)")
        raise RuntimeError("midway")

    with pytest.raises(RuntimeError):
        await db.write(fails)
    assert await db.read(count) == 2

    _, admin = postgres_server
    attempts: list[int] = []

    def cut_off(conn: Connection) -> None:
        conn.execute("INSERT INTO t VALUES (4)")
        attempts.append(1)
        if len(attempts) == 1:
            (pid,) = conn.execute("SELECT pg_backend_pid()").fetchone()
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        conn.execute("INSERT INTO t VALUES (5)")

    await db.write(cut_off)
    assert len(attempts) == 2
    assert await db.read(lambda conn: conn.execute("SELECT x FROM t ORDER BY x").fetchall()) == [
        (1,),
        (2,),
        (4,),
        (5,),
    ]


async def heard_within(
    queue: asyncio.Queue[tuple[int, int]], seconds: float = 5.0
) -> tuple[int, int]:
    """The next change heard."""
    return await asyncio.wait_for(queue.get(), seconds)


async def test_changes_by_another_process_are_heard(
    postgres_url: str, postgres_server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    """listen hears each committed change to a match as (id, version), not a rolled-back one;
    its connection cut, it connects again (and says so, and that changes may have been missed)
    and hears the next ones."""
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    lost = asyncio.Event()
    here = await PostgresDatabase.open(postgres_url)
    there = await PostgresDatabase.open(postgres_url)
    try:
        await here.listen(lambda match_id, version: heard.put_nowait((match_id, version)), lost.set)
        with pytest.raises(RuntimeError):
            await here.listen(lambda match_id, version: None)
        match_id = await there.write(insert_match)
        assert await heard_within(heard) == (match_id, 0)

        def bump(conn: Connection, fail: bool = False) -> None:
            conn.execute("UPDATE matches SET version = version + 1 WHERE id = ?", (match_id,))
            if fail:
                raise RuntimeError("rolled back")

        with pytest.raises(RuntimeError):
            await there.write(bump, fail=True)
        await there.write(bump)
        assert await heard_within(heard) == (match_id, 1)

        _, admin = postgres_server
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s "
            "AND datname = %s",
            (NAME, urlsplit(postgres_url).path[1:]),
        )
        # What changes while it reconnects is not heard: change until something is.
        for _ in range(50):
            await there.write(bump)
            if not heard.empty():
                break
            await asyncio.sleep(0.1)
        match_id_heard, version = await heard_within(heard)
        assert match_id_heard == match_id and version >= 2
        assert lost.is_set(), "a listener back from a cut says changes may have gone unheard"
    finally:
        await here.close()
        await there.close()
    assert "Listening for changed matches failed" in caplog.text


async def test_a_process_hears_other_processes_changes_not_its_own(postgres_url: str) -> None:
    """A change is notified to the other listening processes only: the writer's own listener
    hears nothing of it."""
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    here = await PostgresDatabase.open(postgres_url)
    there = await PostgresDatabase.open(postgres_url)
    try:
        await here.listen(lambda match_id, version: heard.put_nowait((match_id, version)))
        own = await here.write(insert_match)
        other = await there.write(insert_match)
        assert await heard_within(heard) == (other, 0)
        await asyncio.sleep(0.2)
        assert heard.empty(), f"match {own} was this process's own change"
    finally:
        await here.close()
        await there.close()


def listed(url: str) -> list[tuple[str, int]]:
    """The listeners' list: (channel, pid of the listening connection)."""
    with psycopg.connect(url) as conn:
        return [(str(c), int(p)) for c, p in conn.execute("SELECT channel, pid FROM listeners")]


async def test_listeners_list_themselves_and_leave(postgres_url: str) -> None:
    """A process that listens is listed with its listening connection, and one that closes
    leaves; a listener whose connection is gone is dropped from the list by the next one."""
    here = await PostgresDatabase.open(postgres_url)
    try:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute("INSERT INTO listeners VALUES ('referee_gone', 2147483647)")
        await here.listen(lambda match_id, version: None)
        ((channel, pid),) = listed(postgres_url)
        with psycopg.connect(postgres_url) as conn:
            name = conn.execute(
                "SELECT application_name FROM pg_stat_activity WHERE pid = %s", (pid,)
            ).fetchone()
        assert channel.startswith("referee_") and name == (NAME,)
    finally:
        await here.close()
    assert listed(postgres_url) == []


async def test_listening_waits_for_the_writes_under_way(postgres_url: str) -> None:
    """A write whose trigger read the list before a process was on it is waited for, so the
    process reads its change once listening, rather than missing its notification."""
    there = await PostgresDatabase.open(postgres_url)
    match_id = await there.write(insert_match)
    here = await PostgresDatabase.open(postgres_url)
    try:
        with psycopg.connect(postgres_url) as writer:
            writer.execute("UPDATE matches SET version = 7 WHERE id = %s", (match_id,))
            listening = asyncio.create_task(here.listen(lambda match_id, version: None))
            await asyncio.sleep(0.3)
            assert not listening.done(), "the write under way was not waited for"
            writer.commit()
            await asyncio.wait_for(listening, 5)
        version = await here.read(
            lambda conn: conn.execute(
                "SELECT version FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        )
        assert version == (7,)
    finally:
        await here.close()
        await there.close()


async def test_a_change_heard_while_listing_again_is_delivered(postgres_url: str) -> None:
    """A process listening again is still listed under its lost connection, so a write notifies
    it while the new connection waits to list it; that change is delivered once it listens."""
    there = await PostgresDatabase.open(postgres_url)
    match_id = await there.write(insert_match)
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    listener = listen.Listener(
        postgres_url, "referee_again", lambda *change: heard.put_nowait(change), lambda: None
    )
    try:
        with psycopg.connect(postgres_url) as writer:
            # The row its lost connection left.
            writer.execute("INSERT INTO listeners VALUES ('referee_again', 2147483647)")
            writer.commit()
            writer.execute("UPDATE matches SET version = 8 WHERE id = %s", (match_id,))
            starting = asyncio.create_task(listener.start())
            await asyncio.sleep(0.3)
            assert not starting.done(), "the write under way was not waited for"
            # Its notification reaches the new connection in the middle of listing it.
            writer.commit()
            await asyncio.wait_for(starting, 5)
        assert await asyncio.wait_for(heard.get(), 2) == (match_id, 8)
    finally:
        await listener.stop()
        await there.close()


async def test_listing_a_process_tries_again_when_its_wait_runs_out(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A write under way for longer than listing waits makes it try again, not fail the start."""
    caplog.set_level(logging.INFO, logger="db.listen")
    monkeypatch.setattr(listen, "REGISTER_WAIT_MS", 100)
    here = await PostgresDatabase.open(postgres_url)
    try:
        with psycopg.connect(postgres_url) as writer:
            writer.execute("SELECT * FROM listeners")
            listening = asyncio.create_task(here.listen(lambda match_id, version: None))
            await asyncio.sleep(0.15)
            writer.commit()
            await asyncio.wait_for(listening, 5)
        assert "Listing this process again" in caplog.text
        assert len(listed(postgres_url)) == 1
    finally:
        await here.close()


async def test_a_change_not_taken_in_makes_every_copy_stale(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """When taking in a change fails, the listener says changes may have gone unheard and goes
    on with the next ones, those that came with it included."""
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    lost = asyncio.Event()

    def changed(match_id: int, version: int) -> None:
        if heard.empty() and not lost.is_set():
            raise KeyError(match_id)
        heard.put_nowait((match_id, version))

    here = await PostgresDatabase.open(postgres_url)
    there = await PostgresDatabase.open(postgres_url)
    try:
        await here.listen(changed, lost.set)
        first, second = await there.write(lambda conn: (insert_match(conn), insert_match(conn)))
        assert await heard_within(heard) == (second, 0)
        assert lost.is_set()
        assert f"Could not take in a change to match {first}" in caplog.text
    finally:
        await here.close()
        await there.close()


async def test_closing_while_listening_again_stops_at_once(
    postgres_url: str, postgres_server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    """Closed while its listening connection is cut and the server refuses new ones, the engine
    stops trying at once and for good, without waiting for the server to come back."""
    here = await PostgresDatabase.open(postgres_url)
    lost = asyncio.Event()
    await here.listen(lambda match_id, version: None, lost.set)
    _, admin = postgres_server
    name = urlsplit(postgres_url).path[1:]
    admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
    try:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s "
            "AND datname = %s",
            (NAME, name),
        )
        for _ in range(100):
            if caplog.text.count("Listening for changed matches failed") >= 2:
                break
            await asyncio.sleep(0.05)
        assert caplog.text.count("Listening for changed matches failed") >= 2
        await asyncio.wait_for(here.close(), 5)
        tries = caplog.text.count("Listening for changed matches failed")
        await asyncio.sleep(1.2)  # longer than the pause before the next try
        assert caplog.text.count("Listening for changed matches failed") == tries
    finally:
        admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    assert not lost.is_set(), "it never listened again, so it never said so"


def insert_match(conn: Connection) -> int:
    """A bare lobby row; its id."""
    return int(
        conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, options, host_id, status, "
            "created_at, updated_at) VALUES (1, 2, 'g', '{}', 3, 'lobby', 0, 0) RETURNING id"
        ).fetchone()[0]
    )


async def test_store_busy_while_the_server_is_gone_then_back(
    db: PostgresDatabase, postgres_url: str, postgres_server: Server
) -> None:
    """No connection to be had for longer than the engine waits: StoreBusy, nothing written; once
    the database takes connections again, the same engine works on."""
    _, admin = postgres_server
    name = urlsplit(postgres_url).path[1:]
    admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
    try:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        with pytest.raises(StoreBusy):
            await db.write(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))
    finally:
        admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    # The pool reconnects on its own schedule: within seconds, the same engine answers again.
    for _ in range(10):
        try:
            assert await db.read(count) == 0
            break
        except StoreBusy:
            continue
    else:
        pytest.fail("the engine did not come back")


async def test_store_busy_while_a_row_stays_locked(db: PostgresDatabase, postgres_url: str) -> None:
    """A row locked by someone else for longer than the engine waits: StoreBusy; locked briefly,
    the write waits it out."""
    await db.write(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))

    def hold_lock(locked: threading.Event, release: threading.Event) -> None:
        with psycopg.connect(postgres_url) as other:
            other.execute("SELECT x FROM t FOR UPDATE")
            locked.set()
            release.wait(10)

    def add_one(conn: Connection) -> None:
        conn.execute("UPDATE t SET x = x + 1")

    for expect_busy in (True, False):
        locked, release = threading.Event(), threading.Event()
        holder = asyncio.create_task(asyncio.to_thread(hold_lock, locked, release))
        await asyncio.to_thread(locked.wait, 5)
        if expect_busy:
            with pytest.raises(StoreBusy):
                await db.write(add_one)
            # Counted for the metrics: tried again while locked, then given up once.
            assert db.retries.given_up == {"locked": 1} and db.retries.tried_again["locked"] > 0
        else:
            asyncio.get_running_loop().call_later(0.3, release.set)
            await db.write(add_one)
        release.set()
        await holder
    assert await db.read(lambda conn: conn.execute("SELECT x FROM t").fetchall()) == [(2,)]
