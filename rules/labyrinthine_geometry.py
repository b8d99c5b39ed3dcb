"""Labyrinthine Loop's grid of dots: king adjacency, dot and segment names, tree paths."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rules.base import Move

COLUMNS = "abcdefghijklmnopqrstuvwxyz"


@cache
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """The king-adjacent dots of every dot of an n×n grid."""
    out = []
    for r in range(n):
        for c in range(n):
            out.append(
                tuple(
                    (r + dr) * n + c + dc
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                )
            )
    return tuple(out)


@cache
def pairs(n: int) -> tuple[tuple[int, int], ...]:
    """Every pair of adjacent dots once, each as (lower, higher) index."""
    return tuple((a, b) for a, near in enumerate(neighbours(n)) for b in near if a < b)


def dot_name(n: int, dot: int) -> str:
    """The name of a dot: column letter, then row number from the top, e.g. b2."""
    return f"{COLUMNS[dot % n]}{dot // n + 1}"


def move_text(n: int, a: int, b: int) -> Move:
    """The canonical text of a segment of adjacent dots: its two dots, by column then row."""
    return texts(n)[0][(a, b)]


@cache
def texts(n: int) -> tuple[dict[tuple[int, int], Move], dict[Move, tuple[int, int]]]:
    """Canonical segment texts by dot pair (both orders), and the dot pair by canonical text."""
    by_pair, by_text = {}, {}
    for a, b in pairs(n):
        first, second = sorted((a, b), key=lambda d: (d % n, d // n))
        text = f"{dot_name(n, first)} {dot_name(n, second)}"
        by_pair[a, b] = by_pair[b, a] = text
        by_text[text] = (first, second)
    return by_pair, by_text


def tree_path(parent: Sequence[int], a: int, b: int) -> list[int]:
    """The dots of the tree path from a to b, both included (O(number of dots))."""
    up_a = [a]
    while parent[up_a[-1]] != up_a[-1]:
        up_a.append(parent[up_a[-1]])
    where = {d: i for i, d in enumerate(up_a)}
    up_b = [b]
    while up_b[-1] not in where:
        up_b.append(parent[up_b[-1]])
    return up_a[: where[up_b[-1]]] + up_b[::-1]


def joined(parent: Sequence[int], a: int, b: int) -> bool:
    """True when a segment of the tree joins a and b (two different dots) directly."""
    return parent[a] == b or parent[b] == a
