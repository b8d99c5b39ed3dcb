"""Who placed where in a finished game: the one rule for better totals, ties and seats that left."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum


class Verdict(Enum):
    """What a result line says, before a front end or a board words it."""

    WIN = "win"
    """One winner of two players, and the score ('alice wins 2-1')."""
    WIN_WITH = "win_with"
    """One winner of more, and their total ('alice wins with 12')."""
    DRAW = "draw"
    """Two players level, and the score ('draw 1-1')."""
    DRAW_WITH = "draw_with"
    """Several of more players level, and their total."""
    SCORED = "scored"
    """The one player of a one-player game, and their total."""
    GAVE_UP = "gave_up"
    """The one player of a one-player game left: no score to name."""


def placements(scores: Sequence[int], left: Collection[int], lowest_wins: bool) -> tuple[int, ...]:
    """Each seat's place, 1 the best: tied seats share a place and the next is skipped (1, 1,
    3); seats that left come after every seat that stayed, placed among themselves by total."""
    sign = 1 if lowest_wins else -1
    keys = [(seat in left, sign * total) for seat, total in enumerate(scores)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


@dataclass(frozen=True)
class Result:
    """How a finished game ended, as data: each seat's total and place, and who left and why."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    left: tuple[tuple[int, str], ...] = ()
    """The seats that left before the end, in the order they left, each with the record's
    reason (`rules.record.REASONS`)."""

    @classmethod
    def of(
        cls, scores: Sequence[int], left: Sequence[tuple[int, str]], lowest_wins: bool
    ) -> Result:
        """The result of final totals, given who left and whether the lowest total wins."""
        gone = {seat for seat, _ in left}
        return cls(tuple(scores), placements(scores, gone, lowest_wins), tuple(left))

    @property
    def players(self) -> int:
        """How many seats the game had."""
        return len(self.places)

    @property
    def gone(self) -> frozenset[int]:
        """The seats that left before the end."""
        return frozenset(seat for seat, _ in self.left)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats placed first that stayed to the end: several on a draw, none when the one
        player of a one-player game gave up."""
        return tuple(s for s, place in enumerate(self.places) if place == 1 and s not in self.gone)

    @property
    def order(self) -> tuple[int, ...]:
        """The seats from the best placed down (tied seats in seat order)."""
        return tuple(sorted(range(self.players), key=lambda s: (self.places[s], s)))

    @property
    def drawn(self) -> bool:
        """True when several seats share first place."""
        return len(self.winners) > 1

    def tally(self) -> str:
        """The totals from the best placed down, as a score is said: '2-1', '1-1', '12-9-4'."""
        return "-".join(str(self.scores[s]) for s in self.order)

    def verdict(self) -> tuple[Verdict, tuple[int, ...], int | str]:
        """What the result line says: its kind, the seats it names and the score it gives
        (the tally between two players, else the winners' total)."""
        winners = self.winners
        if self.players == 1:
            return (
                (Verdict.GAVE_UP, (0,), "") if self.left else (Verdict.SCORED, (0,), self.scores[0])
            )
        if self.players == 2:
            kind = Verdict.WIN if len(winners) == 1 else Verdict.DRAW
            return kind, winners, self.tally()
        kind = Verdict.WIN_WITH if len(winners) == 1 else Verdict.DRAW_WITH
        return kind, winners, self.scores[winners[0]]
