"""The read queries: each runs inside one read transaction on the database thread."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from db.sql import Connection
from referee.rows import (
    ALL_GAMES,
    Entry,
    LevelRating,
    MatchData,
    MatchRow,
    MemberData,
    SeatRow,
    Snapshot,
    SolitaireBest,
    Standing,
    VersusStanding,
)

MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, options, settled, host_id, status, step, "
    "lobby_message_id, move_seconds, deadline_policy, deadline_at, created_at, result, remind_at, "
    "step_started_at, version, rematch_of, tournament_id"
)
OPEN = "status IN ('lobby', 'active')"
K = TypeVar("K", bound=int | str)
CHUNK = 500
"""Ids per IN (...) list, well under SQLite's limit on bound parameters."""


def match_row(r: Sequence[Any]) -> MatchRow:
    """A matches row (MATCH_COLUMNS, in order) as a MatchRow."""
    return MatchRow(
        id=r[0],
        guild_id=r[1],
        channel_id=r[2],
        game=r[3],
        options=json.loads(r[4]),
        settled=json.loads(r[5]) if r[5] is not None else None,
        host_id=r[6],
        status=r[7],
        step=r[8],
        lobby_message_id=r[9],
        move_seconds=r[10],
        deadline_policy=r[11],
        deadline_at=r[12],
        created_at=r[13],
        result=json.loads(r[14]) if r[14] is not None else None,
        remind_at=r[15],
        step_started_at=r[16],
        version=r[17],
        rematch_of=r[18],
        tournament_id=r[19],
    )


def _chunks(ids: Sequence[K]) -> Iterator[tuple[list[K], str]]:
    for start in range(0, len(ids), CHUNK):
        chunk = list(ids[start : start + CHUNK])
        yield chunk, ", ".join("?" * len(chunk))


def seats_where(
    conn: Connection, where: str, args: Sequence[Any]
) -> dict[int, tuple[SeatRow, ...]]:
    """The seats of the matches `where` selects (a condition on `matches m`), in seat order."""
    out: dict[int, list[SeatRow]] = {}
    for mid, seat, uid, name, computer in conn.execute(
        "SELECT s.match_id, s.seat, s.user_id, s.name, s.computer FROM seats s "
        f"JOIN matches m ON m.id = s.match_id WHERE {where} ORDER BY s.match_id, s.seat",
        args,
    ):
        out.setdefault(mid, []).append(SeatRow(seat, uid, name, computer))
    return {k: tuple(v) for k, v in out.items()}


def entry(seat: int, move: str, note: str | None) -> Entry:
    """A log row as a record entry: [seat, move] or [seat, move, note]."""
    return (seat, move) if note is None else (seat, move, note)


def version_of(conn: Connection, match_id: int) -> int | None:
    """The stored version of a match, or None if there is none."""
    row = conn.execute("SELECT version FROM matches WHERE id = ?", (match_id,)).fetchone()
    return None if row is None else int(row[0])


def load_match(conn: Connection, match_id: int) -> MatchData | None:
    """A match with its seats, log, the sealed moves and votes of its current step, or None."""
    found = load_matches(conn, [match_id])
    return found[0] if found else None


def open_matches(conn: Connection, guild_id: int | None) -> list[MatchData]:
    """Lobbies and active matches (of one server, or all), without their moves."""
    where = f"m.{OPEN}" if guild_id is None else f"m.{OPEN} AND m.guild_id = ?"
    args = () if guild_id is None else (guild_id,)
    rows = [
        match_row(r)
        for r in conn.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches m WHERE {where} ORDER BY id", args
        )
    ]
    seats = seats_where(conn, where, args)
    return [MatchData(r, seats.get(r.id, ())) for r in rows]


def load_matches(conn: Connection, match_ids: Sequence[int]) -> list[MatchData]:
    """These matches with their seats, logs, sealed moves, votes and invitations, in id order
    (a few queries per 500)."""
    found = [
        d for chunk, marks in _chunks(match_ids) for d in _loaded(conn, f"m.id IN ({marks})", chunk)
    ]
    return sorted(found, key=lambda d: d.row.id)


def load_open_matches(conn: Connection) -> list[MatchData]:
    """Every lobby and active match with its seats, moves and sealed moves, in id order."""
    return _loaded(conn, f"m.{OPEN}", ())


