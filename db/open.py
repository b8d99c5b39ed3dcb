"""Opening the store named by a setting: a PostgreSQL URL or an SQLite file."""

from __future__ import annotations

from db.database import Database
from db.postgres import PostgresDatabase
from db.sql_store import SqlStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


async def open_store(target: str) -> SqlStore:
    """The store at target: a postgresql:// or postgres:// URL, else the path of an SQLite file
    (both created and migrated if needed)."""
    if target.startswith(POSTGRES_SCHEMES):
        return SqlStore(await PostgresDatabase.open(target))
    return SqlStore(await Database.open(target))
