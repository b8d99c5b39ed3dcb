"""The rows a store and the referee exchange: matches, seats, log entries, standings, endings."""

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
    tournament_id: int | None = None
    """The tournament this match is a game of, if any."""


@dataclass(frozen=True)
class Snapshot:
    """A game state as stored with its match: the encoded state the first `moves` entries of
    the log reach (`referee.snapshots` encodes and decodes it)."""

    moves: int
    state: bytes


@dataclass(frozen=True)
class MatchData:
    """A match with its seats, its log (the record's entries), the sealed moves of the current
    step, who agreed to cancel it at this step, whom its lobby invites, and its stored state."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    moves: tuple[Entry, ...] = ()
    sealed: tuple[tuple[int, str], ...] = ()
    votes: frozenset[int] = frozenset()
    invited: tuple[int, ...] = ()
    snapshot: Snapshot | None = None


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


@dataclass(frozen=True)
class SeasonWinner:
    """The top of a season's table for one game ('*' = all games): one line each, several
    when they tie."""

    season: str
    standing: Standing


class Ratings(Protocol):
    """One server's ratings, read inside the transaction that ends a match."""

    @property
    def season(self) -> str | None:
        """The season the ending game counts for, decided in its ending transaction from the
        server's season length and the time it ends (None: the server has no seasons)."""
        ...

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

    def of_members_in_season(
        self, games: Sequence[str], user_ids: Sequence[int]
    ) -> dict[str, dict[int, tuple[float, float]]]:
        """The (mu, sigma) of these members among members in that season, per game, where they
        have one (each season's ratings start afresh; none without a season)."""
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
    places: tuple[int, ...] = ()
    """Each seat's place (1 = best) in a finished game, for a tournament's table."""
    season: str | None = None
    """The season the game counts for (see `Ratings.season`), whose table `season_changes`
    change."""
    season_changes: Sequence[StandingChange] = field(default_factory=tuple)
    """What the game adds to its members' standings in that season (per game and '*')."""
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
    invited_to: tuple[int, ...] = ()
    """Those lobbies, once forgetting the member has changed them (they no longer wait for
    them); not counted before."""
    rated: int = 0
    """Finished games whose rating after it their history keeps (one per game and server)."""
    seasons: int = 0
    """Their standings in seasons, one per game, season and server (the totals over all games
    not counted)."""
