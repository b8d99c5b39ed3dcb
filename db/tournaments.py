"""Tournaments' transactions: entries, the pairing of a round, and the end.

A tournament changes only after its row is locked: `_guard` counts a change at the version it
was decided on (StaleStep otherwise), and `make_round` locks the row first and then reads
everything its planner decides on, so of two processes ending a round's last games at once,
the second finds the round already paired and makes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from db.reads import ratings_of, versus_ratings_of
from db.sql import INTEGRITY_ERRORS, Connection
from referee.rows import FORMER_PLAYER, NO_HOST
from referee.store import AlreadySeated, StaleStep
from referee.tournament_rows import (
    EntrantRow,
    GameRow,
    NewTable,
    NewTournament,
    Planner,
    TournamentData,
    TournamentRow,
)

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, game, options, format, table_size, rounds, move_seconds, "
    "deadline_policy, host_id, status, round, version, created_at, result, message_id"
)
UNDER_WAY = ("open", "running")


def tournament_row(r: Sequence[Any]) -> TournamentRow:
    """A tournaments row (TOURNAMENT_COLUMNS, in order) as a TournamentRow."""
    return TournamentRow(
        id=r[0],
        guild_id=r[1],
        channel_id=r[2],
        game=r[3],
        options=json.loads(r[4]),
        format=r[5],
        table_size=r[6],
        rounds=r[7],
        move_seconds=r[8],
        deadline_policy=r[9],
        host_id=r[10],
        status=r[11],
        round=r[12],
        version=r[13],
        created_at=r[14],
        result=json.loads(r[15]) if r[15] is not None else None,
        message_id=r[16],
    )


def create_tournament(conn: Connection, new: NewTournament) -> int:
    """Store a tournament taking entries, its host entered first; its id."""
    (tournament_id,) = conn.execute(
        "INSERT INTO tournaments (guild_id, channel_id, game, options, format, table_size, "
        "rounds, move_seconds, deadline_policy, host_id, status, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?) RETURNING id",
        (
            new.guild_id,
            new.channel_id,
            new.game,
            json.dumps(new.options),
            new.format,
            new.table_size,
            new.rounds,
            new.move_seconds,
            new.deadline_policy,
            new.host_id,
            new.now,
            new.now,
        ),
    ).fetchone()
    conn.execute(
        "INSERT INTO entrants (tournament_id, entrant, user_id, name) VALUES (?, 1, ?, ?)",
        (tournament_id, new.host_id, new.host_name),
    )
    return int(tournament_id)


def _guard(conn: Connection, tournament_id: int, version: int, now: float, *statuses: str) -> None:
    """Count a change of the tournament decided on this version (in one of these statuses),
    locking its row until commit; else StaleStep."""
    marks = ", ".join("?" * len(statuses))
    cur = conn.execute(
        "UPDATE tournaments SET version = version + 1, updated_at = ? "
        f"WHERE id = ? AND version = ? AND status IN ({marks})",
        (now, tournament_id, version, *statuses),
    )
    if cur.rowcount != 1:
        raise StaleStep(tournament_id)


def enter(
    conn: Connection,
    tournament_id: int,
    version: int,
    user_id: int | None,
    computer: str | None,
    name: str,
    now: float,
) -> None:
    """Enter a member or a computer in a tournament taking entries; AlreadySeated, StaleStep."""
    _guard(conn, tournament_id, version, now, "open")
    try:
        conn.execute(
            "INSERT INTO entrants (tournament_id, entrant, user_id, computer, name) "
            "SELECT ?, COALESCE(MAX(entrant), 0) + 1, ?, ?, ? FROM entrants "
            "WHERE tournament_id = ?",
            (tournament_id, user_id, computer, name, tournament_id),
        )
    except INTEGRITY_ERRORS:
        raise AlreadySeated(tournament_id) from None


def leave(conn: Connection, tournament_id: int, version: int, entrant: int, now: float) -> None:
    """Take an entry out of a tournament that has not started; StaleStep."""
    _guard(conn, tournament_id, version, now, "open")
    conn.execute(
        "DELETE FROM entrants WHERE tournament_id = ? AND entrant = ?", (tournament_id, entrant)
    )


def withdraw(
    conn: Connection, tournament_id: int, version: int, entrant: int, after: int, now: float
) -> None:
    """Withdraw an entrant from a running tournament after this round; StaleStep."""
    _guard(conn, tournament_id, version, now, "running")
    conn.execute(
        "UPDATE entrants SET withdrawn = ? WHERE tournament_id = ? AND entrant = ? "
        "AND withdrawn IS NULL",
        (after, tournament_id, entrant),
    )


def set_message(conn: Connection, tournament_id: int, message_id: int) -> None:
    """Remember the message that takes a tournament's entries, to edit it as they change."""
    conn.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))


