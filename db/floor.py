"""The benchmark's floor: one table, one row per command (the least a move could write).

The same SQL runs on SQLite and PostgreSQL. The table has no key of its own: SQLite keys it by
its rowid, PostgreSQL keeps a bare heap, so a row is one insert and no index in either."""

from __future__ import annotations

from db.sql import Connection


def create_table(conn: Connection) -> None:
    """Create the floor's table if it is not there yet."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS bench_floor "
        "(user_id BIGINT NOT NULL, at DOUBLE PRECISION NOT NULL)"
    )


def add_row(conn: Connection, user_id: int, at: float) -> None:
    """Write one row."""
    conn.execute("INSERT INTO bench_floor (user_id, at) VALUES (?, ?)", (user_id, at))


def drop_table(conn: Connection) -> None:
    """Drop the floor's table, leaving the database as the bot's own (so it can be copied)."""
    conn.execute("DROP TABLE IF EXISTS bench_floor")
