"""Copies of open games under new ids: how load tests fill a database with many games.

Opening 10,000 games through the referee takes minutes (each is some hundred actions);
copying real games' rows takes a second. The copies are the same games, seats and moves as
their templates, so loading them is the same work. The bot itself never calls this.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def clone_games(database: Path, templates: Sequence[int], count: int) -> list[int]:
    """Add `count` copies of the template matches (cycling through them); return the new ids."""
    if count <= 0 or not templates:
        return []
    conn = sqlite3.connect(database, isolation_level=None)
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("BEGIN IMMEDIATE")
        (top,) = conn.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()
        pairs = [(templates[i % len(templates)], top + 1 + i) for i in range(count)]
        conn.execute("CREATE TEMP TABLE clone_map (old INTEGER NOT NULL, new INTEGER NOT NULL)")
        conn.executemany("INSERT INTO clone_map VALUES (?, ?)", pairs)
        match_cols = [c for c in _columns(conn, "matches") if c != "id"]
        cols = ", ".join(match_cols)
        # A copy is another game: the finished match a template replays has one rematch lobby,
        # and a tournament's round has the games it paired.
        alone = ("rematch_of", "tournament_id")
        picked = ", ".join("NULL" if c in alone else f"t.{c}" for c in match_cols)
        conn.execute(
            f"INSERT INTO matches (id, {cols}) SELECT c.new, {picked} "
            "FROM clone_map c JOIN matches t ON t.id = c.old ORDER BY c.new"
        )
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            table_cols = _columns(conn, table)
            if "match_id" not in table_cols or table in ("matches", "tournament_games"):
                continue
            rest = [c for c in table_cols if c != "match_id"]
            conn.execute(
                f"INSERT INTO {table} (match_id, {', '.join(rest)}) SELECT c.new, "
                f"{', '.join(f't.{c}' for c in rest)} "
                f"FROM clone_map c JOIN {table} t ON t.match_id = c.old"
            )
        conn.execute("DROP TABLE clone_map")
        conn.execute("COMMIT")
    finally:
        conn.close()
    return [new for _, new in pairs]


def open_ids(database: Path, channel_ids: Sequence[int] | None = None) -> list[int]:
    """Ids of the lobbies and active matches (in the given channels, if any)."""
    conn = sqlite3.connect(database)
    try:
        rows = conn.execute(
            "SELECT id, channel_id FROM matches WHERE status IN ('lobby', 'active') ORDER BY id"
        ).fetchall()
    finally:
        conn.close()
    wanted = set(channel_ids) if channel_ids is not None else None
    return [i for i, ch in rows if wanted is None or ch in wanted]
