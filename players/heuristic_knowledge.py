"""What the heuristic players know of each game beyond its rules: which moves are worth
weighing, what a seat may expect of the others' sealed choices, and a positional estimate
where a step's immediate gain is usually zero."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import Game, Move, Seat

Candidates = Callable[[Game[Any], Any, Seat, random.Random], list[Move]]
"""(game, state, seat, rng) -> the seat's moves worth weighing (canonical, legal, distinct)."""
Choices = Callable[[Game[Any], Any, Seat, random.Random], list[tuple[Move, float]]]
"""(game, state, seat, rng) -> what a seat may play at a sealed step, with weights: the model
another seat uses of it, built from what that other seat may know."""
Outlook = Callable[[Game[Any], Any, Any, Seat, random.Random], float]
"""(game, before, after, seat, rng) -> what a step changed of the seat's prospects, in points
(higher is better, lowest-wins games included), for a step that does not end the game."""


@dataclass(frozen=True)
class Knowledge:
    """One game's hooks; a hook left out falls back to the rules contract alone."""

    candidates: Candidates | None = None
    choices: Choices | None = None
    outlook: Outlook | None = None


NOTHING = Knowledge()
"""The knowledge of a game without an entry: its rules alone."""
