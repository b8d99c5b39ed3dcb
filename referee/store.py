"""What the referee needs from a store, and the rows it exchanges with one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

# The record's entry and resignation move, as the stores write them into the log.
from rules.record import RESIGN as RESIGN
from rules.record import Entry as Entry

Logged = tuple[int, Entry]
"""An entry of the log with the step it was made at."""

ALL_GAMES = "*"
"""The game of the standings that total every game."""


class StaleStep(Exception):
    """A write for a step that has already resolved, or a match no longer in that status."""


class AlreadySeated(Exception):
    """The member already has a seat in this match."""


class StoreBusy(Exception):
    """The store stayed locked by someone else for several seconds; nothing was written."""


class StillSeated(Exception):
    """The member still has a seat in these lobbies or games under way."""

    def __init__(self, match_ids: Sequence[int]) -> None:
        super().__init__(*match_ids)
        self.match_ids = tuple(match_ids)


FORMER_PLAYER = "former player"
"""The name of a finished game's seat whose member asked to be forgotten."""
NO_HOST = 0
"""The host id of a finished game whose host asked to be forgotten (no Discord user has it)."""


def former_player_id(seat: int) -> int:
    """The user id of a forgotten seat: no Discord user has it, and no other seat of its match."""
    return -(seat + 1)


@dataclass(frozen=True)
class SeatRow:
    """One player of a match: a member (their user id) or a computer (its level)."""

    seat: int
    user_id: int | None
    name: str
    computer: str | None = None
    """The level of a computer seat; None for a member's."""

    @property
    def member_id(self) -> int:
        """The user id of a member's seat (a computer's seat has none: ValueError)."""
        if self.user_id is None:
            raise ValueError(f"seat {self.seat} is a computer's")
        return self.user_id