def end_tournament(
    conn: Connection,
    tournament_id: int,
    version: int,
    status: str,
    result: dict[str, Any],
    now: float,
) -> None:
    """End a tournament (cancelled, or over); StaleStep."""
    _guard(conn, tournament_id, version, now, *UNDER_WAY)
    conn.execute(
        "UPDATE tournaments SET status = ?, result = ? WHERE id = ?",
        (status, json.dumps(result), tournament_id),
    )


def load_tournament(conn: Connection, tournament_id: int) -> TournamentData | None:
    """A tournament with its entries, games and byes, or None."""
    r = conn.execute(
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
    ).fetchone()
    if r is None:
        return None
    row = tournament_row(r)
    entrants = tuple(
        EntrantRow(*e)
        for e in conn.execute(
            "SELECT entrant, user_id, name, computer, rating, withdrawn FROM entrants "
            "WHERE tournament_id = ? ORDER BY entrant",
            (tournament_id,),
        )
    )
    games = tuple(
        GameRow(
            rnd,
            tab,
            tuple(json.loads(seated)),
            match_id,
            tuple(json.loads(places)) if places is not None else None,
            bool(tiebreak),
        )
        for rnd, tab, seated, match_id, places, tiebreak in conn.execute(
            "SELECT round, tab, entrants, match_id, places, tiebreak FROM tournament_games "
            "WHERE tournament_id = ? ORDER BY round, tab",
            (tournament_id,),
        )
    )
    byes = tuple(
        (rnd, entrant)
        for rnd, entrant in conn.execute(
            "SELECT round, entrant FROM tournament_byes WHERE tournament_id = ? "
            "ORDER BY round, entrant",
            (tournament_id,),
        )
    )
    return TournamentData(row, entrants, games, byes)


def tournaments_in(conn: Connection, guild_id: int, limit: int) -> list[TournamentRow]:
    """A server's tournaments, those under way first, then the latest ones."""
    return [
        tournament_row(r)
        for r in conn.execute(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ? "
            "ORDER BY CASE WHEN status IN ('open', 'running') THEN 0 ELSE 1 END, id DESC "
            "LIMIT ?",
            (guild_id, limit),
        )
    ]


def running_tournaments(conn: Connection) -> list[tuple[int, int]]:
    """(id, server) of every running tournament."""
    return [
        (tid, guild)
        for tid, guild in conn.execute(
            "SELECT id, guild_id FROM tournaments WHERE status = 'running' ORDER BY id"
        )
    ]


def _ratings(conn: Connection, data: TournamentData) -> dict[int, tuple[float, float]]:
    """Each entrant's (mu, sigma) in the game on this server, where they have one: a member's
    among members, a computer level's from games against members."""
    row = data.row
    members = {e.user_id: e.entrant for e in data.entrants if e.user_id is not None}
    levels = {e.computer: e.entrant for e in data.entrants if e.computer is not None}
    found: dict[int, tuple[float, float]] = {}
    of_members = ratings_of(conn, row.guild_id, [row.game], list(members))[row.game]
    for user_id, rating in of_members.items():
        found[members[user_id]] = rating
    of_levels = versus_ratings_of(conn, row.guild_id, [row.game], list(levels))[row.game]
    for level, rating in of_levels.items():
        found[levels[level]] = rating
    return found


