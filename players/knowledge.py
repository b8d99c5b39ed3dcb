"""Optional per-game speed-ups for playouts: a random legal move drawn without listing every
legal move. A game without an entry here is played through `Game.sample` alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.base import Move, Seat
from rules.labyrinthine_geometry import joined, move_text, neighbours, pairs
from rules.labyrinthine_loop import UNREACHED

Sampler = Callable[[Any, Seat, random.Random], Move]

TRIES = 12
"""Random dots (or dot pairs) tried before a sampler scans for a legal one."""


def labyrinth_move(s: Any, seat: Seat, rng: random.Random) -> Move:
    """A random legal segment of Labyrinthine Loop: a first segment, a growth from the tree
    to a new dot (found from a random new dot next to the tree), or a closing pair."""
    n, parent, reached = s.n, s.parent, s.reached
    size = n * n
    if reached == 0 or reached == size:
        every = pairs(n)
        for _ in range(TRIES if reached else 1):
            a, b = every[int(rng.random() * len(every))]
            if reached == 0 or not joined(parent, a, b):
                return move_text(n, a, b)
        return move_text(n, *rng.choice([p for p in every if not joined(parent, *p)]))
    near = neighbours(n)
    for _ in range(TRIES):
        b = int(rng.random() * size)
        if parent[b] == UNREACHED:
            grown = [a for a in near[b] if parent[a] != UNREACHED]
            if grown:
                return move_text(n, grown[int(rng.random() * len(grown))], b)
    frontier = [
        b for b in range(size) if parent[b] == UNREACHED and any(parent[a] >= 0 for a in near[b])
    ]
    b = rng.choice(frontier)
    return move_text(n, rng.choice([a for a in near[b] if parent[a] != UNREACHED]), b)


SAMPLERS: dict[str, Sampler] = {"labyrinthine-loop": labyrinth_move}
"""Fast random-move samplers by game slug (each gives canonical legal moves only)."""
