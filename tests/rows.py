"""Every row of a database file, to check that something refused changed nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path


def database_dump(path: Path) -> list[str]:
    """Every row of every table of an SQLite file, as SQL, read without writing to it."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return list(conn.iterdump())
