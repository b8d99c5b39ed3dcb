"""Arcs And Marks geometry: an exact test of whether two arcs cross or touch.

Setting. Mark i is the point P_i = e^{2πi·i/m} of the unit circle U. Arc (c, k), 1 <= k < m/2,
is the part inside the closed unit disk D of the circle C(c, k) centred on P_c through
P_{c-k} and P_{c+k}; its radius is chord(k), where chord(j) = |P_0 - P_j| = 2 sin(πj/m).
For a whole number j write fold(j) = min(j mod m, m - j mod m), the number of steps between two
marks j apart, so that |P_a - P_b| = chord(fold(a - b)); chord is strictly increasing on
fold's range 0..m/2, so comparing two distances between marks is comparing two integers.

1. The shape of an arc. C(c, k) meets U exactly at P_{c-k} and P_{c+k} (two distinct circles
   share at most two points). Those points cut C(c, k) in two arcs; the one through
   (1 - r)·P_c, a point of the open disk since 0 < r < 2, is the arc. Measure the direction of a
   point P_c + r·e^{iθ} from the direction of the origin (θ = 0 points from P_c to 0). Since
   P_{c+k} - P_c = e^{2πic/m}·e^{πik/m}·2i·sin(πk/m), the endpoints sit at θ = ±w with
   w = π/2 - πk/m, and the arc is exactly the directions |θ| <= w, with 0 < w < π/2.

2. Reduction to one distance range. Let A1 = arc (c1, k1), A2 = arc (c2, k2). Because A1 lies
   in D and A2 = C2 ∩ D, we have A1 ∩ A2 = A1 ∩ C2. The distance from P_{c2} to the points of
   A1 is continuous on a connected set, so it fills an interval [lo, hi], and
       A1 meets A2  <=>  lo <= chord(k2) <= hi.
   With δ = (c2 - c1) mod m and d = chord(fold(δ)), the direction of P_{c2} seen from P_{c1}
   is ψ = πδ/m - π/2 (same computation as in 1), |ψ| <= π/2. For x = P_{c1} + r1·e^{iθ},
   |x - P_{c2}|² = r1² + d² - 2·r1·d·cos(θ - ψ), and |θ - ψ| <= w1 + |ψ| < π on A1, so the
   distance grows with |θ - ψ|. Hence
   - hi is the larger distance from P_{c2} to the endpoints P_{c1±k1}: an integer comparison,
     chord(k2) <= hi  <=>  k2 <= max(fold(δ - k1), fold(δ + k1));
   - if |ψ| <= w1, i.e. k1 <= δ <= m - k1 (integers), lo = |d - r1|, attained at the point of
     A1 nearest P_{c2}; there δ' = fold(δ) >= k1 so d >= r1, and chord(k2) >= lo reads
       sin(πk1/m) + sin(πk2/m) >= sin(πδ'/m)                                      (*)
     (equality: the circles are externally tangent, at a point of A1, so inside D);
   - otherwise lo is the smaller endpoint distance: k2 >= min(fold(δ - k1), fold(δ + k1)).
   A shared endpoint mark gives lo or hi = chord(k2) exactly, hence a touch; crossings,
   tangency and same centre (d = 0: they meet only when k1 = k2) all follow from the same
   rule, with no special case. The main circle never enters, as it is not an arc.

3. Exactness. Everything above is integer arithmetic except (*), the sign of
   v = sin(πa/m) + sin(πb/m) - sin(πc/m), which is exactly zero for some m (m = 6: a = b = 1,
   c = 3, two unit circles touching at the centre; whenever 3 | m: sin(π/3 - x) + sin x =
   sin(π/3 + x)). Decision:
   - v is evaluated in fixed point: integers scaled by 2^200 (π by Machin's formula with 24
     guard bits, each sine by its Taylor series run until the term is 0). Every floor division
     errs by less than one unit; π is within 2 units, each angle πj/m within 3, and each sine
     within 2^9 (about 30 terms of at most 3 units each, damped by factors below 1), so v is
     within ERROR_UNITS = 2^12 units, i.e. 2^-188.
   - If |v| > SIGN_THRESHOLD = 2^70 units (2^-130), v is provably nonzero and has that sign.
   - Else v is decided exactly in Q(ζ) with ζ = e^{iπ/m}, a primitive 2m-th root of unity:
     2i·sin(πj/m) = ζ^j - ζ^{-j}, so v = 0 iff the integer polynomial
     x^a - x^{2m-a} + x^b - x^{2m-b} - x^c + x^{2m-c} is divisible by the cyclotomic
     polynomial Φ_{2m} (ζ's minimal polynomial). If it is zero, (*) holds with equality; if it
     is not, precision was insufficient and ArithmeticError is raised. The tests run every
     triple for m <= 60: the smallest nonzero |v| is about 4.4e-5 (2^-14.5), so the bound
     above holds with a margin of more than 100 bits, and only exact zeros reach Φ_{2m}.
The answer depends only on (m, δ, k1, k2), so each is computed once and cached.
"""

from __future__ import annotations

from functools import cache

BITS = 200
"""Fixed-point sines are integers scaled by 2^BITS."""
GUARD = 24
ERROR_UNITS = 1 << 12
"""A bound on the error of sin(πa/m) + sin(πb/m) - sin(πc/m), in units of 2^-BITS."""
SIGN_THRESHOLD = 1 << 70
"""|v| above this (2^-130 in real terms) is provably nonzero: far above ERROR_UNITS."""