def _loaded(conn: Connection, where: str, args: Sequence[Any]) -> list[MatchData]:
    """The matches `where` selects (a condition on `matches m`) with their seats, logs, the
    sealed moves and votes of their current steps, invitations and snapshots, in id order:
    one query per table, whatever their number."""
    rows: list[MatchRow] = []
    snapshots: dict[int, Snapshot] = {}
    for r in conn.execute(
        f"SELECT {MATCH_COLUMNS}, snapshot_moves, snapshot FROM matches m "
        f"WHERE {where} ORDER BY id",
        args,
    ):
        rows.append(match_row(r))
        if r[-1] is not None:
            snapshots[r[0]] = Snapshot(r[-2], bytes(r[-1]))
    moves: dict[int, list[Entry]] = {}
    for mid, seat, move, note in conn.execute(
        "SELECT l.match_id, l.seat, l.move, l.note FROM moves l "
        f"JOIN matches m ON m.id = l.match_id WHERE {where} ORDER BY l.match_id, l.idx",
        args,
    ):
        moves.setdefault(mid, []).append(entry(seat, move, note))
    sealed: dict[int, list[tuple[int, str]]] = {}
    for mid, seat, move in conn.execute(
        "SELECT s.match_id, s.seat, s.move FROM sealed s JOIN matches m "
        f"ON m.id = s.match_id AND m.step = s.step WHERE {where} ORDER BY s.match_id, s.ordinal",
        args,
    ):
        sealed.setdefault(mid, []).append((seat, move))
    votes: dict[int, set[int]] = {}
    for mid, user_id in conn.execute(
        "SELECT v.match_id, v.user_id FROM cancel_votes v JOIN matches m "
        f"ON m.id = v.match_id AND m.step = v.step WHERE {where}",
        args,
    ):
        votes.setdefault(mid, set()).add(user_id)
    invited: dict[int, list[int]] = {}
    for mid, user_id in conn.execute(
        "SELECT i.match_id, i.user_id FROM invitations i "
        f"JOIN matches m ON m.id = i.match_id WHERE {where} ORDER BY i.match_id, i.ordinal",
        args,
    ):
        invited.setdefault(mid, []).append(user_id)
    seats = seats_where(conn, where, args)
    return [
        MatchData(
            r,
            seats.get(r.id, ()),
            tuple(moves.get(r.id, ())),
            tuple(sealed.get(r.id, ())),
            frozenset(votes.get(r.id, ())),
            tuple(invited.get(r.id, ())),
            snapshots.get(r.id),
        )
        for r in rows
    ]


def rematch_lobby(conn: Connection, match_id: int) -> int | None:
    """The id of the lobby that plays a finished match again, if one is open."""
    row = conn.execute(
        "SELECT id FROM matches WHERE rematch_of = ? AND status = 'lobby'", (match_id,)
    ).fetchone()
    return None if row is None else int(row[0])


def open_matches_of_in(conn: Connection, user_id: int, channel_id: int) -> list[int]:
    """Ids of a member's lobbies and active matches in one channel."""
    return [
        r[0]
        for r in conn.execute(
            "SELECT m.id FROM seats s JOIN matches m ON m.id = s.match_id "
            f"WHERE s.user_id = ? AND m.channel_id = ? AND m.{OPEN} ORDER BY m.id",
            (user_id, channel_id),
        )
    ]


def active_matches_of(conn: Connection, user_id: int) -> list[int]:
    """Ids of the active matches in which a member has a seat."""
    return [
        r[0]
        for r in conn.execute(
            "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE s.user_id = ? AND m.status = 'active' ORDER BY m.id",
            (user_id,),
        )
    ]


def active_matches_with_computers(conn: Connection) -> list[int]:
    """Ids of the active matches where a computer has a seat."""
    return [
        r[0]
        for r in conn.execute(
            "SELECT id FROM matches m WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.computer IS NOT NULL) "
            "ORDER BY id"
        )
    ]


def due(conn: Connection, now: float) -> list[int]:
    """Open matches whose reminder or deadline has come."""
    return [
        r[0]
        for r in conn.execute(
            f"SELECT id FROM matches WHERE {OPEN} AND (deadline_at <= ? OR remind_at <= ?) "
            "ORDER BY id",
            (now, now),
        )
    ]


def next_wakeup(conn: Connection) -> float | None:
    """The earliest reminder or deadline of any open match."""
    row = conn.execute(
        f"SELECT MIN(deadline_at), MIN(remind_at) FROM matches WHERE {OPEN}"
    ).fetchone()
    times = [t for t in (row or ()) if t is not None]
    return min(times) if times else None


def standings(conn: Connection, guild_id: int, game: str, limit: int) -> list[Standing]:
    """A server's leaderboard for a game ('*' = all games), best rating first."""
    rows = conn.execute(
        "SELECT user_id, name, games, wins, draws, points, mu, sigma FROM standings "
        "WHERE guild_id = ? AND game = ? ORDER BY mu - 3 * sigma DESC, wins DESC LIMIT ?",
        (guild_id, game, limit),
    )
    return [Standing(r[0], r[1], r[2], r[3], r[4], int(r[5]), r[6], r[7]) for r in rows]


def ratings_of(
    conn: Connection, guild_id: int, games: Sequence[str], user_ids: Sequence[int]
) -> dict[str, dict[int, tuple[float, float]]]:
    """The current (mu, sigma) of these members in each of these games, where they have one."""
    return _ratings(conn, "standings", "user_id", guild_id, games, user_ids)


def versus_ratings_of(
    conn: Connection, guild_id: int, games: Sequence[str], players: Sequence[str]
) -> dict[str, dict[str, tuple[float, float]]]:
    """The current (mu, sigma) from games with a computer of these players (user ids in
    decimal, or level names) in each of these games, where they have one."""
    return _ratings(conn, "versus_ratings", "player", guild_id, games, players)


