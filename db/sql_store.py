"""The store over SQL: the Store protocol on SQLite or PostgreSQL, one transaction per call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from db import forgetting, lobbies, reads, seasons, stats, tournaments, writes
from db.sql import Engine
from referee.rows import (
    Deadline,
    LevelRating,
    Logged,
    MatchData,
    MatchEnd,
    MatchRow,
    MemberData,
    MemberStats,
    NewMatch,
    Rematch,
    SeasonWinner,
    Snapshot,
    SolitaireBest,
    Standing,
    VersusStanding,
)
from referee.tournament_rows import NewTournament, Planner, TournamentData, TournamentRow


class SqlStore:
    """Matches, seats, moves and standings in one SQLite file (WAL, fully synced commits) or
    one PostgreSQL database: the same SQL on either engine."""

    def __init__(self, db: Engine) -> None:
        self._db = db
        self.shared = db.shared
        """True when other processes may change the matches (PostgreSQL): copies must be
        checked; False for a SQLite file, which one process uses."""
        self.retries = db.retries
        """Transactions this store tried again whole since it opened (a lock waited on too
        long, a deadlock, a lost server; SQLite: a locked file), once per new attempt, and
        those it gave up as StoreBusy (nothing written), by why. Writes of different games never
        make one: each waits only for the rows it locks. The metrics and the benchmark read it."""

    async def close(self) -> None:
        """Release the database."""
        await self._db.close()

    async def watch(
        self, changed: Callable[[int, int], None], lost: Callable[[], None] = lambda: None
    ) -> None:
        """Call changed(match_id, version) on this event loop whenever another process changes a
        match (never, on SQLite), and lost() when changes may have gone unheard; returns once
        watching."""
        await self._db.listen(changed, lost)

    # Lobbies -----------------------------------------------------------------------------

    async def create_match(self, new: NewMatch) -> MatchRow:
        """Store a lobby with its host seated."""
        return await self._db.write(lobbies.create_match, new)

    async def create_rematch(self, new: NewMatch, rematch: Rematch) -> MatchRow:
        """Store a lobby that plays a finished match again, with its host and computers seated
        and its members invited; StaleStep if that match is not over or has a rematch lobby."""
        return await self._db.write(lobbies.create_rematch, new, rematch)

    async def rematch_lobby(self, match_id: int) -> int | None:
        """The id of the lobby that plays a finished match again, if one is open."""
        return await self._db.read(reads.rematch_lobby, match_id)

    async def set_lobby_message(self, match_id: int, message_id: int) -> int:
        """Remember the lobby message, so its buttons can be updated; the new version."""
        return await self._db.write(lobbies.set_lobby_message, match_id, message_id)

    async def add_seat(
        self, match_id: int, version: int, user_id: int, name: str, now: float
    ) -> None:
        """Seat a member in a lobby; raise AlreadySeated or StaleStep."""
        await self._db.write(lobbies.add_seat, match_id, version, user_id, name, now)

    async def remove_seat(self, match_id: int, version: int, user_id: int, now: float) -> None:
        """Unseat a member from a lobby, closing the gap in the seat numbers."""
        await self._db.write(lobbies.remove_seat, match_id, version, user_id, now)

    async def add_computers(
        self, match_id: int, version: int, level: str, names: Sequence[str], now: float
    ) -> None:
        """Seat computers of this level, with these names, in a lobby; raise StaleStep."""
        await self._db.write(lobbies.add_computers, match_id, version, level, names, now)

    async def remove_computer(self, match_id: int, version: int, seat: int, now: float) -> None:
        """Unseat the computer in this seat of a lobby; raise StaleStep."""
        await self._db.write(lobbies.remove_computer, match_id, version, seat, now)

    async def start_match(
        self, match_id: int, version: int, settled: dict[str, Any], deadline: Deadline, now: float
    ) -> None:
        """Turn a lobby into an active match; raise StaleStep."""
        await self._db.write(writes.start_match, match_id, version, settled, deadline, now)

    async def claim(
        self, kind: str, match_id: int, step: int, holder: str, now: float, seconds: float
    ) -> bool:
        """Take on a match's step for a kind of work for `seconds` (False: another holder has
        it); with several processes, the work is done once."""
        return await self._db.write(writes.claim, kind, match_id, step, holder, now, seconds)

    async def set_deadline(
        self, match_id: int, version: int, deadline: Deadline, now: float
    ) -> None:
        """Set or clear when a match's current step expires and when to remind; StaleStep."""
        await self._db.write(writes.set_deadline, match_id, version, deadline, now)

    async def due(self, now: float) -> list[int]:
        """Open matches whose reminder or deadline has come."""
        return await self._db.read(reads.due, now)

    async def next_wakeup(self) -> float | None:
        """The earliest reminder or deadline of any open match."""
        return await self._db.read(reads.next_wakeup)

    # Play --------------------------------------------------------------------------------

    async def submit_sealed(
        self, match_id: int, version: int, seat: int, move: str, now: float
    ) -> None:
        """Store or replace a seat's sealed move for the current step; raise StaleStep."""
        await self._db.write(writes.submit_sealed, match_id, version, seat, move, now)

    async def record(
        self,
        match_id: int,
        version: int,
        entries: Sequence[Logged],
        step: int,
        end: MatchEnd | None,
        deadline: Deadline | None,
        now: float,
        snapshot: Snapshot | None = None,
    ) -> None:
        """Append entries to the log with the match now at `step`; raise StaleStep."""
        await self._db.write(
            writes.record, match_id, version, entries, step, end, deadline, now, snapshot
        )

    async def vote_cancel(self, match_id: int, version: int, user_id: int, now: float) -> None:
        """Record a player's agreement to cancel a match at its current step; raise StaleStep."""
        await self._db.write(writes.vote_cancel, match_id, version, user_id, now)

    async def clear_votes(self, match_id: int, version: int, now: float) -> None:
        """Forget every agreement to cancel a match (a player refused); raise StaleStep."""
        await self._db.write(writes.clear_votes, match_id, version, now)

    async def end_match(self, match_id: int, version: int, end: MatchEnd, now: float) -> None:
        """End a lobby or an active match (cancelled or over); raise StaleStep."""
        await self._db.write(writes.end_match, match_id, version, end, now)

    async def forget_member(self, user_id: int) -> MemberData:
        """Delete a member's standings (seasons' too), bests, cancel votes and invitations, and
        make their seats in finished games anonymous; what there was. StillSeated while they
        sit in an open game."""
        return await self._db.write(forgetting.forget_member, user_id)

    # Reading -----------------------------------------------------------------------------

    async def version_of(self, match_id: int) -> int | None:
        """The stored version of a match, or None if there is none."""
        return await self._db.read(reads.version_of, match_id)

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

    async def active_matches_with_computers(self) -> list[int]:
        """Ids of the active matches where a computer has a seat."""
        return await self._db.read(reads.active_matches_with_computers)

    async def standings(self, guild_id: int, game: str, limit: int) -> list[Standing]:
        """A server's leaderboard for a game ('*' = all games), best rating first."""
        return await self._db.read(reads.standings, guild_id, game, limit)

    async def solitaire_bests(self, guild_id: int, game: str) -> list[SolitaireBest]:
        """A server's best one-player scores of a game, one per set of options."""
        return await self._db.read(reads.solitaire_bests, guild_id, game)

    async def member_stats(self, guild_id: int, user_id: int) -> MemberStats:
        """What a server keeps of one member's games, read at one moment."""
        return await self._db.read(stats.member_stats, guild_id, user_id)

    async def member_data(self, user_id: int) -> MemberData:
        """What is stored about a member, counted, and the open games they sit in."""
        return await self._db.read(reads.member_data, user_id)

    async def versus_standings(
        self, guild_id: int, game: str, limit: int
    ) -> tuple[list[VersusStanding], list[LevelRating]]:
        """A server's leaderboard against the computer for a game, and the levels' ratings."""
        return await self._db.read(reads.versus_standings, guild_id, game, limit)

    # Tournaments ---------------------------------------------------------------------------

    async def create_tournament(self, new: NewTournament) -> int:
        """Store a tournament taking entries, its host entered first; its id."""
        return await self._db.write(tournaments.create_tournament, new)

    async def enter_tournament(
        self,
        tournament_id: int,
        version: int,
        user_id: int | None,
        computer: str | None,
        name: str,
        now: float,
    ) -> None:
        """Enter a member or a computer; raise AlreadySeated or StaleStep."""
        await self._db.write(
            tournaments.enter, tournament_id, version, user_id, computer, name, now
        )

    async def leave_tournament(
        self, tournament_id: int, version: int, entrant: int, now: float
    ) -> None:
        """Take an entry out of a tournament that has not started; raise StaleStep."""
        await self._db.write(tournaments.leave, tournament_id, version, entrant, now)

    async def withdraw(
        self, tournament_id: int, version: int, entrant: int, after: int, now: float
    ) -> None:
        """Withdraw an entrant from a running tournament after a round; raise StaleStep."""
        await self._db.write(tournaments.withdraw, tournament_id, version, entrant, after, now)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the message that takes a tournament's entries."""
        await self._db.write(tournaments.set_message, tournament_id, message_id)

    async def end_tournament(
        self, tournament_id: int, version: int, status: str, result: dict[str, Any], now: float
    ) -> None:
        """End a tournament taking entries or running; raise StaleStep."""
        await self._db.write(
            tournaments.end_tournament, tournament_id, version, status, result, now
        )

    async def make_round(self, tournament_id: int, plan: Planner, now: float) -> list[int]:
        """Store what the planner makes of the tournament as this transaction reads it after
        locking it; the ids of the matches it opened."""
        return await self._db.write(tournaments.make_round, tournament_id, plan, now)

    async def load_tournament(self, tournament_id: int) -> TournamentData | None:
        """A tournament with its entries, games and byes, or None."""
        return await self._db.read(tournaments.load_tournament, tournament_id)

    async def tournaments_in(self, guild_id: int, limit: int) -> list[TournamentRow]:
        """A server's tournaments, those under way first, then the latest."""
        return await self._db.read(tournaments.tournaments_in, guild_id, limit)

    async def running_tournaments(self) -> list[tuple[int, int]]:
        """(id, server) of every running tournament."""
        return await self._db.read(tournaments.running_tournaments)

    # Seasons -----------------------------------------------------------------------------

    async def season_length(self, guild_id: int) -> str:
        """How long a server's seasons last ('off' when it never chose)."""
        return await self._db.read(seasons.season_length, guild_id)

    async def set_season_length(self, guild_id: int, length: str, now: float) -> None:
        """Set how long a server's seasons last, for the games that end from now on."""
        await self._db.write(seasons.set_season_length, guild_id, length, now)

    async def seasons(self, guild_id: int) -> list[str]:
        """The keys of a server's seasons that have standings, in key order."""
        return await self._db.read(seasons.seasons, guild_id)

    async def season_standings(
        self, guild_id: int, season: str, game: str, limit: int
    ) -> list[Standing]:
        """A server's leaderboard of one season for a game ('*' = all games), best first."""
        return await self._db.read(seasons.season_standings, guild_id, season, game, limit)

    async def season_winners(self, guild_id: int, game: str) -> list[SeasonWinner]:
        """The top of each of a server's seasons for a game, several where they tie."""
        return await self._db.read(seasons.season_winners, guild_id, game)
