"""The rows a store and the referee exchange about tournaments: entries, rounds, games, byes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.rows import Deadline

OPEN, RUNNING, DONE, CANCELLED = "open", "running", "over", "cancelled"
"""A tournament's states: taking entries, playing its rounds, over, or cancelled."""


@dataclass(frozen=True)
class NewTournament:
    """What `/tournament create` stores."""

    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    format: str
    table_size: int
    rounds: int | None
    move_seconds: int | None
    deadline_policy: str
    host_id: int
    host_name: str
    now: float


@dataclass(frozen=True)
class TournamentRow:
    """A tournament as stored, without its entries and games."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    format: str
    table_size: int
    rounds: int | None
    move_seconds: int | None
    deadline_policy: str
    host_id: int
    status: str
    round: int
    version: int
    created_at: float
    result: dict[str, Any] | None = None
    message_id: int | None = None
    """The message that takes entries (edited as they change)."""


@dataclass(frozen=True)
class EntrantRow:
    """One entry: a member (their user id) or a computer (its level), with its seed rating."""

    entrant: int
    user_id: int | None
    name: str
    computer: str | None = None
    rating: float = 0.0
    withdrawn: int | None = None
    """The round after which they withdrew (0: before the first); None while still in."""


@dataclass(frozen=True)
class GameRow:
    """One game of a round: its entrants by seat, its match (none for a game decided without
    play), and each seat's place once it is over."""

    round: int
    table: int
    entrants: tuple[int, ...]
    match_id: int | None
    places: tuple[int, ...] | None = None
    tiebreak: bool = False


@dataclass(frozen=True)
class TournamentData:
    """A tournament with its entries, games and byes, as one transaction read them."""

    row: TournamentRow
    entrants: tuple[EntrantRow, ...]
    games: tuple[GameRow, ...] = ()
    byes: tuple[tuple[int, int], ...] = ()
    """(round, entrant) of each bye."""
    ratings: Mapping[int, tuple[float, float]] = field(default_factory=dict)
    """Each entrant's (mu, sigma) in the game on this server as read now, where they have
    one (for seeding)."""


@dataclass(frozen=True)
class NewTable:
    """A game a round opens: the match to store, already started, and its seats."""

    table: int
    entrants: tuple[int, ...]
    seats: tuple[tuple[int | None, str | None, str], ...]
    """(user id, computer level, name) by seat."""
    settled: dict[str, Any]
    deadline: Deadline
    tiebreak: bool = False


@dataclass(frozen=True)
class RoundPlan:
    """What one transaction makes of a tournament: the next round's games, byes and games
    decided without play, or its end; and the seeds when it starts."""

    round: int
    tables: tuple[NewTable, ...] = ()
    byes: tuple[int, ...] = ()
    forfeits: tuple[GameRow, ...] = ()
    seeds: Mapping[int, float] | None = None
    status: str = RUNNING
    result: dict[str, Any] | None = None


Planner = Callable[[TournamentData], RoundPlan | None]
"""Decides, from a tournament as the pairing transaction reads it, what that transaction
makes (None: nothing, e.g. the round is not over yet or another process paired it)."""
