"""Heuristic knowledge of Labyrinthine Loop: the offense grows the tree toward the longest loop
it can later close, the other seats toward short ones."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from players.heuristic_knowledge import Knowledge
from rules.base import Game, Move, Seat
from rules.labyrinthine_geometry import move_text, neighbours, tree_path
from rules.labyrinthine_loop import UNREACHED, offense

DEPTH_WEIGHT = 0.01
"""How much a new dot's depth in the tree counts, among moves that close no longer loop yet:
deep branches are where long loops come from."""
FIRST = 12
"""First segments weighed (every first segment is much like the others)."""


def depth(parent: Sequence[int], dot: int) -> int:
    """How many segments lie between a dot and the round's first dot."""
    steps = 0
    while parent[dot] != dot:
        dot = parent[dot]
        steps += 1
    return steps


@lru_cache(maxsize=256)
def longest_loop(n: int, parent: tuple[int, ...]) -> int:
    """The most dots a loop closed now could have: the longest tree path between two
    adjacent reached dots not joined directly (0 when there is none)."""
    best = 0
    for a, near in enumerate(neighbours(n)):
        if parent[a] == UNREACHED:
            continue
        for b in near:
            if b > a and parent[b] != UNREACHED and parent[a] != b and parent[b] != a:
                best = max(best, len(tree_path(parent, a, b)))
    return best


def depths(parent: Sequence[int], order: Sequence[int]) -> list[int]:
    """Each reached dot's depth in the tree, from the dots in the order they were reached (a
    dot's parent was reached before it); -1 for a dot not reached."""
    out = [-1] * len(parent)
    for dot in order:
        out[dot] = 0 if parent[dot] == dot else out[parent[dot]] + 1
    return out


def path_dots(parent: Sequence[int], deep: Sequence[int], a: int, b: int) -> int:
    """How many dots the tree path from a to b has (both reached), by climbing from the deeper."""
    dots = 1
    while a != b:
        if deep[a] >= deep[b]:
            a = parent[a]
        else:
            b = parent[b]
        dots += 1
    return dots


def expected_loop(s: Any, offense_moves: bool) -> int:
    """The loop the round's offense may expect to close: the longest it could close now, or a
    longer one through a dot still to be reached. Each such dot is worth the longest loop its
    segment could make, to whoever draws it: the offense grows it from its best neighbour, the
    other seats from the one that makes the shortest loop. At the offense's move it takes the
    best dot; at another seat's, that seat spoils the best and the offense takes the next."""
    n, parent = s.n, s.parent
    now = longest_loop(n, parent)
    if s.reached < 2 or s.reached == n * n:
        return now
    deep = depths(parent, s.order)
    near = neighbours(n)
    worth: list[tuple[int, int]] = []
    for dot in range(n * n):
        if parent[dot] != UNREACHED:
            continue
        reached = [a for a in near[dot] if parent[a] != UNREACHED]
        if len(reached) < 2:
            continue
        loops = [1 + max(path_dots(parent, deep, a, b) for b in reached if b != a) for a in reached]
        worth.append((max(loops), min(loops)))
    if not worth:
        return now
    worth.sort(reverse=True)
    if offense_moves:
        return max(now, worth[0][0])
    return max(now, worth[0][1], worth[1][0] if len(worth) > 1 else 0)


def loop_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """A growth segment is worth to the offense how much it lengthens the longest loop it
    could close (and, a little, the new dot's depth); to every other seat the opposite."""
    if after.round != before.round or before.reached < 2:
        return 0.0  # a closing move (scored in the gain) or the first segment
    n, parent = after.n, after.parent
    dot = after.order[-1]
    grown = max(
        (
            len(tree_path(parent, dot, other))
            for other in neighbours(n)[dot]
            if parent[other] != UNREACHED and parent[dot] != other
        ),
        default=0,
    )
    value = max(grown - longest_loop(n, before.parent), 0) + DEPTH_WEIGHT * depth(parent, dot)
    return value if seat == offense(before) else -value


def loop_candidates(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> list[Move]:
    """Every growth or closing segment; a seeded handful of first segments."""
    moves = list(game.legal(state, seat))
    if state.reached:
        return moves
    centre = (state.n // 2) * state.n + state.n // 2
    near = {move_text(state.n, centre, b) for b in neighbours(state.n)[centre]}
    rng.shuffle(moves)
    return sorted(near) + [m for m in moves[:FIRST] if m not in near]


LABYRINTH = Knowledge(candidates=loop_candidates, outlook=loop_outlook)
