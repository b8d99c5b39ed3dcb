"""Knockout: a seeded bracket where each table's winner goes on, until one entrant is left.

Seeds follow the rating (then the entry number): seed 1 is the highest. The bracket has k^r
slots, the fewest that hold everyone, and r stages. Its first-stage order is the standard one,
built recursively so that the top seeds meet as late as possible: at tables of 2, a bracket of
2m replaces each seed s of the bracket of m by s and 2m + 1 - s (1 v 8, 4 v 5, 2 v 7, 3 v 6); at
tables of k, by the serpentine s, 2m + 1 - s, 2m + s, 4m + 1 - s, … Empty slots are byes, so the
top seeds go through the first stage without playing; a table left with fewer entrants than k,
but at least 2, plays as it is.

A table's winner is its first place alone. When first place is shared, `replays` asks once for
a tie-break game of those sharing it, seats reversed; if that is shared again, the higher seed
goes on (a third game could be drawn too, and the seeding is known before play). An entrant who
withdraws is out from the next stage: its opponent there goes on by forfeit (a game in progress
when it withdrew is resigned by the caller and counts as played).

The standings rank by the stage reached alone (the champion first, then the finalist, then the
losers of each stage sharing a rank), listed by seed within a rank; scores are shown, not ranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from referee.pairing_types import Byes, Entrant, Pairing, Played, Row, check_field, stages_for
from referee.tiebreaks import ranked, tally


def seeding_order(stages: int, table: int) -> list[int]:
    """The seeds of a bracket of table^stages slots, in first-stage order."""
    order, span = [1], 1
    for _ in range(stages):
        order = [
            j * span + s if j % 2 == 0 else (j + 1) * span + 1 - s
            for s in order
            for j in range(table)
        ]
        span *= table
    return order


def seeds(entrants: Sequence[Entrant]) -> dict[int, int]:
    """Each entrant's seed: 1 for the highest rating, the lower entry number first when level."""
    by_rating = sorted(entrants, key=lambda e: (-e.rating, e.id))
    return {e.id: i for i, e in enumerate(by_rating, 1)}


def find(
    games: Sequence[Played], round: int, members: Sequence[int], tiebreak: bool
) -> Played | None:
    """The latest game of this round between exactly these entrants, of the kind asked."""
    wanted = set(members)
    found = [
        g for g in games if g.round == round and g.tiebreak == tiebreak and set(g.table) == wanted
    ]
    return found[-1] if found else None


def firsts(game: Played) -> list[int]:
    """The entrants sharing first place of a finished game, in seat order."""
    assert game.places is not None
    return [e for e, p in zip(game.table, game.places, strict=True) if p == min(game.places)]


def winner(
    games: Sequence[Played], round: int, table: Sequence[int], seed: dict[int, int]
) -> int | None:
    """Who goes on from a table of this stage; None while undecided."""
    main = find(games, round, table, tiebreak=False)
    if main is None or main.places is None:
        return None
    level = firsts(main)
    if len(level) == 1:
        return level[0]
    replay = find(games, round, level, tiebreak=True)
    if replay is None or replay.places is None:
        return None
    return min(firsts(replay), key=seed.__getitem__)


@dataclass(frozen=True)
class Stage:
    """One stage of the bracket as the games so far decide it."""

    round: int
    slots: tuple[int | None, ...]
    """The entrants in the bracket at this stage, by slot; None for an empty slot."""
    pairing: Pairing
    going_on: tuple[int | None, ...]
    """The slots of the next stage; None for an empty one, or one still being played for."""
    decided: bool


def bracket(entrants: Sequence[Entrant], games: Sequence[Played], table: int) -> list[Stage]:
    """The stages so far: each one decided, but the last, which may still be playing."""
    check_field(len(entrants), table)
    seed = seeds(entrants)
    by_seed = {s: e for e, s in seed.items()}
    by_id = {e.id: e for e in entrants}
    slots = tuple(by_seed.get(s) for s in seeding_order(stages_for(len(entrants), table), table))
    stages: list[Stage] = []
    while len(slots) > 1:
        round = len(stages) + 1
        tables, byes, forfeits, going_on = [], [], [], []
        decided = True
        for at in range(0, len(slots), table):
            real = sorted(
                (e for e in slots[at : at + table] if e is not None), key=seed.__getitem__
            )
            present = [e for e in real if by_id[e].active(round)]
            if len(present) >= 2:
                tables.append(tuple(present))
                won = winner(games, round, present, seed)
                decided = decided and won is not None
                going_on.append(won)
                continue
            if len(present) == 1 and len(real) == 1:
                byes.append(present[0])
            elif present:
                places = tuple(1 if e in present else 2 for e in real)
                forfeits.append(Played(round, tuple(real), places, forfeit=True))
            going_on.append(present[0] if present else None)
        pairing = Pairing(tuple(tables), tuple(byes), tuple(forfeits))
        stages.append(Stage(round, slots, pairing, tuple(going_on), decided))
        if not decided:
            break
        slots = tuple(going_on)
    return stages


class Knockout:
    """The knockout format: a seeded bracket, each table's winner going on."""

    name = "knockout"
    tiebreak_names: tuple[str, ...] = ("round-reached",)
    eliminates = True

    def rounds(self, entrants: int, table: int, asked: int | None) -> int:
        """The stages of the bracket, log_table of its size; `asked` is ignored."""
        check_field(entrants, table)
        return stages_for(entrants, table)

    def pair(
        self,
        entrants: Sequence[Entrant],
        games: Sequence[Played],
        byes: Byes,
        round: int,
        table: int,
    ) -> Pairing:
        """This stage's tables, byes and forfeits, once the stage before is decided."""
        stages = bracket(entrants, games, table)
        if not 1 <= round <= self.rounds(len(entrants), table, None):
            raise ValueError(f"round {round} is not a stage of this bracket")
        if round > len(stages):
            raise ValueError(f"round {round - 1} is not decided yet")
        return stages[round - 1].pairing

    def replays(
        self, entrants: Sequence[Entrant], games: Sequence[Played], round: int, table: int
    ) -> tuple[tuple[int, ...], ...]:
        """The tie-break games this stage still needs: drawn tables not replayed yet."""
        stages = bracket(entrants, games, table)
        if round > len(stages):
            return ()
        out = []
        for seated in stages[round - 1].pairing.tables:
            main = find(games, round, seated, tiebreak=False)
            if main is None or main.places is None:
                continue
            level = firsts(main)
            if len(level) > 1 and find(games, round, level, tiebreak=True) is None:
                out.append(tuple(reversed(level)))
        return tuple(out)

    def standings(
        self, entrants: Sequence[Entrant], games: Sequence[Played], byes: Byes, table: int
    ) -> list[Row]:
        """By the stage reached (the champion's is one past the final), then by seed."""
        stages = bracket(entrants, games, table)
        reached: dict[int, int] = {}
        for stage in stages:
            reached.update((e, stage.round) for e in stage.slots if e is not None)
        last = stages[-1]
        if last.decided and last.round == self.rounds(len(entrants), table, None):
            reached.update((e, last.round + 1) for e in last.going_on if e is not None)
        keys = {e: (Fraction(r),) for e, r in reached.items()}
        return ranked(tally(entrants, games, byes), keys, keys, after=seeds(entrants))
