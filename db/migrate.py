"""Numbered SQL migrations, applied in order; the version lives in the database."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")
"""One folder of numbered migrations per engine: `sqlite`, `postgres`."""


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
    for number, path in migration_files():
        if number <= version:
            continue
        log.info("Applying database migration %s", path.name)
        # executescript commits what came before; the version bump rides in the same script.
        conn.executescript(
            f"BEGIN;\n{path.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        version = number
    return version