def _ratings(
    conn: Connection,
    table: str,
    column: str,
    guild_id: int,
    games: Sequence[str],
    keys: Sequence[K],
) -> dict[str, dict[K, tuple[float, float]]]:
    """(mu, sigma) by game and key from a table of ratings, for the keys that have one."""
    out: dict[str, dict[K, tuple[float, float]]] = {game: {} for game in games}
    for game in games:
        for chunk, marks in _chunks(keys):
            for key, mu, sigma in conn.execute(
                f"SELECT {column}, mu, sigma FROM {table} WHERE guild_id = ? AND game = ? "
                f"AND {column} IN ({marks})",
                (guild_id, game, *chunk),
            ):
                out[game][key] = (mu, sigma)
    return out


def versus_standings(
    conn: Connection, guild_id: int, game: str, limit: int
) -> tuple[list[VersusStanding], list[LevelRating]]:
    """A server's leaderboard against the computer for a game ('*' = all games), best rating
    first, and the levels' ratings there."""
    members = conn.execute(
        # One line per member (they have a row per level): GROUP BY rather than DISTINCT, as
        # PostgreSQL sorts a DISTINCT only by what it selects.
        "SELECT v.user_id, r.mu, r.sigma, r.games FROM versus_computer v "
        "JOIN versus_ratings r ON r.guild_id = v.guild_id AND r.game = v.game "
        "AND r.player = CAST(v.user_id AS TEXT) WHERE v.guild_id = ? AND v.game = ? "
        "GROUP BY v.user_id, r.mu, r.sigma, r.games "
        "ORDER BY r.mu - 3 * r.sigma DESC, v.user_id LIMIT ?",
        (guild_id, game, limit),
    ).fetchall()
    records: dict[int, dict[str, tuple[int, int, int]]] = {}
    names: dict[int, str] = {}
    for chunk, marks in _chunks([uid for uid, *_ in members]):
        for uid, level, name, games, wins, draws in conn.execute(
            "SELECT user_id, level, name, games, wins, draws FROM versus_computer "
            f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *chunk),
        ):
            records.setdefault(uid, {})[level] = (games, wins, draws)
            names[uid] = name
    levels = [
        LevelRating(player, mu, sigma, games)
        for player, mu, sigma, games in conn.execute(
            # A member's rating is kept under their id, all digits; a level's under its name,
            # which never starts with one: so no list of levels lives here.
            "SELECT player, mu, sigma, games FROM versus_ratings WHERE guild_id = ? AND game = ? "
            "AND substr(player, 1, 1) NOT BETWEEN '0' AND '9' ORDER BY mu",
            (guild_id, game),
        )
    ]
    board = [
        VersusStanding(uid, names[uid], mu, sigma, records[uid], games)
        for uid, mu, sigma, games in members
    ]
    return board, levels


def solitaire_bests(conn: Connection, guild_id: int, game: str) -> list[SolitaireBest]:
    """A server's best one-player scores of a game, one per set of options."""
    return [
        SolitaireBest(
            game, json.loads(options), uid, name, int(score), tuple(json.loads(moves)), mid
        )
        for options, uid, name, score, moves, mid in conn.execute(
            "SELECT options, user_id, name, score, moves, match_id FROM solitaire_bests "
            "WHERE guild_id = ? AND game = ? ORDER BY LENGTH(options), options",
            (guild_id, game),
        )
    ]


def member_data(conn: Connection, user_id: int) -> MemberData:
    """What is stored about a member, counted, and the open games they sit in."""
    open_ids = [
        r[0]
        for r in conn.execute(
            "SELECT m.id FROM seats s JOIN matches m ON m.id = s.match_id "
            f"WHERE s.user_id = ? AND m.{OPEN} ORDER BY m.id",
            (user_id,),
        )
    ]
    servers, standings = conn.execute(
        "SELECT COUNT(DISTINCT guild_id), COUNT(CASE WHEN game <> ? THEN 1 END) "
        "FROM standings WHERE user_id = ?",
        (ALL_GAMES, user_id),
    ).fetchone()

    def count(sql: str) -> int:
        return int(conn.execute(sql, (user_id,)).fetchone()[0])

    return MemberData(
        open_matches=tuple(open_ids),
        servers=servers,
        standings=standings,
        bests=count("SELECT COUNT(*) FROM solitaire_bests WHERE user_id = ?"),
        votes=count("SELECT COUNT(*) FROM cancel_votes WHERE user_id = ?"),
        versus=count("SELECT COUNT(*) FROM versus_computer WHERE user_id = ? AND game <> '*'"),
        seats=count(
            "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id "
            f"WHERE s.user_id = ? AND NOT m.{OPEN}"
        ),
        hosted=count(f"SELECT COUNT(*) FROM matches WHERE host_id = ? AND NOT {OPEN}"),
        invitations=count("SELECT COUNT(*) FROM invitations WHERE user_id = ?"),
        rated=count("SELECT COUNT(*) FROM rating_history WHERE user_id = ? AND game <> '*'"),
        seasons=count("SELECT COUNT(*) FROM season_standings WHERE user_id = ? AND game <> '*'"),
    )
