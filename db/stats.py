"""The read behind /stats: what one server keeps of one member's games, in one snapshot."""

from __future__ import annotations

import json

from db.sql import Connection
from referee.rows import MemberStats, RatingPoint, Standing, VersusStanding


def member_stats(conn: Connection, guild_id: int, user_id: int) -> MemberStats:
    """A member's standings, records, highest and lowest totals and history in one server."""
    standings = {
        r[0]: Standing(r[1], r[2], r[3], r[4], r[5], int(r[6]), r[7], r[8])
        for r in conn.execute(
            "SELECT game, user_id, name, games, wins, draws, points, mu, sigma FROM standings "
            "WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
    }
    history = tuple(
        RatingPoint(*r)
        for r in conn.execute(
            "SELECT game, vs, match_id, mu, sigma, at FROM rating_history "
            "WHERE guild_id = ? AND user_id = ? ORDER BY at, match_id, game",
            (guild_id, user_id),
        )
    )
    return MemberStats(
        standings, _versus(conn, guild_id, user_id), _totals(conn, guild_id, user_id), history
    )


def _versus(conn: Connection, guild_id: int, user_id: int) -> dict[str, VersusStanding]:
    """The member's record against each level and rating there, by game."""
    records: dict[str, dict[str, tuple[int, int, int]]] = {}
    names: dict[str, str] = {}
    for game, level, name, games, wins, draws in conn.execute(
        "SELECT game, level, name, games, wins, draws FROM versus_computer "
        "WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    ):
        records.setdefault(game, {})[level] = (games, wins, draws)
        names[game] = name
    return {
        game: VersusStanding(user_id, names[game], mu, sigma, records[game], games)
        for game, mu, sigma, games in conn.execute(
            "SELECT game, mu, sigma, games FROM versus_ratings WHERE guild_id = ? AND player = ?",
            (guild_id, str(user_id)),
        )
        if game in records
    }


def _totals(conn: Connection, guild_id: int, user_id: int) -> dict[str, tuple[int, int]]:
    """The member's highest and lowest total by game, in finished games played to the end."""
    # A resigned seat's total says nothing of its play: it is left out.
    out: dict[str, tuple[int, int]] = {}
    for game, result, seat in conn.execute(
        "SELECT m.game, m.result, s.seat FROM seats s JOIN matches m ON m.id = s.match_id "
        "WHERE s.user_id = ? AND m.guild_id = ? AND m.status = 'over'",
        (user_id, guild_id),
    ):
        data = json.loads(result or "{}")
        scores = data.get("scores") or []
        if seat in data.get("resigned", ()) or seat >= len(scores):
            continue
        # Totals may outgrow 64 bits (An Integer Sequence Game): compared here, as integers.
        total = int(scores[seat])
        high, low = out.get(game, (total, total))
        out[game] = (max(high, total), min(low, total))
    return out
