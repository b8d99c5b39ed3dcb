"""What a finished or cut-off game is worth to each seat, and what one step gained."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

from rules.base import Game, Seat

WIN_WEIGHT = 0.75
"""The share of a reward that is the result (1 for a sole best seat, split on ties); the rest
rewards the score margin, so a search still learns when every playout ends the same way."""


class Judge:
    """Rewards of the seats still in the game (a resigned seat cannot win: it gets 0)."""

    def __init__(
        self,
        game: Game[Any],
        players: int,
        resigned: Collection[Seat],
        cut_spread: float | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.staying = tuple(seat for seat in range(players) if seat not in resigned)
        self.sign = -1 if game.lowest_wins else 1
        self.scale = 1.0
        """The largest margin seen so far: margins are measured against it."""
        self.cut_spread = cut_spread
        """Where given, a cut playout's result is a logistic of the lead over this spread."""

    def rewards(self, totals: Sequence[float], cut: bool = False) -> list[float]:
        """Each seat's reward in [0, 1] for these totals: final, or where a playout was cut."""
        sign, staying = self.sign, self.staying
        signed = totals
        out = [0.0] * self.players
        if not staying:
            return out
        values = [sign * signed[seat] for seat in staying]
        order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
        top = values[order[0]]
        second = values[order[1]] if len(order) > 1 else 0
        tied = sum(1 for v in values if v == top)
        margins = [v - (second if i == order[0] else top) for i, v in enumerate(values)]
        widest = max(abs(d) for d in margins)
        if widest > self.scale:
            self.scale = float(widest)
        scale, spread = self.scale, self.cut_spread if cut else None
        for i, seat in enumerate(staying):
            if spread:
                won = 1.0 / (1.0 + math.exp(-margins[i] / spread))
            else:
                won = 1.0 / tied if values[i] == top else 0.0
            out[seat] = WIN_WEIGHT * won + (1 - WIN_WEIGHT) * (0.5 + 0.5 * margins[i] / scale)
        return out


def gain(game: Game[Any], before: Any, after: Any, seat: Seat) -> float:
    """What a step gained a seat: its own score change (negated where lowest wins) less the
    best change of any other seat."""
    sign = -1 if game.lowest_wins else 1
    old, new = game.scores(before), game.scores(after)
    deltas = [sign * (b - a) for a, b in zip(old, new, strict=True)]
    others = [d for i, d in enumerate(deltas) if i != seat]
    return float(deltas[seat] - max(others, default=0))
