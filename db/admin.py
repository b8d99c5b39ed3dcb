"""A PostgreSQL server's administration, for the benchmark: databases made and dropped, and
the settings that decide what its figures mean."""

from __future__ import annotations

from typing import Any

import psycopg

AdminError = psycopg.Error
"""What connecting or a statement raises: the server refused or is gone."""


class Admin:
    """An autocommit connection to a PostgreSQL server as a user who may create databases."""

    def __init__(self, url: str) -> None:
        self._conn = psycopg.connect(url, autocommit=True)

    def create_database(self, name: str) -> None:
        """A new, empty database (its name a plain identifier the caller made)."""
        self._conn.execute(f"CREATE DATABASE {name}")

    def drop_database(self, name: str) -> None:
        """Drop a database, closing any connection to it."""
        self._conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def show(self, setting: str) -> Any:
        """A server setting's value (fsync, shared_buffers, ...)."""
        row = self._conn.execute(f"SHOW {setting}").fetchone()
        return row[0] if row else None

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()


def drop_notifications(url: str) -> None:
    """Stop a database's matches from notifying their changes (an experiment of the benchmark:
    what a step's write costs without NOTIFY)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TRIGGER matches_changed ON matches")