def fold(j: int, m: int) -> int:
    """The number of steps between two marks j apart around m marks (0..m//2)."""
    j %= m
    return min(j, m - j)


def max_k(m: int) -> int:
    """The largest legal k for m marks (k < m/2)."""
    return (m - 1) // 2


def arcs_meet(m: int, c1: int, k1: int, c2: int, k2: int) -> bool:
    """True when arcs (c1, k1) and (c2, k2) on m marks cross or touch (exact)."""
    return meets(m, (c2 - c1) % m, k1, k2)


@cache
def meets(m: int, delta: int, k1: int, k2: int) -> bool:
    """True when arc (0, k1) and arc (delta, k2) cross or touch (module docstring, part 2)."""
    near, far = sorted((fold(delta - k1, m), fold(delta + k1, m)))
    if k2 > far:
        return False
    if k1 <= delta <= m - k1:
        return sine_sum_sign(m, k1, k2, fold(delta, m)) >= 0
    return k2 >= near


def tangent(m: int, delta: int, k1: int, k2: int) -> bool:
    """True when arc (0, k1) and arc (delta, k2) touch at a point of tangency inside the disk."""
    # Internal tangency is never inside the disk (its point is the far side of the smaller
    # circle from the other centre, outside the arc's directions), so only d = r1 + r2 counts.
    return sine_sum_sign(m, k1, k2, fold(delta, m)) == 0


@cache
def sine_sum_sign(m: int, a: int, b: int, c: int) -> int:
    """The exact sign (-1, 0, 1) of sin(πa/m) + sin(πb/m) - sin(πc/m)."""
    s = sines(m)
    v = s[a % (2 * m)] + s[b % (2 * m)] - s[c % (2 * m)]
    if abs(v) > SIGN_THRESHOLD:
        return 1 if v > 0 else -1
    if vanishes(m, ((1, a), (1, b), (-1, c))):
        return 0
    raise ArithmeticError(f"cannot decide the sign of a sine sum for m={m} ({a}, {b}, {c})")


def vanishes(m: int, terms: tuple[tuple[int, int], ...]) -> bool:
    """True when the sum of coef·sin(πj/m) over (coef, j) terms is exactly zero."""
    n = 2 * m
    poly = [0] * n
    for coef, j in terms:
        poly[j % n] += coef
        poly[-j % n] -= coef
    return not any(remainder(poly, cyclotomic(n)))


def remainder(poly: list[int], divisor: tuple[int, ...]) -> list[int]:
    """The remainder of an integer polynomial by a monic one (coefficients low degree first)."""
    rest = list(poly)
    deg = len(divisor) - 1
    for top in range(len(rest) - 1, deg - 1, -1):
        q = rest[top]
        if q:
            for i, dc in enumerate(divisor):
                rest[top - deg + i] -= q * dc
    return rest[:deg]


@cache
def cyclotomic(n: int) -> tuple[int, ...]:
    """The coefficients of the n-th cyclotomic polynomial, low degree first."""
    # Φ_n = ∏ (x^d - 1)^μ(n/d) over the divisors d of n: multiply first, then divide exactly.
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    poly = [1]
    for d in divisors:
        if _mobius(n // d) == 1:
            poly = [
                (poly[i - d] if i >= d else 0) - (poly[i] if i < len(poly) else 0)
                for i in range(len(poly) + d)
            ]
    for d in divisors:
        if _mobius(n // d) == -1:
            # q·(x^d - 1) = poly, solved from the lowest degree up.
            q: list[int] = []
            for i in range(len(poly) - d):
                q.append((q[i - d] if i >= d else 0) - poly[i])
            poly = q
    return tuple(poly)


def _mobius(n: int) -> int:
    result, p = 1, 2
    while p * p <= n:
        if n % p == 0:
            n //= p
            if n % p == 0:
                return 0
            result = -result
        p += 1
    return -result if n > 1 else result


@cache
def sines(m: int) -> tuple[int, ...]:
    """sin(πj/m) in units of 2^-BITS for j = 0..2m-1, each within 2^9 units of the truth."""
    pi = _pi()
    half = [_sin(pi * j // m) for j in range(m // 2 + 1)]
    # sin(π(m - j)/m) = sin(πj/m) and sin(π(m + j)/m) = -sin(πj/m): reuse the first quarter.
    first = [half[min(j, m - j)] for j in range(m + 1)]
    return tuple(first + [-first[j - m] for j in range(m + 1, 2 * m)])


@cache
def _pi() -> int:
    # Machin: π = 16·atan(1/5) - 4·atan(1/239), with GUARD extra bits dropped at the end.
    bits = BITS + GUARD
    return (16 * _atan_inverse(5, bits) - 4 * _atan_inverse(239, bits)) >> GUARD


def _atan_inverse(n: int, bits: int) -> int:
    term = (1 << bits) // n
    total, i, sign = 0, 1, 1
    while term:
        total += sign * (term // i)
        term //= n * n
        i += 2
        sign = -sign
    return total


def _sin(x: int) -> int:
    x2 = (x * x) >> BITS
    total, term, i = 0, x, 1
    while term:
        total += term
        term = -((term * x2) >> BITS) // ((i + 1) * (i + 2))
        i += 2
    return total
