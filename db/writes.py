"""The write transactions' bodies: each runs inside one transaction on the database thread.

On SQLite a write transaction holds the whole file (BEGIN IMMEDIATE), so writes run one at a
time. On PostgreSQL they run under READ COMMITTED, side by side: each statement sees what was
committed when it starts, and a write is correct because it first locks the rows that decide
it, and decides only on what it reads after that lock, or in one statement that re-checks:

- A match and everything under it (seats, log, sealed moves, cancel votes, invitations) change
  only after `guard`, the update of the match's row at the version the write was decided on,
  which is each such write's first statement (on PostgreSQL, a sealed move and a step's write
  are one statement whose inserts read the guard's RETURNING: `submit_sealed`). It takes the
  match's row lock until commit; a writer that finds the row locked waits, then re-checks the
  version on the committed row and, the match having changed, writes nothing (StaleStep). So
  everything read after the guard is as the previous holder left it, and the log's next index
  (MAX + 1) cannot be taken by anyone else. The unique keys of the log, `(match, idx)`,
  `(match, step, seat)` and one resignation per seat, stay the exactly-once guard: a duplicate
  insert is refused (StaleStep), never doubled.
- A new lobby is a new row nobody else can see; a rematch lobby's check (the old game over, no
  rematch lobby open) is re-checked by the unique index `matches_one_rematch_lobby`: of two at
  once, the second insert waits for the first and is refused (StaleStep).
- A game's end changes rows that other games share: a server's standings (all-time and of the
  season it counts for), ratings against the computer and one-player bests. It locks its
  server's row of `rating_locks` (after its match, the one order every write follows), then
  reads the season length, ratings and bests it decides on: games of one server end one after
  the other, each reading what the previous wrote; other servers' games are not held up.
  Counters are `SET games = games + 1` upserts, never read in Python.
- Forgetting a member (db/forgetting.py) locks the servers' `rating_locks` rows of every server
  where they have rows, in ascending server id (an ending game holds one of them: both orders
  agree, so they cannot deadlock). It refuses while the member sits in an open game, and
  touches only rows of finished games and the member's own records: a lobby they join
  meanwhile comes after it.
- Deadlines are claimed by the same guard: of processes firing one deadline, the first's version
  wins and the others find the match changed.

A deadlock or a lock waited on longer than `lock_timeout` is tried again whole by the engine
(db/postgres.py), which counts it in `retries`; writes of different games lock different rows
and never wait for each other.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from db.reads import ratings_of, versus_ratings_of
from db.seasons import keep_season, season_now, season_ratings_of
from db.sql import INTEGRITY_ERRORS, Connection, Params, modifies_in_with
from referee.rows import (
    Deadline,
    Logged,
    MatchEnd,
    Snapshot,
    SolitaireScore,
)
from referee.store import StaleStep


def guard(
    conn: Connection,
    match_id: int,
    version: int,
    now: float,
    *statuses: str,
    sets: str = "",
    values: Params = (),
    returning: str = "",
) -> Any:
    """Count a change of the match if it is still at the version the change was decided on (and
    in one of these statuses), setting `sets` (a SQL fragment `, column = ?...` with `values`)
    in the same statement; else StaleStep. The update locks the match's row until commit (see
    the module's docstring); the `returning` expression's row is returned."""
    cur = conn.execute(
        guard_sql(len(statuses), sets) + (f" RETURNING {returning}" if returning else ""),
        guard_values(match_id, version, now, statuses, values),
    )
    if returning:
        row = cur.fetchone()
        if row is None:
            raise StaleStep(match_id)
        return row
    if cur.rowcount != 1:
        raise StaleStep(match_id)
    return None


def guard_sql(statuses: int, sets: str = "") -> str:
    """The guard's update, for this many statuses (its values: `guard_values`)."""
    marks = ", ".join("?" * statuses)
    return (
        f"UPDATE matches SET version = version + 1, updated_at = ?{sets} "
        f"WHERE id = ? AND version = ? AND status IN ({marks})"
    )


def guard_values(
    match_id: int, version: int, now: float, statuses: Sequence[str], values: Params = ()
) -> tuple[Any, ...]:
    """The values of `guard_sql`, in its order."""
    return (now, *values, match_id, version, *statuses)


