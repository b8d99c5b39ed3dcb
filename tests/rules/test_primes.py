"""Primality: exact Miller–Rabin tiers below 3.3·10^24 and BPSW beyond, against known numbers."""

from __future__ import annotations

from math import isqrt

import pytest

from rules.primes import MR_EXACT_BELOW, bpsw, is_composite, is_prime, strong_lucas

LIMIT = 10**5


def sieve(limit: int) -> bytearray:
    """Trial-division truth: flags[n] = 1 when n is prime."""
    flags = bytearray([1]) * limit
    flags[0] = flags[1] = 0
    for p in range(2, isqrt(limit - 1) + 1):
        if flags[p]:
            flags[p * p :: p] = bytes(len(range(p * p, limit, p)))
    return flags


def trial_division_is_prime(n: int) -> bool:
    """Slow and obviously right, for numbers up to about 10^13."""
    if n < 2:
        return False
    return all(n % d for d in range(2, isqrt(n) + 1))


def test_agrees_with_trial_division_below_limit() -> None:
    """is_prime and BPSW alone both agree with a sieve for every n < 10^5."""
    flags = sieve(LIMIT)
    assert [n for n in range(LIMIT) if is_prime(n) != bool(flags[n])] == []
    assert [n for n in range(LIMIT) if bpsw(n) != bool(flags[n])] == []


def test_is_composite() -> None:
    """1 and 0 are neither prime nor composite."""
    assert [n for n in range(12) if is_composite(n)] == [4, 6, 8, 9, 10]
    assert not is_composite(1) and not is_composite(2)


CARMICHAEL = [561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265, 321197185, 5394826801]
STRONG_PSEUDOPRIMES = [
    2047,  # base 2
    1373653,  # bases 2, 3
    25326001,  # bases 2, 3, 5
    3215031751,  # bases 2..7
    2152302898747,  # bases 2..11
    3474749660383,  # bases 2..13
    341550071728321,  # bases 2..17
    3825123056546413051,  # bases 2..23
    318665857834031151167461,  # bases 2..37
    3317044064679887385961981,  # bases 2..41: the first past the exact bound
]


@pytest.mark.parametrize("n", CARMICHAEL + STRONG_PSEUDOPRIMES)
def test_pseudoprimes_are_composite(n: int) -> None:
    """Carmichael numbers and the smallest strong pseudoprimes to the first k prime bases."""
    assert not is_prime(n) and not bpsw(n)


def test_exact_bound_is_the_first_counterexample() -> None:
    """The bound where is_prime switches to BPSW is itself a strong pseudoprime to 2..41."""
    assert STRONG_PSEUDOPRIMES[-1] == MR_EXACT_BELOW


def test_strong_lucas_pseudoprimes() -> None:
    """The Lucas half alone passes its known pseudoprimes (A217255); BPSW still rejects them."""
    flags = sieve(LIMIT)
    found = [n for n in range(3, 60000, 2) if strong_lucas(n) and not flags[n]]
    assert found == [5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519]
    assert not any(bpsw(n) for n in found)


MERSENNE_PRIMES = [2**61 - 1, 2**89 - 1, 2**107 - 1, 2**127 - 1, 2**521 - 1]


@pytest.mark.parametrize("n", MERSENNE_PRIMES)
def test_mersenne_primes(n: int) -> None:
    """Mersenne primes on both sides of the exact bound."""
    assert is_prime(n) and bpsw(n)


@pytest.mark.parametrize("e", [11, 23, 67, 101, 103, 109, 137, 139, 149])
def test_composite_mersenne_numbers(e: int) -> None:
    """2^e - 1 for prime e is composite for these e (2^67 - 1 = 193707721 · 761838257287)."""
    assert not is_prime(2**e - 1)


def test_products_of_two_large_primes() -> None:
    """p·q with p, q near 10^12 (checked by trial division), and products beyond 10^24."""
    p, q = 1_000_000_000_039, 1_000_000_000_061
    assert trial_division_is_prime(p) and trial_division_is_prime(q)
    assert is_prime(p) and is_prime(q)
    assert p * q < MR_EXACT_BELOW and not is_prime(p * q)
    big = [(2**89 - 1) * (2**107 - 1), (2**127 - 1) * p, (2**61 - 1) * q, (2**127 - 1) ** 2]
    assert all(n > MR_EXACT_BELOW and not is_prime(n) and not bpsw(n) for n in big)
    assert not is_prime(p * p) and not bpsw((2**61 - 1) ** 2)


def test_primes_near_the_exact_bound() -> None:
    """Around 3.3·10^24 the two methods agree on every odd number of a window."""
    start = MR_EXACT_BELOW - 2000
    for n in range(start | 1, MR_EXACT_BELOW + 2000, 2):
        assert is_prime(n) == bpsw(n), n
