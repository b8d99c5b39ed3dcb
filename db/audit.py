"""What the log holds, for load tests that check no move was lost or stored twice."""

from __future__ import annotations

from db.sql import Connection

Entry = tuple[int, int, int, str]
"""(match, step, seat, move)."""


def log_entries(conn: Connection) -> list[Entry]:
    """Every entry of every game's log, and every sealed move still kept apart."""
    rows = conn.execute("SELECT match_id, step, seat, move FROM moves").fetchall()
    rows += conn.execute("SELECT match_id, step, seat, move FROM sealed").fetchall()
    return [(int(m), int(step), int(seat), str(move)) for m, step, seat, move in rows]
