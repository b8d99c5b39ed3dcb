"""The benchmark's floor: one table, one row per command (the least a move could write)."""

from __future__ import annotations

import sqlite3


def create_table(conn: sqlite3.Connection) -> None:
    """Create the floor's table if it is not there yet."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS bench_floor "
        "(id INTEGER PRIMARY KEY, user_id BIGINT NOT NULL, at REAL NOT NULL)"
    )


def add_row(conn: sqlite3.Connection, user_id: int, at: float) -> None:
    """Write one row."""
    conn.execute("INSERT INTO bench_floor (user_id, at) VALUES (?, ?)", (user_id, at))
