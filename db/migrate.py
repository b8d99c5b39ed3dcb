"""Numbered SQL migrations, applied in order; the version lives in the database."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path
from typing import Any

import psycopg

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")
"""One folder of numbered migrations per engine: `sqlite`, `postgres`."""
MIGRATION_LOCK = 0x5155_4554_5245_4631
"""The advisory lock key held while migrating a PostgreSQL database (any constant will do, as
long as every process uses the same one)."""


def migration_files(engine: str = "sqlite") -> list[tuple[int, Path]]:
    """An engine's migrations as (version, path), in order."""
    found = []
    for path in (MIGRATIONS / engine).glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the database's version; return the new version."""
    row = conn.execute("PRAGMA user_version").fetchone()
    version = int(row[0]) if row else 0
    enforced = conn.execute("PRAGMA foreign_keys").fetchone()[0]
    # A migration may rebuild a table others refer to (SQLite cannot drop a constraint), which
    # is done with the references unchecked and then checked whole before the commit, as
    # SQLite's own procedure for such changes says; the setting only changes between
    # transactions.
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for number, path in migration_files():
            if number <= version:
                continue
            log.info("Applying database migration %s", path.name)
            # executescript commits what came before; the version bump rides in the same
            # transaction.
            conn.executescript(
                f"BEGIN;\n{path.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};"
            )
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                conn.execute("ROLLBACK")
                raise sqlite3.IntegrityError(f"migration {path.name} breaks references: {broken}")
            conn.execute("COMMIT")
            version = number
    finally:
        conn.execute(f"PRAGMA foreign_keys = {'ON' if enforced else 'OFF'}")
    return version


def migrate_postgres(conn: psycopg.Connection[Any]) -> int:
    """Apply every PostgreSQL migration newer than the database's version, each in its own
    transaction with its version; return the new version. conn must be in autocommit mode.

    Processes starting together wait for each other on an advisory lock, so each migration is
    applied once; the version is read under the lock.
    """
    conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        version = int(row[0]) if row and row[0] is not None else 0
        for number, path in migration_files("postgres"):
            if number <= version:
                continue
            log.info("Applying database migration postgres/%s", path.name)
            with conn.transaction():
                # No parameters: the file is sent as it is, several statements at once.
                conn.execute(path.read_text(encoding="utf-8").encode())
                conn.execute("DELETE FROM schema_version")
                conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (number,))
            version = number
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
    return version
