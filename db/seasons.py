"""Seasons in SQL: a server's season length, each season's standings (kept in the transaction
that ends a game, like the all-time ones), and the reads of the tables and their winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.reads import CHUNK
from db.sql import Connection
from referee.rows import MatchEnd, SeasonWinner, Standing
from referee.seasons import DEFAULT_LENGTH, season_at

STANDING_COLUMNS = "user_id, name, games, wins, draws, points, mu, sigma"
BEST_FIRST = "mu - 3 * sigma DESC, wins DESC"
"""The leaderboards' order: the rating shown, then wins."""


def standing(r: Sequence[Any]) -> Standing:
    """A row of STANDING_COLUMNS as a Standing (points are decimal text)."""
    return Standing(r[0], r[1], r[2], r[3], r[4], int(r[5]), r[6], r[7])


def season_length(conn: Connection, guild_id: int) -> str:
    """How long a server's seasons last: its setting, else the default (no seasons)."""
    row = conn.execute(
        "SELECT season_length FROM season_settings WHERE guild_id = ?", (guild_id,)
    ).fetchone()
    return DEFAULT_LENGTH if row is None else str(row[0])


def set_season_length(conn: Connection, guild_id: int, length: str, now: float) -> None:
    """Set how long a server's seasons last (a name of the registry `referee.seasons`)."""
    conn.execute(
        "INSERT INTO season_settings (guild_id, season_length, changed_at) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET season_length = excluded.season_length, "
        "changed_at = excluded.changed_at",
        (guild_id, length, now),
    )


def season_now(conn: Connection, guild_id: int, now: float) -> str | None:
    """The key of the season a game of this server ending now counts for, or None."""
    season = season_at(season_length(conn, guild_id), now)
    return None if season is None else season.key


def season_ratings_of(
    conn: Connection, guild_id: int, season: str, games: Sequence[str], user_ids: Sequence[int]
) -> dict[str, dict[int, tuple[float, float]]]:
    """The (mu, sigma) of these members in a season, per game, where they have one."""
    out: dict[str, dict[int, tuple[float, float]]] = {game: {} for game in games}
    for game in games:
        for start in range(0, len(user_ids), CHUNK):
            chunk = list(user_ids[start : start + CHUNK])
            marks = ", ".join("?" * len(chunk))
            for user_id, mu, sigma in conn.execute(
                "SELECT user_id, mu, sigma FROM season_standings WHERE guild_id = ? "
                f"AND season = ? AND game = ? AND user_id IN ({marks})",
                (guild_id, season, game, *chunk),
            ):
                out[game][user_id] = (mu, sigma)
    return out


def keep_season(conn: Connection, match_id: int, end: MatchEnd) -> None:
    """Add a finished game to its season's standings (its server's rating lock is held)."""
    if end.season is None:
        return
    # The same upsert as the all-time standings: counters and big_add in the statement.
    conn.executemany(
        "INSERT INTO season_standings (guild_id, season, game, user_id, name, games, wins, "
        "draws, points, mu, sigma) SELECT guild_id, ?, ?, ?, ?, 1, ?, ?, ?, ?, ? FROM matches "
        "WHERE id = ? ON CONFLICT (guild_id, season, game, user_id) DO UPDATE SET "
        "name = excluded.name, games = season_standings.games + 1, "
        "wins = season_standings.wins + excluded.wins, "
        "draws = season_standings.draws + excluded.draws, "
        "points = big_add(season_standings.points, excluded.points), "
        "mu = excluded.mu, sigma = excluded.sigma",
        [
            (
                end.season,
                c.game,
                c.user_id,
                c.name,
                int(c.win),
                int(c.draw),
                str(c.points),
                c.mu,
                c.sigma,
                match_id,
            )
            for c in end.season_changes
        ],
    )


def seasons(conn: Connection, guild_id: int) -> list[str]:
    """The keys of a server's seasons that have standings, in key order."""
    return [
        str(r[0])
        for r in conn.execute(
            "SELECT DISTINCT season FROM season_standings WHERE guild_id = ? ORDER BY season",
            (guild_id,),
        )
    ]


def season_standings(
    conn: Connection, guild_id: int, season: str, game: str, limit: int
) -> list[Standing]:
    """A server's leaderboard of one season for a game ('*' = all games), best rating first."""
    return [
        standing(r)
        for r in conn.execute(
            f"SELECT {STANDING_COLUMNS} FROM season_standings WHERE guild_id = ? AND season = ? "
            f"AND game = ? ORDER BY {BEST_FIRST}, user_id LIMIT ?",
            (guild_id, season, game, limit),
        )
    ]


def season_winners(conn: Connection, guild_id: int, game: str) -> list[SeasonWinner]:
    """The top of each of a server's seasons for a game ('*' = all games): every line ranked
    first, several where they tie; by season, then member."""
    rows = conn.execute(
        f"SELECT season, {STANDING_COLUMNS} FROM (SELECT season, {STANDING_COLUMNS}, "
        f"RANK() OVER (PARTITION BY season ORDER BY {BEST_FIRST}) AS place "
        "FROM season_standings WHERE guild_id = ? AND game = ?) ranked "
        "WHERE place = 1 ORDER BY season, user_id",
        (guild_id, game),
    )
    return [SeasonWinner(str(r[0]), standing(r[1:])) for r in rows]
