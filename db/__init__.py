"""The store: schema, migrations, and the only code that writes SQL."""

from db.sqlite_store import SqliteStore

__all__ = ["SqliteStore"]