DEADLINE_SETS = ", deadline_at = ?, remind_at = ?"
"""The columns of a deadline, set by the guard's statement."""


def set_deadline(
    conn: Connection, match_id: int, version: int, deadline: Deadline, now: float
) -> None:
    """Set or clear when a match's current step expires and when to remind; StaleStep."""
    guard(
        conn, match_id, version, now, "active", sets=DEADLINE_SETS, values=deadline_values(deadline)
    )


def deadline_values(deadline: Deadline) -> tuple[float | None, float | None]:
    """The values of DEADLINE_SETS."""
    return (deadline.at, deadline.remind_at)


def start_match(
    conn: Connection,
    match_id: int,
    version: int,
    settled: dict[str, Any],
    deadline: Deadline,
    now: float,
) -> None:
    """Turn a lobby into an active match; raise StaleStep if it was not a lobby."""
    guard(
        conn,
        match_id,
        version,
        now,
        "lobby",
        sets=", status = 'active', settled = ?, step_started_at = ?" + DEADLINE_SETS,
        values=(json.dumps(settled), now, *deadline_values(deadline)),
    )
    forget_invitations(conn, match_id)


SEAL = (
    "INSERT INTO sealed (match_id, step, seat, move, ordinal) SELECT m.id, m.step, ?, ?, "
    "(SELECT COUNT(*) FROM sealed s WHERE s.match_id = m.id AND s.step = m.step) "
    "FROM {matches} m WHERE m.id = ? "
    "ON CONFLICT (match_id, step, seat) DO UPDATE SET move = excluded.move"
)
"""A seat's sealed move at the match's current step, read from `{matches}`."""


def submit_sealed(
    conn: Connection, match_id: int, version: int, seat: int, move: str, now: float
) -> None:
    """Store or replace a seat's sealed move for the current step; raise StaleStep."""
    if not modifies_in_with(conn):
        guard(conn, match_id, version, now, "active")
        conn.execute(SEAL.format(matches="matches"), (seat, move, match_id))
        return
    # One statement, so one round trip to the server: the insert reads the match from the
    # guard's update, so nothing is sealed unless the guard passed. The statement reads with
    # one snapshot, taken before any wait for the row's lock; a guard that waited finds the
    # version changed, so a passing guard's snapshot holds every sealed move of the step.
    cur = conn.execute(
        f"WITH m AS ({guard_sql(1)} RETURNING id, step) " + SEAL.format(matches="m"),
        (*guard_values(match_id, version, now, ("active",)), seat, move, match_id),
    )
    if cur.rowcount != 1:
        raise StaleStep(match_id)


def append(conn: Connection, match_id: int, entries: Sequence[Logged]) -> None:
    """Add entries at the end of a match's log; StaleStep if the log refuses one (a seat moving
    twice in a step, or resigning twice)."""
    try:
        conn.executemany(
            "INSERT INTO moves (match_id, idx, step, seat, move, note) SELECT ?, "
            "COALESCE(MAX(idx), -1) + 1, ?, ?, ?, ? FROM moves WHERE match_id = ?",
            [(match_id, *log_row(logged), match_id) for logged in entries],
        )
    except INTEGRITY_ERRORS:
        raise StaleStep(match_id) from None


def log_row(logged: Logged) -> tuple[int, int, str, str | None]:
    """A log entry's columns: step, seat, move and note (None without one)."""
    step, entry = logged
    return (step, entry[0], entry[1], entry[2] if len(entry) > 2 else None)


STALE_SEALED = (
    "EXISTS (SELECT 1 FROM sealed s WHERE s.match_id = matches.id AND s.step < matches.step)"
)
"""Whether sealed moves of steps before the match's (new) step remain, to be deleted."""


