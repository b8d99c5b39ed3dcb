"""The store: schema, migrations, and the only code that writes SQL."""

from db.sqlite_store import SqliteStore

__all__ = ["SqliteStore", "open_store"]


async def open_store(target: str) -> SqliteStore:
    """Open the store at target, a SQLite file path (created and migrated if needed)."""
    return await SqliteStore.open(target)
