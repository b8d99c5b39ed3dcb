"""Numerical Card Game's arithmetic: what a reveal scores, and whether any point is left."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

from rules.base import Phrase

Pile = tuple[int, ...]
"""A multiset of cards 1..m: a sorted tuple, repeats allowed."""


def outcome(x: int, y: int) -> tuple[int, int, str]:
    """Points of the two players and where the cards go: "back", "exchange" or "moldy"."""
    if x == y == 1:
        return 2, 2, "back"
    if x == 1 or y == 1:
        return 2 * (x == 1), 2 * (y == 1), "exchange"
    if x == y:
        return 2, 2, "moldy"
    if y % x == 0 or x % y == 0:
        return 2 * (y % x == 0), 2 * (x % y == 0), "moldy"
    if math.gcd(x, y) > 1:
        return 1, 1, "moldy"
    return 0, 0, "exchange"


def reason(x: int, y: int) -> Phrase:
    """Why a reveal scores as it does, in a few words."""
    g = math.gcd(x, y)
    if x == y:
        return Phrase("both played 1") if x == 1 else Phrase("equal cards")
    if x == 1 or y == 1:
        return Phrase("one card is 1")
    if g in (x, y):
        return Phrase("{low} divides {high}", low=min(x, y), high=max(x, y))
    if g > 1:
        return Phrase("gcd {gcd}, neither divides the other", gcd=g)
    return Phrase("coprime")


@cache
def prime_factors(n: int) -> tuple[int, ...]:
    """The distinct primes dividing n."""
    out, q = [], 2
    while q * q <= n:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    return (*out, n) if n > 1 else tuple(out)


def no_points_left(piles: Iterable[Pile]) -> bool:
    """True when no 1 is left and all cards together are pairwise coprime (equal cards > 1 not)."""
    seen: set[int] = set()
    for pile in piles:
        for card in pile:
            # A repeated card > 1 shares all its primes with itself, so it is caught here too.
            if card == 1 or seen.intersection(prime_factors(card)):
                return False
            seen.update(prime_factors(card))
    return True
