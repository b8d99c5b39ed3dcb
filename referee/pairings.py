"""Tournaments without Discord: who plays whom each round, and the standings, per format.

Pure and deterministic: no I/O, no clock, no randomness; the same entrants and games give the
same pairing in every process. The formats are declared once, in FORMATS; each one's method is
described in its own module (referee.swiss, referee.round_robin, referee.knockout), and the
scoring and tie-breaks in referee.tiebreaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.knockout import Knockout
from referee.pairing_types import Byes, Entrant, Format, Pairing, Played, Row
from referee.round_robin import RoundRobin
from referee.swiss import Swiss
from referee.tiebreaks import seat_scores

FORMATS: dict[str, Format] = {f.name: f for f in (Swiss(), RoundRobin(), Knockout())}
"""Every tournament format by its name: 'swiss', 'round-robin', 'knockout'."""


def champion(rows: Sequence[Row]) -> int | None:
    """The entrant ranked first alone in final standings; None when first place is shared."""
    top = [r.entrant for r in rows if r.rank == 1]
    return top[0] if len(top) == 1 else None


__all__ = [
    "FORMATS",
    "Byes",
    "Entrant",
    "Format",
    "Pairing",
    "Played",
    "Row",
    "champion",
    "seat_scores",
]