@dataclass(frozen=True)
class MatchRow:
    """A match as stored, without its moves."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    settled: dict[str, Any] | None
    host_id: int
    status: str
    step: int
    lobby_message_id: int | None
    move_seconds: int | None
    deadline_policy: str
    deadline_at: float | None
    created_at: float
    result: dict[str, Any] | None = None
    remind_at: float | None = None
    step_started_at: float | None = None
    """When the current step opened (an active match), for how long it has waited."""
    version: int = 0
    """How many changes the match has had: a write names the version it was decided on."""
    rematch_of: int | None = None
    """The finished match whose Rematch button opened this one."""


@dataclass(frozen=True)
class MatchData:
    """A match with its seats, its log (the record's entries), the sealed moves of the current
    step, who agreed to cancel it at this step, and whom its lobby invites."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    moves: tuple[Entry, ...] = ()
    sealed: tuple[tuple[int, str], ...] = ()
    votes: frozenset[int] = frozenset()
    invited: tuple[int, ...] = ()


@dataclass(frozen=True)
class NewMatch:
    """What /newgame stores."""

    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int
    host_name: str
    move_seconds: int | None
    deadline_policy: str
    now: float
    lobby_expires_at: float | None = None


@dataclass(frozen=True)
class Rematch:
    """What a rematch lobby holds beyond a new lobby: the finished match it plays again, the
    members it invites, and the computers seated at once (level and name)."""

    of: int
    invited: tuple[int, ...] = ()
    computers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Deadline:
    """When the current step (or lobby) expires, and when to remind; None for no deadline."""

    at: float | None = None
    remind_at: float | None = None


@dataclass(frozen=True)
class Standing:
    """A member's line of a server's leaderboard for one game ('*' = all games)."""

    user_id: int
    name: str
    games: int
    wins: int
    draws: int
    points: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class StandingChange:
    """What one finished game adds to one member's standing in one game ('*' = all games)."""

    game: str
    user_id: int
    name: str
    win: bool
    draw: bool
    points: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class SolitaireScore:
    """A finished one-player game: kept as the server's best for its game and options if it
    beats the one there."""

    game: str
    options: str
    """The settled options as canonical JSON: games with other options are other tables."""
    user_id: int
    name: str
    score: int
    moves: tuple[str, ...]


@dataclass(frozen=True)
class SolitaireBest:
    """A server's best one-player score for a game and its options."""

    game: str
    options: dict[str, Any]
    user_id: int
    name: str
    score: int
    moves: tuple[str, ...]
    match_id: int


@dataclass(frozen=True)
class VersusChange:
    """What one finished game with a computer adds to a member's record against one level, in
    one game ('*' = all games)."""

    game: str
    user_id: int
    name: str
    level: str
    win: bool
    draw: bool


@dataclass(frozen=True)
class VersusRating:
    """A rating after a finished game with a computer, in one game ('*' = all games): a
    member's (player = their user id in decimal) or a level's (player = its name)."""

    game: str
    player: str
    mu: float
    sigma: float


@dataclass(frozen=True)
class VersusStanding:
    """A member's line of a server's leaderboard against the computer, for one game ('*' = all
    games): their rating there, and their games, wins and draws against each level."""

    user_id: int
    name: str
    mu: float
    sigma: float
    records: dict[str, tuple[int, int, int]]
    games: int = 0
    """Their games with a computer that rated them there."""


@dataclass(frozen=True)
class LevelRating:
    """A computer level's rating in a server, for one game ('*' = all games)."""

    level: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class RatingAfter:
    """A member's rating after a game, in one game ('*' = all), vs 'members' or 'computer'."""

    game: str
    user_id: int
    vs: str
    mu: float
    sigma: float


@dataclass(frozen=True)
class RatingPoint:
    """A member's rating as a finished game left it, for their history."""

    game: str
    vs: str
    match_id: int
    mu: float
    sigma: float
    at: float


@dataclass(frozen=True)
class MemberStats:
    """What a server keeps of one member's games, by game ('*' = all games)."""

    standings: dict[str, Standing] = field(default_factory=dict)
    versus: dict[str, VersusStanding] = field(default_factory=dict)
    totals: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The highest and lowest total in a finished game they played to the end."""
    history: tuple[RatingPoint, ...] = ()
    """Their rating after each rated game, oldest first."""


class Ratings(Protocol):
    """One server's ratings, read inside the transaction that ends a match."""

    def of_members(
        self, games: Sequence[str], user_ids: Sequence[int]
    ) -> dict[str, dict[int, tuple[float, float]]]:
        """The (mu, sigma) of these members among members, per game, where they have one."""
        ...

    def of_players(
        self, games: Sequence[str], players: Sequence[str]
    ) -> dict[str, dict[str, tuple[float, float]]]:
        """The (mu, sigma) from games with a computer of these players (user ids in decimal,
        or level names), per game, where they have one."""
        ...


@dataclass(frozen=True)
class MatchEnd:
    """How a match ended: its result for the record, and the standings to change (among
    members, or against the computer)."""

    status: str
    result: dict[str, Any]
    changes: Sequence[StandingChange] = field(default_factory=tuple)
    solitaire: SolitaireScore | None = None
    versus: Sequence[VersusChange] = field(default_factory=tuple)
    versus_ratings: Sequence[VersusRating] = field(default_factory=tuple)
    history: Sequence[RatingAfter] = field(default_factory=tuple)
    """The members' new ratings, kept in their history as of this game."""
    rate: Callable[[Ratings], MatchEnd] | None = None
    """Works out the standings' changes from the ratings as the ending transaction reads them
    (a pure function, run inside that transaction); the end it returns has no `rate`."""


@dataclass(frozen=True)
class MemberData:
    """What is stored about one member, counted, and the open games they still sit in."""

    open_matches: tuple[int, ...] = ()
    """Lobbies and games under way with a seat of theirs (resigned or not)."""
    servers: int = 0
    """Servers whose standings list them."""
    standings: int = 0
    """Their standings, one per game and server (the totals over all games not counted)."""
    bests: int = 0
    """One-player bests that are theirs."""
    votes: int = 0
    """Their agreements to cancel a game."""
    versus: int = 0
    """Their records against a computer level, one per game, level and server."""
    seats: int = 0
    """Their seats in finished games (over or cancelled)."""
    hosted: int = 0
    """Finished games they hosted."""
    invitations: int = 0
    """Open lobbies that invite them (rematches of their games)."""
    rated: int = 0
    """Finished games whose rating after it their history keeps (one per game and server)."""


class Store(Protocol):
    """Durable storage of matches; every method is one transaction, committed on return.

    Every write to an existing match names the version of the match it was decided on, and
    raises StaleStep, changing nothing, if the match has changed since; a write that succeeds
    makes the version one more.
    """

    shared: bool
    """True when other processes may change the matches too (a server database)."""

    async def watch(self, changed: Callable[[int, int], None]) -> None:
        """Call changed(match_id, version) whenever a match changes (this process's own changes
        included; never without other processes); returns once watching."""
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
    ) -> None:
        """Append entries to the log with the match now at `step` (a step that opens gets the
        deadline; None keeps the current one), ending it when `end` is given; raise StaleStep
        (also when the log refuses an entry: a seat moving twice in a step, or resigning
        twice)."""
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

    async def standings(self, guild_id: int, game: str, limit: int) -> list[Standing]:
        """A server's leaderboard for a game ('*' = all games), best first."""
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
        """Delete a member's standings, rating history, one-player bests, cancel votes and
        invitations, and make their seats in finished games (and those games' host) anonymous;
        return what there was. Raise StillSeated, changing nothing, while they sit in a lobby or
        a game under way."""
        ...

    async def close(self) -> None:
        """Release the database."""
        ...
