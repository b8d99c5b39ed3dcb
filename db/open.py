"""Opening the store named by a setting: a PostgreSQL URL or an SQLite file."""

from __future__ import annotations

from db.database import Database
from db.postgres import PostgresDatabase
from db.sqlite_store import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


async def open_store(target: str) -> SqliteStore:
    """The store at target: a postgresql:// or postgres:// URL, else the path of an SQLite file
    (both created and migrated if needed)."""
    if target.startswith(POSTGRES_SCHEMES):
        return SqliteStore(await PostgresDatabase.open(target))
    return SqliteStore(await Database.open(target))
