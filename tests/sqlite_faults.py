"""Another program at work on the bot's SQLite file: holding the write lock, breaking inserts."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path


@contextmanager
def write_lock(database: Path, seconds: float) -> Iterator[None]:
    """Another connection holds the write lock (BEGIN IMMEDIATE), as a backup would, from its own
    thread in real time: for `seconds`, or until the block ends if that comes first."""
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        with closing(sqlite3.connect(database, isolation_level=None)) as conn:
            conn.execute("BEGIN IMMEDIATE")
            taken.set()
            release.wait(seconds)
            conn.execute("ROLLBACK")

    holder = threading.Thread(target=hold, name="write-lock", daemon=True)
    holder.start()
    assert taken.wait(10), "the write lock was not taken"
    try:
        yield
    finally:
        release.set()
        holder.join()


@contextmanager
def failing_inserts(database: Path, tables: tuple[str, ...]) -> Iterator[None]:
    """Every insert into these tables fails inside SQLite with an error the bot does not expect
    (a trigger overflows an integer) until the block ends; the rest of the database works."""
    with closing(sqlite3.connect(database, isolation_level=None)) as conn:
        for table in tables:
            conn.execute(
                f"CREATE TRIGGER fail_{table} BEFORE INSERT ON {table} "
                "BEGIN SELECT abs(-9223372036854775807 - 1); END"
            )
        try:
            yield
        finally:
            for table in tables:
                conn.execute(f"DROP TRIGGER fail_{table}")


def dump(database: Path) -> list[str]:
    """Everything in the database, as SQL (readers are not blocked by a held write lock)."""
    with closing(sqlite3.connect(database)) as conn:
        return list(conn.iterdump())


def count(database: Path, table: str) -> int:
    """How many rows a table holds."""
    with closing(sqlite3.connect(database)) as conn:
        (rows,) = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
        return int(rows)
