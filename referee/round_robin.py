"""Round robin: every entrant meets every other, on a schedule fixed by the entry numbers.

Tables of 2 follow the Berger tables, the circle method: the last slot is fixed (a dummy when
the count is odd, whose opponent has the round's bye) and the others turn round a circle by half
its length each round, so that each entrant's seat alternates nearly every round. n - 1 rounds
for n even, n for n odd.

Tables of k > 2 seat every k-subset of the entrants once: round after round, the subsets left
are taken in lexicographic order whenever they share nobody with the tables already taken that
round. At each table the entrant who has sat ahead least so far takes the first seat (ties by
entry number). Entrants without a table that round have a bye.

The schedule reads entry numbers only, never ratings, so it never changes once begun. From the
round after an entrant withdraws, its scheduled games are forfeits: the entrants present beat
it; a table of withdrawn entrants only is not played at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from referee.pairing_types import Byes, Entrant, Pairing, Played, Row, check_field
from referee.tiebreaks import standings

MOST_TABLES = 60
"""The most k-subsets a round robin at tables of k > 2 schedules."""

Schedule = tuple[tuple[tuple[int, ...], ...], ...]
"""Rounds of tables, each table in seat order."""


def berger(ids: tuple[int, ...]) -> Schedule:
    """The Berger tables of these entrants (tables of 2), byes left out."""
    slots: list[int | None] = [*ids, None] if len(ids) % 2 else list(ids)
    fixed, ring = slots[-1], slots[:-1]
    size, half = len(slots), len(slots) // 2
    rounds = []
    for r in range(size - 1):
        at = [ring[(i + r * half) % (size - 1)] for i in range(size - 1)]
        # The fixed slot's game swaps seats every round; the others keep their circle side.
        tables = [(at[0], fixed) if r % 2 == 0 else (fixed, at[0])]
        tables += [(at[i], at[size - 1 - i]) for i in range(1, half)]
        rounds.append(tuple((a, b) for a, b in tables if a is not None and b is not None))
    return tuple(rounds)


def subsets(ids: tuple[int, ...], table: int) -> Schedule:
    """Every k-subset of these entrants once, in rounds of disjoint tables."""
    if comb(len(ids), table) > MOST_TABLES:
        raise ValueError(
            f"a round robin of {len(ids)} at tables of {table} has "
            f"{comb(len(ids), table)} tables, more than {MOST_TABLES}"
        )
    left = list(combinations(ids, table))
    lead = {e: Fraction(0) for e in ids}
    rounds = []
    while left:
        taken: list[tuple[int, ...]] = []
        busy: set[int] = set()
        for group in left:
            if busy.isdisjoint(group):
                taken.append(group)
                busy.update(group)
        left = [g for g in left if g not in taken]
        seated = []
        for group in taken:
            order = tuple(sorted(group, key=lambda e: (lead[e], e)))
            for seat, e in enumerate(order):
                lead[e] += Fraction(table - 1 - 2 * seat, table - 1)
            seated.append(order)
        rounds.append(tuple(seated))
    return tuple(rounds)


def schedule(ids: tuple[int, ...], table: int) -> Schedule:
    """The whole schedule of a round robin of these entrants (sorted) at tables of `table`."""
    check_field(len(ids), table)
    return berger(ids) if table == 2 else subsets(ids, table)


class RoundRobin:
    """The round robin format: everyone meets everyone once."""

    name = "round-robin"
    tiebreak_names: tuple[str, ...] = ("head-to-head", "sonneborn-berger")
    eliminates = False

    def rounds(self, entrants: int, table: int, asked: int | None) -> int:
        """As many rounds as the schedule needs; `asked` is ignored."""
        return len(schedule(tuple(range(1, entrants + 1)), table))

    def pair(
        self,
        entrants: Sequence[Entrant],
        games: Sequence[Played],
        byes: Byes,
        round: int,
        table: int,
    ) -> Pairing:
        """This round's tables of the schedule, its byes, and its forfeits."""
        everyone = schedule(tuple(sorted(e.id for e in entrants)), table)
        if not 1 <= round <= len(everyone):
            raise ValueError(f"round {round} is not among the {len(everyone)} rounds")
        active = {e.id for e in entrants if e.active(round)}
        tables, forfeits = [], []
        for group in everyone[round - 1]:
            present = [e for e in group if e in active]
            if len(present) == len(group):
                tables.append(group)
            elif present:
                places = tuple(1 if e in active else 2 for e in group)
                forfeits.append(Played(round, group, places, forfeit=True))
        seated = {e for group in everyone[round - 1] for e in group}
        return Pairing(
            tables=tuple(tables),
            byes=tuple(sorted(active - seated)),
            forfeits=tuple(forfeits),
        )

    def replays(
        self, entrants: Sequence[Entrant], games: Sequence[Played], round: int, table: int
    ) -> tuple[tuple[int, ...], ...]:
        """Nothing: a round robin's draw stands."""
        return ()

    def standings(
        self, entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes, table: int
    ) -> list[Row]:
        """By score, then head-to-head among those level on score, then Sonneborn-Berger."""
        return standings(entrants, games, byes, self.tiebreak_names)
