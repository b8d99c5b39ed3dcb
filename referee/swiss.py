"""Swiss pairing: entrants of like score meet, and nobody meets the same opponent twice.

The method, for tables of k (2 being the usual case):
1. Rank the entrants still in by score, then rating, then entry number (descending, descending,
   ascending). Round 1, where every score is 0, is thus ranked by rating.
2. Byes: when the count is not a multiple of k, n mod k entrants sit out: those without a bye
   yet (when everyone has had one, those with the fewest), the lowest-ranked first. The lowest
   such set for whom the rest can be paired without a repeat is taken; if there is none, the
   lowest set all the same.
3. Tables, top down: the highest unseated entrant's score group (the unseated of its score) is
   split into k equal parts after the lowest (size mod k) float down to the next group, and the
   "fold" seats the top of each part together (at tables of 2: 1 v m+1, 2 v m+2 … in a group of
   2m). A group smaller than a table is topped up with the highest of the next group (a floater
   meets the top of the group below). Those are the first choice; the search then tries the
   rest of the group (the bottom part first, from its top down, then the top part from its
   bottom up) and then everyone lower, backtracking on any pairing that seats two entrants who
   have already met at a table.
4. Only if no repeat-free pairing exists does the search allow repeats, the fewest possible.
   The search may try STEPS tables in a round; past that (large, dense fields at tables of
   more than 2, far beyond the default rounds), it seats each table greedily, top down, with
   the fewest repeats.
5. Seats: at each table the entrant who has sat ahead least so far takes the first seat
   (colours at tables of 2), the higher-ranked one when level.

Everything is ordered, so the same games give the same pairing in every process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, count

from referee.pairing_types import Byes, Entrant, Pairing, Played, Row, check_field, stages_for
from referee.tiebreaks import seat_lead, standings, tally

Table = tuple[int, ...]


def met_pairs(games: Iterable[Played]) -> set[frozenset[int]]:
    """Every pair of entrants who have sat at one table."""
    return {frozenset(p) for g in games for p in combinations(g.table, 2)}


STEPS = 100_000
"""How many tables one round's search may try before it settles for the greedy seating."""
# Counted, not timed, so that every process stops at the same place and pairs alike.


class OutOfSteps(Exception):
    """The search has tried all the tables it may."""


class Search:
    """The backtracking search for the tables of one round, at most `budget` repeats allowed."""

    def __init__(self, score: dict[int, Fraction], met: set[frozenset[int]], table: int) -> None:
        self.score, self.met, self.table = score, met, table
        self.steps = STEPS
        self.failed: set[tuple[Table, int]] = set()
        """Remaining entrants (in rank order) and budgets already shown to have no seating."""

    def fewest_repeats(self, order: Table) -> list[Table]:
        """The seating with the fewest repeats, the fold's first; greedy if out of steps."""
        try:
            for budget in count():
                found = self.seat(order, budget)
                if found is not None:
                    return found
        except OutOfSteps:
            pass
        return self.greedy(order)

    def greedy(self, order: Table) -> list[Table]:
        """Top down, each table with the fewest repeats, the fold's choice among equals."""
        tables: list[Table] = []
        while order:
            top = order[0]
            others = min(
                combinations(self.preference(order), self.table - 1),
                key=lambda o: self.repeats((top, *o)),
            )
            tables.append((top, *others))
            order = tuple(e for e in order[1:] if e not in others)
        return tables

    def seat(self, remaining: Table, budget: int) -> list[Table] | None:
        """Tables for the remaining entrants (ranked) with at most `budget` repeated pairs."""
        if not remaining:
            return []
        if (remaining, budget) in self.failed:
            return None
        if self.least_repeats(remaining) <= budget:
            top = remaining[0]
            for others in combinations(self.preference(remaining), self.table - 1):
                self.steps -= 1
                if self.steps < 0:
                    raise OutOfSteps
                cost = self.repeats((top, *others))
                if cost > budget:
                    continue
                rest = tuple(e for e in remaining[1:] if e not in others)
                found = self.seat(rest, budget - cost)
                if found is not None:
                    return [(top, *others), *found]
        self.failed.add((remaining, budget))
        return None

    def repeats(self, table: Table) -> int:
        """How many pairs at this table have met before."""
        return sum(frozenset(p) in self.met for p in combinations(table, 2))

    def least_repeats(self, remaining: Table) -> int:
        """A lower bound on the repeats of any seating of these entrants."""
        short = 0
        for e in remaining:
            fresh = sum(frozenset((e, o)) not in self.met for o in remaining if o != e)
            short += max(0, self.table - 1 - fresh)
        # Whoever has fewer fresh opponents left than a table has other seats repeats at least
        # the difference, and one repeated pair makes up for two entrants' shortfall at most.
        return (short + 1) // 2

    def preference(self, remaining: Table) -> list[int]:
        """The top entrant's possible table-mates, the fold's choice first."""
        group = [e for e in remaining if self.score[e] == self.score[remaining[0]]]
        if len(group) < self.table:
            return list(remaining[1:])
        group = group[: len(group) - len(group) % self.table]
        part = len(group) // self.table
        fold = group[part::part][: self.table - 1]
        near = [e for e in group[part:] if e not in fold] + group[1:part][::-1]
        lower = [e for e in remaining if e not in group]
        return fold + near + lower


