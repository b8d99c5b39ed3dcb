"""The SQLite store: the referee's Store protocol, one transaction (one thread hop) per call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from db import reads, writes
from db.database import Database
from db.sql import Engine
from referee.store import (
    Deadline,
    Entry,
    LevelRating,
    MatchData,
    MatchEnd,
    MatchRow,
    MemberData,
    NewMatch,
    SolitaireBest,
    Standing,
    VersusStanding,
)


class SqliteStore:
    """Matches, seats, moves and standings in one SQLite file (WAL, fully synced commits) or
    one PostgreSQL database: the same SQL on either engine."""

    def __init__(self, db: Engine) -> None:
        self._db = db

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating and migrating if needed) the database at path."""
        return cls(await Database.open(path))

    async def close(self) -> None:
        """Release the database."""
        await self._db.close()

    @property
    def shared(self) -> bool:
        """True when other processes may change matches (PostgreSQL): copies must be checked."""
        return self._db.shared

    async def watch(self, changed: Callable[[int, int], None]) -> None:
        """Call changed(match_id, version) on this event loop whenever another process changes a
        match (never, on SQLite); returns once watching."""
        await self._db.listen(changed)

    # Lobbies -----------------------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRow:
        """Store a lobby with its host seated."""
        data = await self._db.write(
            lambda conn: reads.load_match(conn, writes.create_match(conn, new))
        )
        assert data is not None
        return data.row

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember the lobby message, so its buttons can be updated."""
        await self._db.write(writes.set_lobby_message, match_id, message_id)

    async def add_seat(self, match_id: int, user_id: int, name: str, now: float) -> None:
        """Seat a member in a lobby; raise AlreadySeated or StaleStep."""
        await self._db.write(writes.add_seat, match_id, user_id, name, now)

    async def remove_seat(self, match_id: int, user_id: int, now: float) -> None:
        """Unseat a member from a lobby, closing the gap in the seat numbers."""
        await self._db.write(writes.remove_seat, match_id, user_id, now)

    async def add_computer(self, match_id: int, level: str, name: str, now: float) -> None:
        """Seat a computer of this level in a lobby; raise StaleStep."""
        await self._db.write(writes.add_computer, match_id, level, name, now)

    async def remove_computer(self, match_id: int, seat: int, now: float) -> None:
        """Unseat the computer in this seat of a lobby; raise StaleStep."""
        await self._db.write(writes.remove_computer, match_id, seat, now)

    async def start_match(
        self, match_id: int, settled: dict[str, Any], deadline: Deadline, now: float
    ) -> None:
        """Turn a lobby into an active match; raise StaleStep if it was not a lobby."""
        await self._db.write(writes.start_match, match_id, settled, deadline, now)

    async def set_deadline(self, match_id: int, deadline: Deadline) -> None:
        """Set or clear when a match's current step (or lobby) expires and when to remind."""
        await self._db.write(writes.set_deadline, match_id, deadline)

    async def due(self, now: float) -> list[int]:
        """Open matches whose reminder or deadline has come."""
        return await self._db.read(reads.due, now)

    async def next_wakeup(self) -> float | None:
        """The earliest reminder or deadline of any open match."""
        return await self._db.read(reads.next_wakeup)

    # Play --------------------------------------------------------------------------------

    async def submit_sealed(
        self, match_id: int, step: int, seat: int, move: str, now: float
    ) -> None:
        """Store or replace a seat's sealed move for a step; raise StaleStep."""
        await self._db.write(writes.submit_sealed, match_id, step, seat, move, now)

    async def resolve_step(
        self,
        match_id: int,
        step: int,
        moves: Sequence[Entry],
        end: MatchEnd | None,
        deadline: Deadline,
        now: float,
    ) -> None:
        """Append a step's entries to the log and open the next step; raise StaleStep."""
        await self._db.write(writes.resolve_step, match_id, step, moves, end, deadline, now)

    async def resign(
        self, match_id: int, step: int, seat: int, reason: str, end: MatchEnd | None, now: float
    ) -> None:
        """Append a seat's resignation to the log, ending the match when `end` is given."""
        await self._db.write(writes.resign, match_id, step, seat, reason, end, now)

    async def vote_cancel(self, match_id: int, step: int, user_id: int, now: float) -> None:
        """Record a player's agreement to cancel a match at this step; raise StaleStep."""
        await self._db.write(writes.vote_cancel, match_id, step, user_id, now)

    async def clear_votes(self, match_id: int) -> None:
        """Forget every agreement to cancel a match (a player refused)."""
        await self._db.write(writes.clear_votes, match_id)

    async def end_match(self, match_id: int, end: MatchEnd, now: float) -> None:
        """End a lobby or an active match (cancelled or over); raise StaleStep."""
        await self._db.write(writes.end_match, match_id, end, now)

    async def forget_member(self, user_id: int) -> MemberData:
        """Delete a member's standings, bests and cancel votes, and make their seats in finished
        games anonymous; what there was. StillSeated while they sit in an open game."""
        return await self._db.write(writes.forget_member, user_id)

    # Reading -----------------------------------------------------------------------------

    async def load_match(self, match_id: int) -> MatchData | None:
        """A match with its seats and moves, or None."""
        return await self._db.read(reads.load_match, match_id)

    async def open_matches(self, guild_id: int | None = None) -> list[MatchData]:
        """Lobbies and active matches (of one server, or all), without their moves."""
        return await self._db.read(reads.open_matches, guild_id)

    async def load_matches(self, match_ids: Sequence[int]) -> list[MatchData]:
        """These matches (those that exist) with their seats and moves, in id order."""
        return await self._db.read(reads.load_matches, match_ids)

    async def load_open_matches(self) -> list[MatchData]:
        """Every lobby and active match with its seats, moves and sealed moves."""
        return await self._db.read(reads.load_open_matches)

    async def open_matches_of_in(self, user_id: int, channel_id: int) -> list[int]:
        """Ids of a member's lobbies and active matches in one channel."""
        return await self._db.read(reads.open_matches_of_in, user_id, channel_id)

    async def active_matches_of(self, user_id: int) -> list[int]:
        """Ids of the active matches in which a member has a seat."""
        return await self._db.read(reads.active_matches_of, user_id)

    async def standings(self, guild_id: int, game: str, limit: int) -> list[Standing]:
        """A server's leaderboard for a game ('*' = all games), best rating first."""
        return await self._db.read(reads.standings, guild_id, game, limit)

    async def solitaire_bests(self, guild_id: int, game: str) -> list[SolitaireBest]:
        """A server's best one-player scores of a game, one per set of options."""
        return await self._db.read(reads.solitaire_bests, guild_id, game)

    async def member_data(self, user_id: int) -> MemberData:
        """What is stored about a member, counted, and the open games they sit in."""
        return await self._db.read(reads.member_data, user_id)

    async def ratings_of(
        self, guild_id: int, games: Sequence[str], user_ids: Sequence[int]
    ) -> dict[str, dict[int, tuple[float, float]]]:
        """The current (mu, sigma) of these members in each of these games, where they have one."""
        return await self._db.read(reads.ratings_of, guild_id, games, user_ids)

    async def versus_ratings_of(
        self, guild_id: int, games: Sequence[str], players: Sequence[str]
    ) -> dict[str, dict[str, tuple[float, float]]]:
        """The current (mu, sigma) from games with a computer of these players, per game."""
        return await self._db.read(reads.versus_ratings_of, guild_id, games, players)

    async def versus_standings(
        self, guild_id: int, game: str, limit: int
    ) -> tuple[list[VersusStanding], list[LevelRating]]:
        """A server's leaderboard against the computer for a game, and the levels' ratings."""
        return await self._db.read(reads.versus_standings, guild_id, game, limit)