def make_round(conn: Connection, tournament_id: int, plan: Planner, now: float) -> list[int]:
    """Lock the tournament, read it, and store what the planner makes of it (the seeds, the
    next round's games as started matches, its byes and games decided without play, or the
    end); the new matches' ids (none if the planner made nothing)."""
    locked = conn.execute(
        "UPDATE tournaments SET version = version WHERE id = ? RETURNING id", (tournament_id,)
    ).fetchone()
    data = load_tournament(conn, tournament_id) if locked else None
    if data is None:
        return []
    made = plan(
        TournamentData(data.row, data.entrants, data.games, data.byes, _ratings(conn, data))
    )
    if made is None:
        return []
    row = data.row
    if made.seeds is not None:
        conn.executemany(
            "UPDATE entrants SET rating = ? WHERE tournament_id = ? AND entrant = ?",
            [(rating, tournament_id, entrant) for entrant, rating in made.seeds.items()],
        )
    match_ids = [_open_game(conn, row, made.round, table, now) for table in made.tables]
    conn.executemany(
        "INSERT INTO tournament_games (tournament_id, round, tab, entrants, places) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (tournament_id, g.round, g.table, json.dumps(list(g.entrants)), json.dumps(g.places))
            for g in made.forfeits
        ],
    )
    conn.executemany(
        "INSERT INTO tournament_byes (tournament_id, round, entrant) VALUES (?, ?, ?)",
        [(tournament_id, made.round, entrant) for entrant in made.byes],
    )
    conn.execute(
        "UPDATE tournaments SET round = ?, status = ?, result = ?, version = version + 1, "
        "updated_at = ? WHERE id = ?",
        (
            made.round,
            made.status,
            json.dumps(made.result) if made.result is not None else None,
            now,
            tournament_id,
        ),
    )
    return match_ids


def _open_game(
    conn: Connection, row: TournamentRow, round: int, table: NewTable, now: float
) -> int:
    """Store one game of a round as a started match with its seats; its id."""
    (match_id,) = conn.execute(
        "INSERT INTO matches (guild_id, channel_id, game, options, settled, host_id, status, "
        "move_seconds, deadline_policy, deadline_at, remind_at, created_at, updated_at, "
        "step_started_at, tournament_id) "
        "VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            row.guild_id,
            row.channel_id,
            row.game,
            json.dumps(row.options),
            json.dumps(table.settled),
            row.host_id,
            row.move_seconds,
            row.deadline_policy,
            table.deadline.at,
            table.deadline.remind_at,
            now,
            now,
            now,
            row.id,
        ),
    ).fetchone()
    conn.executemany(
        "INSERT INTO seats (match_id, seat, user_id, computer, name) VALUES (?, ?, ?, ?, ?)",
        [(match_id, seat, *who) for seat, who in enumerate(table.seats)],
    )
    conn.execute(
        "INSERT INTO tournament_games (tournament_id, round, tab, entrants, match_id, tiebreak) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            row.id,
            round,
            table.table,
            json.dumps(list(table.entrants)),
            match_id,
            int(table.tiebreak),
        ),
    )
    return int(match_id)


def forget_entrant(conn: Connection, user_id: int) -> None:
    """A forgotten member leaves every tournament: an entry in one that has not started goes;
    in the others the entry stays under a former player's name, withdrawn from the current
    round (forgetting waits until they sit in no game under way)."""
    conn.execute(
        "UPDATE tournaments SET version = version + 1 "
        "WHERE id IN (SELECT tournament_id FROM entrants WHERE user_id = ?) OR host_id = ?",
        (user_id, user_id),
    )
    conn.execute(
        "DELETE FROM entrants WHERE user_id = ? "
        "AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'open')",
        (user_id,),
    )
    conn.execute(
        "UPDATE entrants SET user_id = NULL, name = ?, withdrawn = COALESCE(withdrawn, "
        "(SELECT round FROM tournaments t WHERE t.id = entrants.tournament_id)) "
        "WHERE user_id = ?",
        (FORMER_PLAYER, user_id),
    )
    conn.execute("UPDATE tournaments SET host_id = ? WHERE host_id = ?", (NO_HOST, user_id))