def choose(
    order: Table,
    score: dict[int, Fraction],
    met: set[frozenset[int]],
    had: Mapping[int, int],
    k: int,
) -> tuple[Table, list[Table]]:
    """The byes and tables of a round, from the ranking and the byes each entrant has had."""
    search = Search(score, met, k)
    sitting = len(order) % k
    if not sitting:
        return (), search.fewest_repeats(order)
    # The fewest byes first, the lowest-ranked first among equals (the sort is stable).
    needy = sorted(order[::-1], key=lambda e: had.get(e, 0))
    first = tuple(needy[:sitting])
    level = had.get(first[-1], 0)
    must = tuple(e for e in first if had.get(e, 0) < level)
    tier = [e for e in needy if had.get(e, 0) == level]
    try:
        for chosen in combinations(tier, sitting - len(must)):
            byes = (*must, *chosen)
            found = search.seat(tuple(e for e in order if e not in byes), 0)
            if found is not None:
                return byes, found
    except OutOfSteps:
        pass
    return first, search.fewest_repeats(tuple(e for e in order if e not in first))


class Swiss:
    """The Swiss format: about log(n) rounds of entrants of like score, no repeats."""

    name = "swiss"
    tiebreak_names: tuple[str, ...] = ("buchholz", "sonneborn-berger")
    eliminates = False

    def rounds(self, entrants: int, table: int, asked: int | None) -> int:
        """ceil(log_table(n)) rounds unless asked, never more than (n - 1) / (table - 1)."""
        check_field(entrants, table)
        if asked is None:
            return max(1, stages_for(entrants, table))
        if asked < 1:
            raise ValueError(f"a tournament has at least 1 round, not {asked}")
        # Each round meets table - 1 new opponents at best: beyond this, repeats are certain.
        return max(1, min(asked, (entrants - 1) // (table - 1)))

    def pair(
        self,
        entrants: Sequence[Entrant],
        games: Sequence[Played],
        byes: Byes,
        round: int,
        table: int,
    ) -> Pairing:
        """The tables and byes of this round, from the games and byes of the rounds before."""
        before = [g for g in games if g.round < round]
        byes_before = [(r, e) for r, e in byes if r < round]
        tallies = tally(entrants, before, byes_before)
        active = [e for e in entrants if e.active(round)]
        check_field(len(active), table)
        ranked = sorted(active, key=lambda e: (-tallies[e.id].score, -e.rating, e.id))
        order = tuple(e.id for e in ranked)
        score = {e: t.score for e, t in tallies.items()}
        had = Counter(e for _, e in byes_before)
        sitting, tables = choose(order, score, met_pairs(before), had, table)
        lead, rank = seat_lead(before), {e: i for i, e in enumerate(order)}
        seated = tuple(
            tuple(sorted(t, key=lambda e: (lead.get(e, Fraction(0)), rank[e]))) for t in tables
        )
        return Pairing(tables=seated, byes=tuple(sorted(sitting, key=rank.__getitem__)))

    def replays(
        self, entrants: Sequence[Entrant], games: Sequence[Played], round: int, table: int
    ) -> tuple[tuple[int, ...], ...]:
        """Nothing: a Swiss table's draw stands."""
        return ()

    def standings(
        self, entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes, table: int
    ) -> list[Row]:
        """By score, then Buchholz, then Sonneborn-Berger."""
        return standings(entrants, games, byes, self.tiebreak_names)
