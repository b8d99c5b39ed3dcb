"""What the referee needs from a store, and how a store refuses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

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


class StaleStep(Exception):
    """A write decided on a version of the match that is no longer the stored one (it changed
    meanwhile), or refused by the log's keys; nothing was written."""


class AlreadySeated(Exception):
    """The member already has a seat in this match."""


class StoreBusy(Exception):
    """The store stayed locked by someone else for several seconds; nothing was written."""


class StillSeated(Exception):
    """The member still has a seat in these lobbies or games under way."""

    def __init__(self, match_ids: Sequence[int]) -> None:
        super().__init__(*match_ids)
        self.match_ids = tuple(match_ids)


class Store(Protocol):
    """Durable storage of matches; every method is one transaction, committed on return.

    Every write to an existing match names the version of the match it was decided on, and
    raises StaleStep, changing nothing, if the match has changed since; a write that succeeds
    makes the version one more.
    """

    shared: bool
    """True when other processes may change the matches too (a server database)."""

    async def watch(
        self, changed: Callable[[int, int], None], lost: Callable[[], None] = lambda: None
    ) -> None:
        """Call changed(match_id, version) whenever a match changes (this process's own changes
        included; never without other processes), and lost() when changes may have gone
        unheard (the watch was cut and is back); returns once watching."""
        ...

    async def create_match(self, new: NewMatch) -> MatchRow:
        """Store a lobby with its host seated."""
        ...

    async def create_rematch(self, new: NewMatch, rematch: Rematch) -> MatchRow:
        """Store a lobby that plays a finished match again, with its host and computers seated
        and its members invited; raise StaleStep, changing nothing, if that match is not over
        or already has a rematch lobby (the database decides between processes)."""
        ...

    async def rematch_lobby(self, match_id: int) -> int | None:
        """The id of the lobby that plays a finished match again, if one is open."""
        ...

    async def set_lobby_message(self, match_id: int, message_id: int) -> int:
        """Remember the lobby message, so its buttons can be updated; the new version."""
        ...

    async def add_seat(
        self, match_id: int, version: int, user_id: int, name: str, now: float
    ) -> None:
        """Seat a member in a lobby; raise AlreadySeated or StaleStep."""
        ...

    async def remove_seat(self, match_id: int, version: int, user_id: int, now: float) -> None:
        """Unseat a member from a lobby; raise StaleStep."""
        ...

    async def add_computers(
        self, match_id: int, version: int, level: str, names: Sequence[str], now: float
    ) -> None:
        """Seat computers of this level, with these names, in a lobby; raise StaleStep."""
        ...

    async def remove_computer(self, match_id: int, version: int, seat: int, now: float) -> None:
        """Unseat the computer in this seat of a lobby; raise StaleStep."""
        ...

    async def start_match(
        self, match_id: int, version: int, settled: dict[str, Any], deadline: Deadline, now: float
    ) -> None:
        """Turn a lobby into an active match; raise StaleStep."""
        ...

    async def submit_sealed(
        self, match_id: int, version: int, seat: int, move: str, now: float
    ) -> None:
        """Store or replace a seat's sealed move for the current step; raise StaleStep."""
        ...

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
        """Append entries to the log with the match now at `step` (a step that opens gets the
        deadline; None keeps the current one), ending it when `end` is given, and keep the
        snapshot of the state it reaches if given; raise StaleStep (also when the log refuses an
        entry: a seat moving twice in a step, or resigning twice)."""
        ...

    async def set_deadline(
        self, match_id: int, version: int, deadline: Deadline, now: float
    ) -> None:
        """Set or clear when a match's current step expires and when to remind; StaleStep."""
        ...

    async def due(self, now: float) -> list[int]:
        """Open matches whose reminder or deadline has come."""
        ...

    async def next_wakeup(self) -> float | None:
        """The earliest reminder or deadline of any open match."""
        ...

    async def vote_cancel(self, match_id: int, version: int, user_id: int, now: float) -> None:
        """Record a player's agreement to cancel a match at its current step; raise StaleStep."""
        ...

    async def clear_votes(self, match_id: int, version: int, now: float) -> None:
        """Forget every agreement to cancel a match (a player refused); raise StaleStep."""
        ...

    async def end_match(self, match_id: int, version: int, end: MatchEnd, now: float) -> None:
        """End a lobby or an active match (cancelled or over); raise StaleStep."""
        ...

    async def claim(
        self, kind: str, match_id: int, step: int, holder: str, now: float, seconds: float
    ) -> bool:
        """Take on a match's step for a kind of work for `seconds` (False: another holder has
        it); with several processes, the work is done once."""
        ...

    async def version_of(self, match_id: int) -> int | None:
        """The stored version of a match, or None if there is none."""
        ...

    async def load_match(self, match_id: int) -> MatchData | None:
        """A match with its seats and moves, or None."""
        ...

    async def open_matches(self, guild_id: int | None = None) -> list[MatchData]:
        """Lobbies and active matches (of one server, or all), without their moves."""
        ...

    async def load_matches(self, match_ids: Sequence[int]) -> list[MatchData]:
        """These matches (those that exist) with their seats and moves, in id order."""
        ...

    async def load_open_matches(self) -> list[MatchData]:
        """Every lobby and active match with its seats, moves and sealed moves."""
        ...

    async def open_matches_of_in(self, user_id: int, channel_id: int) -> list[int]:
        """Ids of a member's lobbies and active matches in one channel."""
        ...

    async def active_matches_of(self, user_id: int) -> list[int]:
        """Ids of the active matches in which a member has a seat."""
        ...

    async def active_matches_with_computers(self) -> list[int]:
        """Ids of the active matches where a computer has a seat."""
        ...

    async def standings(self, guild_id: int, game: str, limit: int) -> list[Standing]:
        """A server's leaderboard for a game ('*' = all games), best first."""
        ...

    async def season_length(self, guild_id: int) -> str:
        """How long a server's seasons last: a name of the registry `referee.seasons`, its
        default (no seasons) when the server never chose."""
        ...

    async def set_season_length(self, guild_id: int, length: str, now: float) -> None:
        """Set how long a server's seasons last: a game that ends from now on counts for the
        season of this length it ends in."""
        ...

    async def seasons(self, guild_id: int) -> list[str]:
        """The keys of a server's seasons that have standings, in key order."""
        ...

    async def season_standings(
        self, guild_id: int, season: str, game: str, limit: int
    ) -> list[Standing]:
        """A server's leaderboard of one season for a game ('*' = all games), best first."""
        ...

    async def season_winners(self, guild_id: int, game: str) -> list[SeasonWinner]:
        """The top of each of a server's seasons for a game ('*' = all games), several where
        they tie; by season, then member."""
        ...

    async def solitaire_bests(self, guild_id: int, game: str) -> list[SolitaireBest]:
        """A server's best one-player scores of a game, one per set of options."""
        ...

    async def versus_standings(
        self, guild_id: int, game: str, limit: int
    ) -> tuple[list[VersusStanding], list[LevelRating]]:
        """A server's leaderboard against the computer for a game ('*' = all games), best
        rating first, and the levels' ratings there."""
        ...

    async def member_stats(self, guild_id: int, user_id: int) -> MemberStats:
        """What a server keeps of one member's games, read at one moment."""
        ...

    async def member_data(self, user_id: int) -> MemberData:
        """What is stored about a member, counted, and the open games they sit in."""
        ...

    async def forget_member(self, user_id: int) -> MemberData:
        """Delete a member's standings (all-time and seasons'), rating history, one-player bests,
        cancel votes and invitations, and make their seats in finished games (and those games'
        host) anonymous; return what there was. Raise StillSeated, changing nothing, while they
        sit in a lobby or a game under way."""
        ...

    async def create_tournament(self, new: NewTournament) -> int:
        """Store a tournament taking entries, its host entered first; its id."""
        ...

    async def enter_tournament(
        self,
        tournament_id: int,
        version: int,
        user_id: int | None,
        computer: str | None,
        name: str,
        now: float,
    ) -> None:
        """Enter a member (or a computer of a level) in a tournament taking entries; raise
        AlreadySeated or StaleStep."""
        ...

    async def leave_tournament(
        self, tournament_id: int, version: int, entrant: int, now: float
    ) -> None:
        """Take an entry out of a tournament that has not started; raise StaleStep."""
        ...

    async def withdraw(
        self, tournament_id: int, version: int, entrant: int, after: int, now: float
    ) -> None:
        """Withdraw an entrant from a running tournament after a round; raise StaleStep."""
        ...

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the message that takes a tournament's entries, to edit it as they change."""
        ...

    async def end_tournament(
        self, tournament_id: int, version: int, status: str, result: dict[str, Any], now: float
    ) -> None:
        """End a tournament taking entries or running; raise StaleStep."""
        ...

    async def make_round(self, tournament_id: int, plan: Planner, now: float) -> list[int]:
        """In one transaction: lock the tournament, read it, and store what `plan` makes of it
        (seeds, the next round's games as started matches, byes, games decided without play,
        or the end); the ids of the matches opened. Of two processes at once, the second's
        plan sees what the first made."""
        ...

    async def load_tournament(self, tournament_id: int) -> TournamentData | None:
        """A tournament with its entries, games and byes, or None."""
        ...

    async def tournaments_in(self, guild_id: int, limit: int) -> list[TournamentRow]:
        """A server's tournaments, those under way first, then the latest."""
        ...

    async def running_tournaments(self) -> list[tuple[int, int]]:
        """(id, server) of every running tournament."""
        ...

    async def close(self) -> None:
        """Release the database."""
        ...
