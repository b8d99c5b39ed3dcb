"""Another program at work on the bot's SQLite file, holding its write lock."""

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


def count(database: Path, table: str) -> int:
    """How many rows a table holds."""
    with closing(sqlite3.connect(database)) as conn:
        (rows,) = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
        return int(rows)
