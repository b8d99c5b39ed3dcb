"""A tournament as a front end shows it: its standings and, for a knockout, its bracket, as
data (the front end words the columns and draws the pictures)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from referee.speech import Person


@dataclass(frozen=True)
class Placing:
    """One line of the standings."""

    rank: int
    player: Person
    score: Fraction
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[Fraction, ...]
    withdrawn: bool
    seed: int
    """Rank by rating when the tournament started (1 = the highest)."""


@dataclass(frozen=True)
class Table:
    """One game of a round as the bracket shows it: who sat where and how they placed."""

    round: int
    players: tuple[Person, ...]
    seeds: tuple[int, ...]
    places: tuple[int, ...] | None
    match_id: int | None
    tiebreak: bool = False


@dataclass(frozen=True)
class TournamentView:
    """What the standings command and the round posts show of a tournament."""

    id: int
    game: str
    format: str
    status: str
    round: int
    rounds: int
    table_size: int
    tiebreaks: tuple[str, ...]
    """The tie-breaks' names, in the order the standings apply them (`referee.pairings`)."""
    placings: tuple[Placing, ...]
    tables: tuple[Table, ...] = ()
    byes: tuple[tuple[int, Person], ...] = ()
    """(round, player) of each bye."""
