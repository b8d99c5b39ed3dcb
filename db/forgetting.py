"""Forgetting a member: one transaction that deletes what is theirs and makes their seats in
finished games a former player's (the locking it follows is in db/writes.py's docstring)."""

from __future__ import annotations

from dataclasses import replace

from db.reads import OPEN, member_data
from db.sql import Connection
from db.tournaments import forget_entrant
from db.writes import lock_servers
from referee.rows import FORMER_PLAYER, NO_HOST, MemberData, former_player_id
from referee.store import StillSeated


def forget_member(conn: Connection, user_id: int) -> MemberData:
    """Delete a member's standings (all-time and seasons'), rating history, one-player bests,
    cancel votes and invitations, and make their seats in finished games (and those games'
    host) anonymous; return what there was. StillSeated, changing nothing, while they sit in a
    lobby or a game under way."""
    held = member_data(conn, user_id)
    if held.open_matches:
        raise StillSeated(held.open_matches)
    servers = conn.execute(
        "SELECT guild_id FROM standings WHERE user_id = ? "
        "UNION SELECT guild_id FROM solitaire_bests WHERE user_id = ? "
        "UNION SELECT guild_id FROM versus_computer WHERE user_id = ? "
        "UNION SELECT guild_id FROM versus_ratings WHERE player = ? "
        "UNION SELECT guild_id FROM rating_history WHERE user_id = ? "
        "UNION SELECT guild_id FROM season_standings WHERE user_id = ?",
        (user_id, user_id, user_id, str(user_id), user_id, user_id),
    ).fetchall()
    lock_servers(conn, [guild_id for (guild_id,) in servers])
    # Their finished games change (their seats become a former player's): each is locked, and
    # a rematch opening from one waits for this and then invites nobody forgotten, or has
    # invited them before, and its invitation is found below.
    conn.execute(
        "UPDATE matches SET version = version + 1 "
        f"WHERE id IN (SELECT match_id FROM seats WHERE user_id = ?) AND NOT {OPEN}",
        (user_id,),
    )
    # A lobby that invited them no longer waits for them: its version moves, so every copy of
    # it is read again.
    invited_to = sorted(
        {
            match_id
            for (match_id,) in conn.execute(
                "DELETE FROM invitations WHERE user_id = ? RETURNING match_id", (user_id,)
            ).fetchall()
        }
    )
    conn.executemany(
        "UPDATE matches SET version = version + 1 WHERE id = ? AND status = 'lobby'",
        [(m,) for m in invited_to],
    )
    tables = (
        "standings",
        "season_standings",
        "rating_history",
        "solitaire_bests",
        "cancel_votes",
        "versus_computer",
    )
    for table in tables:
        conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
    conn.execute("DELETE FROM versus_ratings WHERE player = ?", (str(user_id),))
    seats = conn.execute(
        "SELECT s.match_id, s.seat FROM seats s JOIN matches m ON m.id = s.match_id "
        f"WHERE s.user_id = ? AND NOT m.{OPEN}",
        (user_id,),
    ).fetchall()
    # The seat keeps its number, its moves and its result: only who sat there is gone.
    conn.executemany(
        "UPDATE seats SET user_id = ?, name = ? WHERE match_id = ? AND seat = ?",
        [(former_player_id(seat), FORMER_PLAYER, match_id, seat) for match_id, seat in seats],
    )
    conn.execute(
        f"UPDATE matches SET host_id = ? WHERE host_id = ? AND NOT {OPEN}", (NO_HOST, user_id)
    )
    forget_entrant(conn, user_id)
    return replace(held, invited_to=tuple(invited_to))