def record(
    conn: Connection,
    match_id: int,
    version: int,
    entries: Sequence[Logged],
    step: int,
    end: MatchEnd | None,
    deadline: Deadline | None,
    now: float,
    snapshot: Snapshot | None = None,
) -> None:
    """Append entries to the log with the match now at `step` (the step that opens gets the
    deadline; None keeps the current one), ending the match when `end` is given, keeping the
    snapshot if given (else the one kept stays true: the log only grows); StaleStep."""
    # One statement moves the match to its step (a step that changes starts now: the right-hand
    # sides read the row as it was) and says whether sealed moves of earlier steps remain.
    sets = ", step = ?, step_started_at = CASE WHEN step = ? THEN step_started_at ELSE ? END"
    values: tuple[Any, ...] = (step, step, now)
    if deadline is not None:
        sets += DEADLINE_SETS
        values += deadline_values(deadline)
    if snapshot is not None:
        sets += ", snapshot_moves = ?, snapshot = ?"
        values += (snapshot.moves, snapshot.state)
    if modifies_in_with(conn) and entries:
        record_at_once(conn, match_id, version, entries, step, end is None, now, sets, values)
    else:
        (stale_sealed,) = guard(
            conn,
            match_id,
            version,
            now,
            "active",
            sets=sets,
            values=values,
            returning=STALE_SEALED,
        )
        append(conn, match_id, entries)
        if end is None and stale_sealed:
            conn.execute("DELETE FROM sealed WHERE match_id = ? AND step < ?", (match_id, step))
    if end is not None:
        end_match_now(conn, match_id, end, now)


def record_at_once(
    conn: Connection,
    match_id: int,
    version: int,
    entries: Sequence[Logged],
    step: int,
    clear_sealed: bool,
    now: float,
    sets: str,
    values: Params,
) -> None:
    """`record`'s guard, log entries and (with `clear_sealed`) removal of earlier steps' sealed
    moves as one statement, so one round trip to the server (PostgreSQL); StaleStep."""
    # The entries are read from the guard's row, so nothing is logged unless it passed; the
    # statement's one snapshot holds the whole log when the guard passes (see submit_sealed).
    rows = ", ".join("(?::int, ?::int, ?::int, ?::text, ?::text)" for _ in entries)
    logged = [(i, *log_row(entry)) for i, entry in enumerate(entries, 1)]
    clear = (
        ", gone AS (DELETE FROM sealed s USING g WHERE s.match_id = g.id AND s.step < ?)"
        if clear_sealed
        else ""
    )
    try:
        row = conn.execute(
            f"WITH g AS ({guard_sql(1, sets)} RETURNING id), "
            "logged AS (INSERT INTO moves (match_id, idx, step, seat, move, note) "
            "SELECT g.id, (SELECT COALESCE(MAX(idx), -1) FROM moves WHERE match_id = g.id) + "
            f"e.i, e.step, e.seat, e.move, e.note FROM g, (VALUES {rows}) "
            f"AS e (i, step, seat, move, note)){clear} SELECT id FROM g",
            (
                *guard_values(match_id, version, now, ("active",), values),
                *(v for entry in logged for v in entry),
                *((step,) if clear_sealed else ()),
            ),
        ).fetchone()
    except INTEGRITY_ERRORS:
        raise StaleStep(match_id) from None
    if row is None:
        raise StaleStep(match_id)


def vote_cancel(conn: Connection, match_id: int, version: int, user_id: int, now: float) -> None:
    """Record a player's agreement to cancel a match at its current step; raise StaleStep."""
    guard(conn, match_id, version, now, "active")
    conn.execute(
        "INSERT INTO cancel_votes (match_id, user_id, step) "
        "SELECT id, ?, step FROM matches WHERE id = ? "
        "ON CONFLICT (match_id, user_id) DO UPDATE SET step = excluded.step",
        (user_id, match_id),
    )


def clear_votes(conn: Connection, match_id: int, version: int, now: float) -> None:
    """Forget every agreement to cancel a match (a player refused); raise StaleStep."""
    guard(conn, match_id, version, now, "active")
    forget_votes(conn, match_id)


def forget_votes(conn: Connection, match_id: int) -> None:
    """Delete every agreement to cancel a match."""
    conn.execute("DELETE FROM cancel_votes WHERE match_id = ?", (match_id,))


def forget_invitations(conn: Connection, match_id: int) -> None:
    """Delete a lobby's invitations: once it starts or closes, nobody is awaited."""
    conn.execute("DELETE FROM invitations WHERE match_id = ?", (match_id,))


def end_match(conn: Connection, match_id: int, version: int, end: MatchEnd, now: float) -> None:
    """End a lobby or an active match (cancelled or over); raise StaleStep."""
    guard(conn, match_id, version, now, "lobby", "active")
    end_match_now(conn, match_id, end, now)


