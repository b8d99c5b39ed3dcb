"""The lobby transactions' bodies: opening a lobby, seating and unseating its players.

Each change to an existing lobby starts with `guard`, its row lock; db/writes.py says why that
is enough under READ COMMITTED."""

from __future__ import annotations

import json
from collections.abc import Sequence

from db.reads import MATCH_COLUMNS, match_row, rematch_lobby
from db.sql import INTEGRITY_ERRORS, Connection
from db.writes import guard
from referee.rows import MatchRow, NewMatch, Rematch
from referee.store import AlreadySeated, StaleStep


def create_match(conn: Connection, new: NewMatch, rematch_of: int | None = None) -> MatchRow:
    """Store a lobby with its host seated (the rematch of a finished match, if named); return
    its row."""
    cur = conn.execute(
        "INSERT INTO matches (guild_id, channel_id, game, options, host_id, status, "
        "move_seconds, deadline_policy, deadline_at, created_at, updated_at, rematch_of) "
        f"VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING {MATCH_COLUMNS}",
        (
            new.guild_id,
            new.channel_id,
            new.game,
            json.dumps(new.options),
            new.host_id,
            new.move_seconds,
            new.deadline_policy,
            new.lobby_expires_at,
            new.now,
            new.now,
            rematch_of,
        ),
    )
    row = match_row(cur.fetchone())
    conn.execute(
        "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
        (row.id, new.host_id, new.host_name),
    )
    return row


def create_rematch(conn: Connection, new: NewMatch, rematch: Rematch) -> MatchRow:
    """Store a lobby that plays a finished match again, with its host and computers seated and
    its members invited; return its row. StaleStep, changing nothing, if that match is not over
    or already has a rematch lobby."""
    # The finished match's row is locked (its version unchanged), so a member forgotten at
    # the same time is either gone from its seats below or finds the invitation made here.
    old = conn.execute(
        "UPDATE matches SET version = version WHERE id = ? RETURNING status", (rematch.of,)
    ).fetchone()
    if old is None or old[0] != "over" or rematch_lobby(conn, rematch.of) is not None:
        raise StaleStep(rematch.of)
    try:
        row = create_match(conn, new, rematch.of)
    except INTEGRITY_ERRORS:
        # Another process's lobby was committed between the check and the insert: the unique
        # index refused this one, and the transaction ends here.
        raise StaleStep(rematch.of) from None
    conn.executemany(
        "INSERT INTO seats (match_id, seat, computer, name) VALUES (?, ?, ?, ?)",
        [(row.id, seat, level, name) for seat, (level, name) in enumerate(rematch.computers, 1)],
    )
    # Only members who still sit in the finished match, as this transaction reads it after
    # its lock, are invited: one forgotten since the caller's copy was read is not.
    conn.executemany(
        "INSERT INTO invitations (match_id, user_id, ordinal) "
        "SELECT ?, user_id, ? FROM seats WHERE match_id = ? AND user_id = ?",
        [(row.id, i, rematch.of, user_id) for i, user_id in enumerate(rematch.invited)],
    )
    return row


def set_lobby_message(conn: Connection, match_id: int, message_id: int) -> int:
    """Remember the lobby message, so its buttons can be updated; the match's new version."""
    (version,) = conn.execute(
        "UPDATE matches SET lobby_message_id = ?, version = version + 1 WHERE id = ? "
        "RETURNING version",
        (message_id, match_id),
    ).fetchone()
    return int(version)


def add_seat(
    conn: Connection, match_id: int, version: int, user_id: int, name: str, now: float
) -> None:
    """Seat a member in a lobby; raise AlreadySeated or StaleStep."""
    guard(conn, match_id, version, now, "lobby")
    try:
        conn.execute(
            "INSERT INTO seats (match_id, seat, user_id, name) SELECT ?, "
            "COALESCE(MAX(seat), -1) + 1, ?, ? FROM seats WHERE match_id = ?",
            (match_id, user_id, name, match_id),
        )
    except INTEGRITY_ERRORS:
        raise AlreadySeated(match_id) from None


def add_computers(
    conn: Connection, match_id: int, version: int, level: str, names: Sequence[str], now: float
) -> None:
    """Seat computers of this level, with these names, in a lobby; raise StaleStep."""
    guard(conn, match_id, version, now, "lobby")
    conn.executemany(
        "INSERT INTO seats (match_id, seat, computer, name) SELECT ?, "
        "COALESCE(MAX(seat), -1) + 1, ?, ? FROM seats WHERE match_id = ?",
        [(match_id, level, name, match_id) for name in names],
    )


def remove_seat(conn: Connection, match_id: int, version: int, user_id: int, now: float) -> None:
    """Unseat a member from a lobby, closing the gap in the seat numbers."""
    guard(conn, match_id, version, now, "lobby")
    row = conn.execute(
        "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
    ).fetchone()
    if row is None:
        raise StaleStep(match_id)
    unseat(conn, match_id, row[0])


def remove_computer(conn: Connection, match_id: int, version: int, seat: int, now: float) -> None:
    """Unseat the computer in this seat of a lobby, closing the gap in the seat numbers."""
    guard(conn, match_id, version, now, "lobby")
    found = conn.execute(
        "SELECT 1 FROM seats WHERE match_id = ? AND seat = ? AND computer IS NOT NULL",
        (match_id, seat),
    ).fetchone()
    if found is None:
        raise StaleStep(match_id)
    unseat(conn, match_id, seat)


def unseat(conn: Connection, match_id: int, seat: int) -> None:
    """Delete a seat of a lobby and renumber those after it."""
    conn.execute("DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat))
    later = conn.execute(
        "SELECT seat FROM seats WHERE match_id = ? AND seat > ? ORDER BY seat", (match_id, seat)
    ).fetchall()
    # Renumber one seat at a time, in order, so the primary key never collides.
    for (seat,) in later:
        conn.execute(
            "UPDATE seats SET seat = ? WHERE match_id = ? AND seat = ?",
            (seat - 1, match_id, seat),
        )
