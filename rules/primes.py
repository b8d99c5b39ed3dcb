"""Primality of big integers, exact where it is proven and BPSW beyond.

- n < 3,317,044,064,679,887,385,961,981 (about 3.3·10^24): Miller–Rabin with the first 13 prime
  bases 2, 3, ..., 41 is deterministic (Sorenson and Webster 2015: that bound is the smallest
  strong pseudoprime to all 13 bases), so the answer is exact.
- Beyond: Baillie–PSW, a strong base-2 Miller–Rabin test plus a strong Lucas test with
  Selfridge's parameters (method A). No BPSW pseudoprime is known, none exists below 2^64, and
  it is the test behind most "is prime" functions of computer algebra systems; it is not a proof.
"""

from __future__ import annotations

from math import isqrt

SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71)
MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
MR_EXACT_BELOW = 3_317_044_064_679_887_385_961_981
"""Miller–Rabin with MR_BASES is exact for every n below this (the first counterexample)."""
MR_TIERS = (
    (3_215_031_751, 4),
    (3_474_749_660_383, 6),
    (341_550_071_728_321, 7),
    (3_825_123_056_546_413_051, 9),
    (318_665_857_834_031_151_167_461, 12),
    (MR_EXACT_BELOW, 13),
)
"""(bound, k): the first k prime bases suffice below bound (OEIS A014233), to save time."""


def _strong_probable_prime(n: int, base: int, d: int, s: int) -> bool:
    """Strong Fermat test of odd n > 2 to one base, with n - 1 = d·2^s, d odd."""
    x = pow(base, d, n)
    if x == 1 or x == n - 1:
        return True
    for _ in range(s - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def _jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0."""
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def _strong_lucas_probable_prime(n: int) -> bool:
    """Strong Lucas test of odd n > 2 that is not a square (Selfridge method A for D, P, Q)."""
    d = 5
    while True:
        j = _jacobi(d, n)
        if j == -1:
            break
        if j == 0 and abs(d) != n:
            return False
        d = -d - 2 if d > 0 else -d + 2
    p, q = 1, (1 - d) // 4
    # n + 1 = k·2^s with k odd; walk the bits of k with U, V and Q^k.
    k, s = n + 1, 0
    while k % 2 == 0:
        k //= 2
        s += 1
    u, v, qk = 1, p, q % n  # U_1, V_1, Q^1
    inv2 = (n + 1) // 2
    for bit in bin(k)[3:]:
        u, v = u * v % n, (v * v - 2 * qk) % n  # doubling: U_2m, V_2m
        qk = qk * qk % n
        if bit == "1":
            u, v = (p * u + v) * inv2 % n, (d * u + p * v) * inv2 % n
            qk = qk * q % n
    if u == 0 or v == 0:
        return True
    for _ in range(s - 1):
        v = (v * v - 2 * qk) % n
        qk = qk * qk % n
        if v == 0:
            return True
    return False


def is_prime(n: int) -> bool:
    """True when n is prime: exact below 3.3·10^24, BPSW (no known counterexample) beyond."""
    if n < 2:
        return False
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    if n < SMALL_PRIMES[-1] ** 2:
        return True
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for bound, k in MR_TIERS:
        if n < bound:
            return all(_strong_probable_prime(n, b, d, s) for b in MR_BASES[:k])
    return _strong_probable_prime(n, 2, d, s) and _lucas_part(n)


def _lucas_part(n: int) -> bool:
    return isqrt(n) ** 2 != n and _strong_lucas_probable_prime(n)


def bpsw(n: int) -> bool:
    """The Baillie–PSW test alone, at any size (is_prime uses it above 3.3·10^24)."""
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    if n < 9:
        return True
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    return _strong_probable_prime(n, 2, d, s) and _lucas_part(n)


def strong_lucas(n: int) -> bool:
    """The strong Lucas probable-prime test alone (for odd n > 2), exposed for testing."""
    return _lucas_part(n)


def is_composite(n: int) -> bool:
    """True when n > 1 is not prime (1 is neither prime nor composite)."""
    return n > 1 and not is_prime(n)
