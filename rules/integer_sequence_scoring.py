"""Scores of one-player games of An Integer Sequence Game, for the exact solver."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from rules.primes import is_prime

Order = tuple[int, ...]


class Composites:
    """A cache of is-composite answers: each value is tested once."""

    def __init__(self) -> None:
        self.known: dict[int, bool] = {}

    def __call__(self, x: int) -> bool:
        known = self.known.get(x)
        if known is None:
            if len(self.known) > 2_000_000:  # about 200 MB
                self.known.clear()
            known = self.known[x] = x > 1 and not is_prime(x)
        return known


def total(order: Iterable[int], composite: Any = None) -> int:
    """The total score of a one-player game that circles `order`."""
    comp = composite or Composites()
    ms, c, score = [1], 0, 0
    for r in order:
        m = r * ms[-1] + c
        best = 1
        for x in ms:
            if x > best and m % x == 0:
                best = x
        score += best
        ms.append(m)
        c += comp(m)
    return score


def brute_force(values: Iterable[int]) -> tuple[int, Order]:
    """The best total over every order of `values` (first best in lexicographic order)."""
    comp = Composites()
    best: tuple[int, Order] = (-1, ())
    for order in itertools.permutations(sorted(values)):
        t = total(order, comp)
        if t > best[0]:
            best = (t, order)
    return best
