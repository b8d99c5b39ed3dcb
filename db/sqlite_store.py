"""The SQLite store: the only place that writes SQL. One transaction per call."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from db.migrate import migrate
from referee.store import (
    AlreadySeated,
    Deadline,
    MatchData,
    MatchEnd,
    MatchRow,
    NewMatch,
    SeatRow,
    StaleStep,
    Standing,
)

MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, options, settled, host_id, status, step, "
    "lobby_message_id, move_seconds, deadline_policy, deadline_at, created_at, result, remind_at"
)


def _match_row(r: Sequence[Any]) -> MatchRow:
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
    )


class SqliteStore:
    """Matches, seats, moves and standings in one SQLite file (WAL, fully synced commits)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating and migrating if needed) the database at path."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        # WAL lets readers go on during a write; synchronous=FULL syncs the WAL at every
        # commit, so an acknowledged move survives a power cut, not only a crash.
        for pragma in (
            "journal_mode=WAL",
            "synchronous=FULL",
            "foreign_keys=ON",
            "busy_timeout=5000",
        ):
            async with conn.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        await migrate(conn)
        return cls(conn)

    async def close(self) -> None:
        """Release the database."""
        await self._conn.close()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        # Reads wait for a write in progress on this connection, so they never see half of it.
        async with self._lock:
            yield self._conn

    async def _guard(
        self, conn: aiosqlite.Connection, match_id: int, status: str, now: float, step: int = -1
    ) -> None:
        """Touch the match only if it is in the expected status (and step): else StaleStep."""
        cur = await conn.execute(
            "UPDATE matches SET updated_at = ? WHERE id = ? AND status = ? AND (? < 0 OR step = ?)",
            (now, match_id, status, step, step),
        )
        if cur.rowcount != 1:
            raise StaleStep(match_id)

    # Lobbies -----------------------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRow:
        """Store a lobby with its host seated."""
        async with self._tx() as conn:
            cur = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, options, host_id, status, "
                "move_seconds, deadline_policy, deadline_at, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
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
                ),
            )
            match_id = cur.lastrowid
            assert match_id is not None
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (match_id, new.host_id, new.host_name),
            )
            data = await self._load(conn, match_id)
        assert data is not None
        return data.row

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember the lobby message, so its buttons can be updated."""
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE matches SET lobby_message_id = ? WHERE id = ?", (message_id, match_id)
            )

    async def add_seat(self, match_id: int, user_id: int, name: str, now: float) -> None:
        """Seat a member in a lobby; raise AlreadySeated or StaleStep."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "lobby", now)
            try:
                await conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name) SELECT ?, "
                    "COALESCE(MAX(seat), -1) + 1, ?, ? FROM seats WHERE match_id = ?",
                    (match_id, user_id, name, match_id),
                )
            except sqlite3.IntegrityError:
                raise AlreadySeated(match_id) from None

    async def remove_seat(self, match_id: int, user_id: int, now: float) -> None:
        """Unseat a member from a lobby, closing the gap in the seat numbers."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "lobby", now)
            async with conn.execute(
                "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
            ) as cur:
                row = await cur.fetchone()
            if row is None:
                raise StaleStep(match_id)
            await conn.execute(
                "DELETE FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
            )
            # Renumber one seat at a time, in order, so the primary key never collides.
            async with conn.execute(
                "SELECT seat FROM seats WHERE match_id = ? AND seat > ? ORDER BY seat",
                (match_id, row[0]),
            ) as cur:
                later = [r[0] for r in await cur.fetchall()]
            for seat in later:
                await conn.execute(
                    "UPDATE seats SET seat = ? WHERE match_id = ? AND seat = ?",
                    (seat - 1, match_id, seat),
                )

    async def start_match(
        self, match_id: int, settled: dict[str, Any], deadline: Deadline, now: float
    ) -> None:
        """Turn a lobby into an active match; raise StaleStep if it was not a lobby."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "lobby", now)
            await conn.execute(
                "UPDATE matches SET status = 'active', settled = ? WHERE id = ?",
                (json.dumps(settled), match_id),
            )
            await self._set_deadline(conn, match_id, deadline)

    async def _set_deadline(
        self, conn: aiosqlite.Connection, match_id: int, deadline: Deadline
    ) -> None:
        await conn.execute(
            "UPDATE matches SET deadline_at = ?, remind_at = ? WHERE id = ?",
            (deadline.at, deadline.remind_at, match_id),
        )

    async def set_deadline(self, match_id: int, deadline: Deadline) -> None:
        """Set or clear when a match's current step (or lobby) expires and when to remind."""
        async with self._tx() as conn:
            await self._set_deadline(conn, match_id, deadline)

    async def due(self, now: float) -> list[int]:
        """Open matches whose reminder or deadline has come."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT id FROM matches WHERE status IN ('lobby', 'active') "
                "AND (deadline_at <= ? OR remind_at <= ?) ORDER BY id",
                (now, now),
            ) as cur,
        ):
            return [r[0] for r in await cur.fetchall()]

    async def next_wakeup(self) -> float | None:
        """The earliest reminder or deadline of any open match."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT MIN(deadline_at), MIN(remind_at) FROM matches "
                "WHERE status IN ('lobby', 'active')"
            ) as cur,
        ):
            row = await cur.fetchone()
        times = [t for t in (row or ()) if t is not None]
        return min(times) if times else None

    # Play --------------------------------------------------------------------------------

    async def submit_sealed(
        self, match_id: int, step: int, seat: int, move: str, now: float
    ) -> None:
        """Store or replace a seat's sealed move for a step; raise StaleStep."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "active", now, step)
            await conn.execute(
                "INSERT INTO sealed (match_id, step, seat, move, ordinal) SELECT ?, ?, ?, ?, "
                "COUNT(*) FROM sealed WHERE match_id = ? AND step = ? "
                "ON CONFLICT (match_id, step, seat) DO UPDATE SET move = excluded.move",
                (match_id, step, seat, move, match_id, step),
            )

    async def resolve_step(
        self,
        match_id: int,
        step: int,
        moves: Sequence[tuple[int, str, bool]],
        end: MatchEnd | None,
        deadline: Deadline,
        now: float,
    ) -> None:
        """Append a step's moves (seat, move, auto) to the log; raise StaleStep."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "active", now, step)
            try:
                await conn.executemany(
                    "INSERT INTO moves (match_id, idx, step, seat, move, auto) SELECT ?, "
                    "COUNT(*), ?, ?, ?, ? FROM moves WHERE match_id = ?",
                    [
                        (match_id, step, seat, move, int(auto), match_id)
                        for seat, move, auto in moves
                    ],
                )
            except sqlite3.IntegrityError:
                raise StaleStep(match_id) from None
            await conn.execute(
                "DELETE FROM sealed WHERE match_id = ? AND step = ?", (match_id, step)
            )
            await conn.execute("UPDATE matches SET step = step + 1 WHERE id = ?", (match_id,))
            await self._set_deadline(conn, match_id, deadline)
            if end is not None:
                await self._end(conn, match_id, end)

    async def resign(self, match_id: int, seat: int, end: MatchEnd | None, now: float) -> None:
        """Mark a seat as resigned, ending the match when `end` is given."""
        async with self._tx() as conn:
            await self._guard(conn, match_id, "active", now)
            cur = await conn.execute(
                "UPDATE seats SET resigned = 1 WHERE match_id = ? AND seat = ? AND resigned = 0",
                (match_id, seat),
            )
            if cur.rowcount != 1:
                raise StaleStep(match_id)
            if end is not None:
                await self._end(conn, match_id, end)

    async def end_match(self, match_id: int, end: MatchEnd, now: float) -> None:
        """End a lobby or an active match (cancelled or over); raise StaleStep."""
        async with self._tx() as conn:
            cur = await conn.execute(
                "UPDATE matches SET updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (now, match_id),
            )
            if cur.rowcount != 1:
                raise StaleStep(match_id)
            await self._end(conn, match_id, end)

    async def _end(self, conn: aiosqlite.Connection, match_id: int, end: MatchEnd) -> None:
        await conn.execute(
            "UPDATE matches SET status = ?, result = ?, deadline_at = NULL, remind_at = NULL "
            "WHERE id = ?",
            (end.status, json.dumps(end.result), match_id),
        )
        await conn.execute("DELETE FROM sealed WHERE match_id = ?", (match_id,))
        async with conn.execute("SELECT guild_id FROM matches WHERE id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        assert row is not None
        guild_id = row[0]
        for c in end.changes:
            async with conn.execute(
                "SELECT points FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (guild_id, c.game, c.user_id),
            ) as cur:
                old = await cur.fetchone()
            # Points are decimal text (they outgrow 64 bits); this transaction holds the
            # write lock, so reading them here cannot lose a concurrent update.
            points = str(int(old[0]) + c.points) if old else str(c.points)
            await conn.execute(
                "INSERT INTO standings (guild_id, game, user_id, name, games, wins, draws, "
                "points, mu, sigma) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
                "name = excluded.name, games = standings.games + 1, "
                "wins = standings.wins + excluded.wins, draws = standings.draws + excluded.draws, "
                "points = excluded.points, mu = excluded.mu, sigma = excluded.sigma",
                (
                    guild_id,
                    c.game,
                    c.user_id,
                    c.name,
                    int(c.win),
                    int(c.draw),
                    points,
                    c.mu,
                    c.sigma,
                ),
            )

    # Reading -----------------------------------------------------------------------------

    async def load_match(self, match_id: int) -> MatchData | None:
        """A match with its seats and moves, or None."""
        async with self._read() as conn:
            return await self._load(conn, match_id)

    async def _load(self, conn: aiosqlite.Connection, match_id: int) -> MatchData | None:
        async with conn.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        ) as cur:
            r = await cur.fetchone()
        if r is None:
            return None
        row = _match_row(r)
        seats = await self._seats(conn, [match_id])
        async with conn.execute(
            "SELECT seat, move FROM moves WHERE match_id = ? ORDER BY idx", (match_id,)
        ) as cur:
            moves = tuple((s, m) for s, m in await cur.fetchall())
        async with conn.execute(
            "SELECT seat, move FROM sealed WHERE match_id = ? AND step = ? ORDER BY ordinal",
            (match_id, row.step),
        ) as cur:
            sealed = tuple((s, m) for s, m in await cur.fetchall())
        return MatchData(row, seats.get(match_id, ()), moves, sealed)

    async def _seats(
        self, conn: aiosqlite.Connection, match_ids: Sequence[int]
    ) -> dict[int, tuple[SeatRow, ...]]:
        out: dict[int, list[SeatRow]] = {}
        for start in range(0, len(match_ids), 500):
            chunk = list(match_ids[start : start + 500])
            marks = ", ".join("?" * len(chunk))
            async with conn.execute(
                f"SELECT match_id, seat, user_id, name, resigned FROM seats "
                f"WHERE match_id IN ({marks}) ORDER BY match_id, seat",
                chunk,
            ) as cur:
                for mid, seat, uid, name, resigned in await cur.fetchall():
                    out.setdefault(mid, []).append(SeatRow(seat, uid, name, bool(resigned)))
        return {k: tuple(v) for k, v in out.items()}

    async def open_matches(self, guild_id: int | None = None) -> list[MatchData]:
        """Lobbies and active matches (of one server, or all), without their moves."""
        sql = f"SELECT {MATCH_COLUMNS} FROM matches WHERE status IN ('lobby', 'active')"
        args: tuple[Any, ...] = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args = (guild_id,)
        async with self._read() as conn:
            async with conn.execute(sql + " ORDER BY id", args) as cur:
                rows = [_match_row(r) for r in await cur.fetchall()]
            seats = await self._seats(conn, [r.id for r in rows])
        return [MatchData(r, seats.get(r.id, ())) for r in rows]

    async def open_matches_of_in(self, user_id: int, channel_id: int) -> list[int]:
        """Ids of a member's lobbies and active matches in one channel."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT m.id FROM seats s JOIN matches m ON m.id = s.match_id "
                "WHERE s.user_id = ? AND m.channel_id = ? AND m.status IN ('lobby', 'active') "
                "ORDER BY m.id",
                (user_id, channel_id),
            ) as cur,
        ):
            return [r[0] for r in await cur.fetchall()]

    async def active_matches_of(self, user_id: int) -> list[int]:
        """Ids of the active matches in which a member has a seat."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id "
                "WHERE s.user_id = ? AND m.status = 'active' ORDER BY m.id",
                (user_id,),
            ) as cur,
        ):
            return [r[0] for r in await cur.fetchall()]

    async def standings(self, guild_id: int, game: str, limit: int) -> list[Standing]:
        """A server's leaderboard for a game ('*' = all games), best rating first."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT user_id, name, games, wins, draws, points, mu, sigma FROM standings "
                "WHERE guild_id = ? AND game = ? ORDER BY mu - 3 * sigma DESC, wins DESC LIMIT ?",
                (guild_id, game, limit),
            ) as cur,
        ):
            rows = await cur.fetchall()
        return [Standing(r[0], r[1], r[2], r[3], r[4], int(r[5]), r[6], r[7]) for r in rows]

    async def ratings_of(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, tuple[float, float]]:
        """The current (mu, sigma) of these members for a game, where they have one."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        async with (
            self._read() as conn,
            conn.execute(
                f"SELECT user_id, mu, sigma FROM standings WHERE guild_id = ? AND game = ? "
                f"AND user_id IN ({marks})",
                (guild_id, game, *user_ids),
            ) as cur,
        ):
            return {r[0]: (r[1], r[2]) for r in await cur.fetchall()}