class TransactionRatings:
    """A server's ratings as this transaction reads them, for a game's end to rate from, and
    the season it counts for: the server's season length as this transaction reads it, at the
    time the game ends."""

    def __init__(self, conn: Connection, guild_id: int, now: float) -> None:
        self._conn = conn
        self._guild_id = guild_id
        self._season = season_now(conn, guild_id, now)

    @property
    def season(self) -> str | None:
        """The season the ending game counts for (None: the server has no seasons)."""
        return self._season

    def of_members(
        self, games: Sequence[str], user_ids: Sequence[int]
    ) -> dict[str, dict[int, tuple[float, float]]]:
        """The (mu, sigma) of these members among members, per game, where they have one."""
        return ratings_of(self._conn, self._guild_id, games, user_ids)

    def of_players(
        self, games: Sequence[str], players: Sequence[str]
    ) -> dict[str, dict[str, tuple[float, float]]]:
        """The (mu, sigma) from games with a computer of these players, per game."""
        return versus_ratings_of(self._conn, self._guild_id, games, players)

    def of_members_in_season(
        self, games: Sequence[str], user_ids: Sequence[int]
    ) -> dict[str, dict[int, tuple[float, float]]]:
        """The (mu, sigma) of these members in the season, per game, where they have one."""
        if self._season is None:
            return {game: {} for game in games}
        return season_ratings_of(self._conn, self._guild_id, self._season, games, user_ids)


def lock_servers(conn: Connection, guild_ids: Sequence[int]) -> None:
    """Lock these servers' rows of rating_locks (made if missing), in ascending id: whoever
    changes a server's standings, ratings or bests next waits for this transaction."""
    conn.executemany(
        "INSERT INTO rating_locks (guild_id) VALUES (?) "
        "ON CONFLICT (guild_id) DO UPDATE SET guild_id = excluded.guild_id",
        [(guild_id,) for guild_id in sorted(set(guild_ids))],
    )


def settle(conn: Connection, match_id: int, end: MatchEnd, now: float) -> MatchEnd:
    """The end with its standings worked out from the ratings as they are now (and its season
    from the server's setting and the time it ends, `now`), read after locking the server's
    ratings and bests, so the new ones are written before anyone else reads them."""
    shared = (
        end.changes,
        end.solitaire,
        end.versus,
        end.versus_ratings,
        end.history,
        end.season_changes,
    )
    if end.rate is None and not any(shared):
        return end
    (guild_id,) = conn.execute(
        "INSERT INTO rating_locks (guild_id) SELECT guild_id FROM matches WHERE id = ? "
        "ON CONFLICT (guild_id) DO UPDATE SET guild_id = excluded.guild_id RETURNING guild_id",
        (match_id,),
    ).fetchone()
    if end.rate is None:
        return end
    return end.rate(TransactionRatings(conn, guild_id, now))


