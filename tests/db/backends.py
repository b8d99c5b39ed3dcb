"""The store on each engine, for the suite every backend passes: SQLite on a fresh file,
PostgreSQL on a fresh database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from db.database import Database
from db.open import open_store
from db.postgres import PostgresDatabase
from db.sql import Connection, Engine
from db.sql_store import SqlStore

ENGINES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
"""The engines a store test runs on (the PostgreSQL one needs a server)."""

Rows = dict[str, list[tuple[Any, ...]]]


def table_names(conn: Connection, engine: str) -> list[str]:
    """The store's tables (not the migrations' bookkeeping), by name."""
    if engine == "sqlite":
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    else:
        sql = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_name <> 'schema_version' ORDER BY table_name"
        )
    return [r[0] for r in conn.execute(sql)]


def all_rows(conn: Connection, engine: str) -> Rows:
    """Every row of every table, in a fixed order."""
    return {
        table: sorted((tuple(r) for r in conn.execute(f"SELECT * FROM {table}")), key=repr)
        for table in table_names(conn, engine)
    }


def schema_version(conn: Connection, engine: str) -> int:
    """The version the migrations left."""
    sql = "PRAGMA user_version" if engine == "sqlite" else "SELECT version FROM schema_version"
    return int(conn.execute(sql).fetchone()[0])


@dataclass
class Backend:
    """A store on one engine, with a look underneath it."""

    engine: str
    target: str
    """The SQLite file or the PostgreSQL URL: what open_store takes."""
    db: Engine
    store: SqlStore

    @classmethod
    async def open(cls, engine: str, target: str) -> Backend:
        """The store at target, on its engine."""
        db: Engine
        if engine == "sqlite":
            db = await Database.open(target)
        else:
            db = await PostgresDatabase.open(target)
        return cls(engine, target, db, SqlStore(db))

    async def another(self) -> SqlStore:
        """A second store on the same database, as another process would open it."""
        return await open_store(self.target)

    async def rows(self) -> Rows:
        """Every row of the database, to check that something refused changed nothing."""
        return await self.db.read(all_rows, self.engine)

    async def version(self) -> int:
        """The database's schema version."""
        return await self.db.read(schema_version, self.engine)
