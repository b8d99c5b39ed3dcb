"""The compiled Miller–Rabin test agrees with rules.primes over the whole 64-bit range."""

from __future__ import annotations

import itertools
import random

from rules.primes import is_prime
from solver.core import Core

HARD = [
    561,
    1105,
    1729,
    2047,
    3215031751,
    2152302898747,
    3474749660383,
    341550071728321,
    3825123056546413051,
    318665857834031151167461 % (1 << 64),
    18446744073709551557,
    18446744073709551615,
    4611686014132420609,
    1000000000000000003,
    999999999999999989,
]
"""Carmichael numbers, strong pseudoprimes to the first bases, primes and squares near 2^64."""


def test_small_numbers(core: Core) -> None:
    """Every number below 20,000 is classified as the pure test does."""
    for n in range(20_000):
        assert core.is_prime(n) == is_prime(n), n


def test_hard_cases(core: Core) -> None:
    """Pseudoprimes to some of the bases, and numbers at the top of the range."""
    for n in HARD:
        assert core.is_prime(n) == is_prime(n), n


def test_strong_pseudoprimes_to_base_two_are_composite(core: Core) -> None:
    """The composites that pass base 2 (the first or only base of every set) are found out."""
    found = 0
    for n in range(3481, 1_000_000, 2):
        d, s = n - 1, 0
        while not d & 1:
            d, s = d >> 1, s + 1
        x = pow(2, d, n)
        passes_base_two = x in (1, n - 1) or any(pow(x, 1 << i, n) == n - 1 for i in range(1, s))
        if passes_base_two and not is_prime(n):
            found += 1
            assert not core.is_prime(n), n
    assert found > 40  # 46 below a million (OEIS A001262)


def test_numbers_at_the_bounds_of_the_base_sets(core: Core) -> None:
    """Odd numbers on either side of each bound where the core changes its set of bases."""
    for bound in (
        341531,
        1050535501,
        350269456337,
        55245642489451,
        7999252175582851,
        585226005592931977,
    ):
        for n in range(bound - 2001, bound + 2001, 2):
            assert core.is_prime(n) == is_prime(n), n


def test_random_numbers_of_every_size(core: Core) -> None:
    """Random numbers of every bit length, and products of two primes (the hard composites)."""
    rng = random.Random(5)
    for bits in range(2, 65):
        for _ in range(40):
            n = rng.getrandbits(bits) | 1
            assert core.is_prime(n) == is_prime(n), n
    primes = [p for p in (rng.getrandbits(31) | 1 for _ in range(400)) if is_prime(p)]
    for p, q in itertools.pairwise(primes):
        assert not core.is_prime(p * q)
        assert core.is_prime(p)
