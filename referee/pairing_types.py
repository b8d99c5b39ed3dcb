"""The data a tournament's formats read and return: entrants, games, a round's pairing, a row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

Byes = Sequence[tuple[int, int]]
"""The byes given so far, as (round, entrant)."""


@dataclass(frozen=True)
class Entrant:
    """One entry of a tournament: its number (1..n), its seeding rating, and when it left."""

    id: int
    rating: float
    withdrawn: int | None = None
    """The round after which the entrant withdrew (0 = before round 1); None = still in."""

    def active(self, round: int) -> bool:
        """True when the entrant is still in for this round."""
        return self.withdrawn is None or round <= self.withdrawn


@dataclass(frozen=True)
class Played:
    """One game of a tournament, finished or not."""

    round: int
    table: tuple[int, ...]
    """Entrant ids in seat order."""
    places: tuple[int, ...] | None
    """The finishing place of each seat, 1 = best, ties share a place; None = not over yet."""
    forfeit: bool = False
    """Decided without play: the entrants present beat the withdrawn ones, who come last."""
    tiebreak: bool = False
    """A knockout tie-break game, the replay of a drawn table."""


@dataclass(frozen=True)
class Pairing:
    """Who plays whom in one round."""

    tables: tuple[tuple[int, ...], ...]
    """Each table's entrant ids in seat order, the top table first."""
    byes: tuple[int, ...] = ()
    """Entrants who sit this round out with a bye (worth a full point)."""
    forfeits: tuple[Played, ...] = ()
    """Games of this round decided without play, against a withdrawn entrant."""


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    entrant: int
    rank: int
    """1 = first; entrants equal on score and on every tie-break share a rank."""
    score: Fraction
    played: int
    """Games played; byes and forfeits are not."""
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[Fraction, ...]
    """In the order of the format's tiebreak_names."""
    forfeits: int = 0
    """Games decided without play, won or lost."""


class Format(Protocol):
    """A tournament format: how many rounds, who plays whom, what to replay, the standings."""

    name: str
    tiebreak_names: tuple[str, ...]
    eliminates: bool
    """Whether a table's losers leave (a bye then takes its entrant on to the next round)."""

    def rounds(self, entrants: int, table: int, asked: int | None) -> int:
        """How many rounds a tournament of this many entrants has (knockout: its stages)."""
        ...

    def pair(
        self,
        entrants: Sequence[Entrant],
        games: Sequence[Played],
        byes: Byes,
        round: int,
        table: int,
    ) -> Pairing:
        """Who plays whom in this round, from every game and bye so far."""
        ...

    def replays(
        self, entrants: Sequence[Entrant], games: Sequence[Played], round: int, table: int
    ) -> tuple[tuple[int, ...], ...]:
        """Tables to play again before this round is complete (knockout tie-breaks)."""
        ...

    def standings(
        self, entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes, table: int
    ) -> list[Row]:
        """The standings, best first."""
        ...


def check_field(entrants: int, table: int) -> None:
    """Refuse a tournament that cannot seat a single table."""
    if table < 2:
        raise ValueError(f"a table seats at least 2, not {table}")
    if entrants < table:
        raise ValueError(f"{entrants} entrants cannot fill a table of {table}")


def stages_for(entrants: int, table: int) -> int:
    """The fewest rounds r with table^r >= entrants: ceil(log_table(entrants))."""
    rounds, reach = 0, 1
    while reach < entrants:
        rounds, reach = rounds + 1, reach * table
    return rounds