def end_match_now(conn: Connection, match_id: int, end: MatchEnd, now: float) -> None:
    """Close the match with its result and add the result to the standings (and to its
    tournament's table)."""
    if end.places:
        conn.execute(
            "UPDATE tournament_games SET places = ? WHERE match_id = ?",
            (json.dumps(list(end.places)), match_id),
        )
    end = settle(conn, match_id, end, now)
    conn.execute(
        "UPDATE matches SET status = ?, result = ?, deadline_at = NULL, remind_at = NULL "
        "WHERE id = ?",
        (end.status, json.dumps(end.result), match_id),
    )
    conn.execute("DELETE FROM sealed WHERE match_id = ?", (match_id,))
    forget_votes(conn, match_id)
    forget_invitations(conn, match_id)
    if end.solitaire is not None:
        keep_solitaire_best(conn, match_id, end.solitaire, now)
    # Points are decimal text (Integer Sequence scores outgrow 64 bits): big_add sums them
    # in the update itself, like wins = wins + 1.
    conn.executemany(
        "INSERT INTO standings (guild_id, game, user_id, name, games, wins, draws, points, mu, "
        "sigma) SELECT guild_id, ?, ?, ?, 1, ?, ?, ?, ?, ? FROM matches WHERE id = ? "
        "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
        "name = excluded.name, games = standings.games + 1, "
        "wins = standings.wins + excluded.wins, draws = standings.draws + excluded.draws, "
        "points = big_add(standings.points, excluded.points), "
        "mu = excluded.mu, sigma = excluded.sigma",
        [
            (
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
            for c in end.changes
        ],
    )
    keep_season(conn, match_id, end)
    keep_versus(conn, match_id, end)
    conn.executemany(
        "INSERT INTO rating_history (guild_id, game, user_id, match_id, vs, mu, sigma, at) "
        "SELECT guild_id, ?, ?, id, ?, ?, ?, ? FROM matches WHERE id = ?",
        [(r.game, r.user_id, r.vs, r.mu, r.sigma, now, match_id) for r in end.history],
    )


def keep_versus(conn: Connection, match_id: int, end: MatchEnd) -> None:
    """Add a finished game with a computer to its members' records against each level, and
    store the new ratings of its members and levels."""
    conn.executemany(
        "INSERT INTO versus_computer (guild_id, game, user_id, level, name, games, wins, draws) "
        "SELECT guild_id, ?, ?, ?, ?, 1, ?, ? FROM matches WHERE id = ? "
        "ON CONFLICT (guild_id, game, user_id, level) DO UPDATE SET name = excluded.name, "
        "games = versus_computer.games + 1, wins = versus_computer.wins + excluded.wins, "
        "draws = versus_computer.draws + excluded.draws",
        [
            (c.game, c.user_id, c.level, c.name, int(c.win), int(c.draw), match_id)
            for c in end.versus
        ],
    )
    conn.executemany(
        "INSERT INTO versus_ratings (guild_id, game, player, mu, sigma, games) "
        "SELECT guild_id, ?, ?, ?, ?, 1 FROM matches WHERE id = ? "
        "ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, "
        "sigma = excluded.sigma, games = versus_ratings.games + 1",
        [(r.game, r.player, r.mu, r.sigma, match_id) for r in end.versus_ratings],
    )


def keep_solitaire_best(conn: Connection, match_id: int, score: SolitaireScore, now: float) -> None:
    """Make a finished one-player game its server's best for its options if it beats the best
    there (an equal score keeps the earlier one); the server's rating lock is held (settle)."""
    (guild_id,) = conn.execute("SELECT guild_id FROM matches WHERE id = ?", (match_id,)).fetchone()
    key = (guild_id, score.game, score.options)
    row = conn.execute(
        "SELECT score FROM solitaire_bests WHERE guild_id = ? AND game = ? AND options = ?", key
    ).fetchone()
    # Scores are decimal text of any size; compared here, inside the same transaction.
    if row is not None and int(row[0]) >= score.score:
        return
    conn.execute(
        "INSERT INTO solitaire_bests (guild_id, game, options, user_id, name, score, moves, "
        "match_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, game, options) DO UPDATE SET user_id = excluded.user_id, "
        "name = excluded.name, score = excluded.score, moves = excluded.moves, "
        "match_id = excluded.match_id, at = excluded.at",
        (*key, score.user_id, score.name, str(score.score), json.dumps(score.moves), match_id, now),
    )


def claim(
    conn: Connection, kind: str, match_id: int, step: int, holder: str, now: float, seconds: float
) -> bool:
    """Take on a match's step for this kind of work, for `seconds`: True if the match is active
    at that step as stored, unless another holder has it for this step or a later one and its
    time has not run out."""
    # One statement: of two processes claiming at once, the row's lock lets one in, and the
    # other's update finds the claim taken and returns no row. A process whose copy is a step
    # behind finds the match elsewhere and gets no row either; a game's end keeps its claim, so
    # its last step stays taken.
    taken = conn.execute(
        "INSERT INTO claims (kind, match_id, step, holder, until) "
        "SELECT ?, id, step, ?, ? FROM matches WHERE id = ? AND step = ? AND status = 'active' "
        "ON CONFLICT (kind, match_id) DO UPDATE SET step = excluded.step, "
        "holder = excluded.holder, until = excluded.until "
        "WHERE claims.step < excluded.step OR claims.holder = excluded.holder "
        "OR claims.until < ? RETURNING holder",
        (kind, holder, now + seconds, match_id, step, now),
    ).fetchone()
    return taken is not None
