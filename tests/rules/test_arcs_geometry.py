"""Arcs And Marks geometry: the exact test against an independent high-precision computation."""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from functools import cache

import pytest

from rules import arcs_geometry as g
from rules.arcs_geometry import arcs_meet, fold, max_k, meets, sine_sum_sign, tangent

# The independent method: the marks' coordinates from decimal cos/sin (not the chord formula),
# the two circles' intersection points in closed form, then "is a point in the closed disk".
DIGITS = 60
NEAR = 10**30
"""A quantity below 1/NEAR at 60 digits is an exact zero (tangency, or a point on the circle)."""
CLEAR = 1e-6
"""Every other quantity must be at least this far from zero: no grey zone in between."""


def _dsin_cos(x: Decimal, digits: int) -> tuple[Decimal, Decimal]:
    s, c, term, i = Decimal(0), Decimal(0), Decimal(1), 0
    while abs(term) > Decimal(10) ** -(digits + 5):
        if i % 4 == 0:
            c += term
        elif i % 4 == 1:
            s += term
        elif i % 4 == 2:
            c -= term
        else:
            s -= term
        i += 1
        term = term * x / i
    return s, c


@cache
def marks(m: int, digits: int) -> tuple[tuple[Decimal, Decimal], ...]:
    """Mark i at (cos 2πi/m, sin 2πi/m), to `digits` digits."""
    with localcontext() as ctx:
        ctx.prec = digits + 10
        # π as 6·asin(1/2) (a different series from the module's Machin formula).
        pi = 6 * _asin_half(digits + 10)
        out = []
        for i in range(m):
            s, c = _dsin_cos(2 * pi * i / m, digits)
            out.append((c, s))
        return tuple(out)


def _asin_half(digits: int) -> Decimal:
    x = Decimal(1) / 2
    total, term, n = Decimal(0), x, 0
    while term > Decimal(10) ** -(digits + 5):
        total += term / (2 * n + 1)
        term = term * x * x * (2 * n + 1) / (2 * n + 2)
        n += 1
    return total


@cache
def scaled_marks(m: int, digits: int) -> tuple[tuple[int, int], ...]:
    """The marks' coordinates as integers in units of 10^-digits."""
    scale = 10**digits
    with localcontext() as ctx:
        ctx.prec = digits + 10
        return tuple((int(x * scale), int(y * scale)) for x, y in marks(m, digits))


def numeric_meet(
    m: int, c1: int, k1: int, c2: int, k2: int, digits: int = DIGITS
) -> tuple[bool, float, str, float]:
    """(meet?, smallest decisive margin, "tangent"/"on circle"/"", the near-zero residue)."""
    # Coordinates come from decimal trigonometry; the rest is integer arithmetic in units of
    # S = 10^-digits, exact but for the final square root and divisions (errors of 1e-60).
    one2, one4 = 10 ** (2 * digits), 10 ** (4 * digits)
    pts = scaled_marks(m, digits)
    (x1, y1), (x2, y2) = pts[c1], pts[c2]
    (ex1, ey1), (ex2, ey2) = pts[(c1 + k1) % m], pts[(c2 + k2) % m]
    r1sq = (ex1 - x1) ** 2 + (ey1 - y1) ** 2  # the radii from the marks, not from chords
    r2sq = (ex2 - x2) ** 2 + (ey2 - y2) ** 2
    dx, dy = x2 - x1, y2 - y1
    dsq = dx * dx + dy * dy
    if dsq == 0:
        return r1sq == r2sq, 1.0, "", 0.0
    # Intersection points: P1 + a·u ± h·u⊥ with u = (P2 - P1)/d and a = (d² + r1² - r2²)/2d;
    # a2 = 2·a·d and h4 = 4·h²·d² keep everything integral.
    a2 = dsq + r1sq - r2sq
    h4 = 4 * r1sq * dsq - a2 * a2
    if abs(h4) <= one4 // NEAR:
        bx, by = (2 * x1 * dsq + a2 * dx) // (2 * dsq), (2 * y1 * dsq + a2 * dy) // (2 * dsq)
        out = bx * bx + by * by - one2
        return out < 0, abs(out) / one2, "tangent", abs(h4) / one4
    if h4 < 0:
        return False, -h4 / one4, "", 0.0
    h2 = math.isqrt(h4)  # 2·h·d
    margin, kind, inside, residue = h4 / one4, "", False, 0.0
    for sign in (1, -1):
        px = (2 * x1 * dsq + a2 * dx - sign * h2 * dy) // (2 * dsq)
        py = (2 * y1 * dsq + a2 * dy + sign * h2 * dx) // (2 * dsq)
        out = px * px + py * py - one2
        if abs(out) <= one2 // NEAR:
            kind, inside, residue = "on circle", True, abs(out) / one2
        else:
            margin = min(margin, abs(out) / one2)
            inside = inside or out < 0
    return inside, margin, kind, residue


def exactly_tangent(m: int, delta: int, k1: int, k2: int) -> bool:
    """d = r1 + r2 or d = |r1 - r2|, decided in the cyclotomic field."""
    d = fold(delta, m)
    sums = ((1, k1), (1, k2), (-1, d)), ((1, k1), (1, d), (-1, k2)), ((1, k2), (1, d), (-1, k1))
    return d > 0 and any(g.vanishes(m, terms) for terms in sums)


def all_arcs(m: int) -> list[tuple[int, int]]:
    """Every arc (c, k) of m marks."""
    return [(c, k) for c in range(m) for k in range(1, max_k(m) + 1)]


def test_every_pair_up_to_24_against_numeric() -> None:
    """For m = 3..24 and every ordered pair of arcs, both methods agree; exact zeros are exact."""
    smallest, tangencies, shared = 1.0, 0, 0
    for m in range(3, 25):
        arcs = all_arcs(m)
        # Both sides are run on every pair, not one per rotation, so a slip in how either
        # method reduces a pair to its relative position would show.
        for c1, k1 in arcs:
            for c2, k2 in arcs:
                inside, margin, kind, _ = numeric_meet(m, c1, k1, c2, k2)
                assert arcs_meet(m, c1, k1, c2, k2) == inside, (m, c1, k1, c2, k2)
                if kind == "tangent":
                    tangencies += 1
                    assert exactly_tangent(m, (c2 - c1) % m, k1, k2), (m, c1, k1, c2, k2)
                    assert tangent(m, (c2 - c1) % m, k1, k2) == inside, (m, c1, k1, c2, k2)
                elif kind == "on circle":
                    shared += 1
                    ends1 = {(c1 - k1) % m, (c1 + k1) % m}
                    assert ends1 & {(c2 - k2) % m, (c2 + k2) % m}, (m, c1, k1, c2, k2)
                else:
                    assert not tangent(m, (c2 - c1) % m, k1, k2)
                smallest = min(smallest, margin)
    assert smallest > CLEAR, smallest
    assert tangencies > 0 and shared > 0


def test_relative_pairs_for_large_m_against_numeric() -> None:
    """For m = 25..60, arc (0, k1) against every arc (c, k2): both methods agree."""
    # Up to rotation this is every pair; each m's exact answers were checked on every pair
    # for m <= 24 above, so a rotation slip would already show there.
    for m in range(25, 61):
        for c2, k2 in all_arcs(m):
            for k1 in range(1, max_k(m) + 1):
                inside, margin, kind, _ = numeric_meet(m, 0, k1, c2, k2)
                assert meets(m, c2, k1, k2) == inside, (m, k1, c2, k2)
                assert (kind == "tangent" and inside) == tangent(m, c2, k1, k2), (m, k1, c2, k2)
                if kind == "tangent":
                    assert exactly_tangent(m, c2, k1, k2), (m, k1, c2, k2)
                assert margin > CLEAR, (m, k1, c2, k2, margin)


def test_near_zeros_stay_zero_at_higher_precision() -> None:
    """The exact tangencies up to 24 stay below 1e-100 at 130 digits: they are true zeros."""
    for m in (6, 12, 18, 24):
        for c2, k2 in all_arcs(m):
            for k1 in range(1, max_k(m) + 1):
                if tangent(m, c2, k1, k2):
                    _, _, kind, residue = numeric_meet(m, 0, k1, c2, k2, digits=130)
                    assert kind == "tangent"
                    assert residue < 1e-100


def test_symmetric() -> None:
    """Meeting does not depend on which arc is drawn first, nor on a rotation."""
    for m in range(3, 61):
        top = max_k(m)
        for d in range(m):
            for k1 in range(1, top + 1):
                for k2 in range(1, top + 1):
                    assert meets(m, d, k1, k2) == meets(m, -d % m, k2, k1)
        assert arcs_meet(m, 5, 1, 7, 1) == arcs_meet(m, 0, 1, 2, 1)


def test_known_cases() -> None:
    """Shared end marks, hand-derived tangencies, nested arcs and crossings."""
    # m=6, arcs (0,1) and (3,1): unit circles centred on opposite marks touch at the centre.
    assert tangent(6, 3, 1, 1) and arcs_meet(6, 0, 1, 3, 1)
    # m=12: sin 45° + sin 15° = sin 75°, so arcs (0,3) and (5,1) touch (r1 + r2 = d) though
    # their end marks 9, 3 and 4, 6 do not interleave.
    assert tangent(12, 5, 3, 1) and arcs_meet(12, 0, 3, 5, 1) and arcs_meet(12, 5, 1, 0, 3)
    assert not arcs_meet(12, 0, 2, 5, 1)  # a smaller arc at mark 0 misses it
    # m=9: sin 20° + sin 40° = sin 80°, so circles (0,1) and (2,4) are internally tangent,
    # but at a point outside the disk: the arcs do not meet.
    assert g.vanishes(9, ((1, 1), (1, 2), (-1, 4)))
    assert not arcs_meet(9, 0, 1, 2, 4) and not tangent(9, 2, 1, 4)
    # m=8, a shared end mark 2: arcs (0,2) (ends 6, 2) and (3,1) (ends 2, 4).
    assert arcs_meet(8, 0, 2, 3, 1) and arcs_meet(8, 3, 1, 0, 2)
    # Same centre: concentric circles never meet.
    assert not arcs_meet(8, 0, 1, 0, 3)
    # m=12, nested: arc (0,1) (ends 11, 1) lies in the cap cut off by arc (1,3) (ends 10, 4).
    assert not arcs_meet(12, 0, 1, 1, 3)
    # m=12, side by side: (0,1) and (3,1), ends 11, 1 and 2, 4.
    assert not arcs_meet(12, 0, 1, 3, 1)
    # m=8, crossing once: ends 7, 1 and 0, 2 interleave.
    assert arcs_meet(8, 0, 1, 1, 1)
    # m=8, crossing twice with no interleaving: arc (0,1) (r = 0.765, innermost point 0.235 from
    # the centre) and arc (4,2) (ends 2, 6, r = √2 around mark 4): mark 4 is 1.235 from that
    # innermost point but 2·sin(3π/8) = 1.848 from the ends 7 and 1.
    assert arcs_meet(8, 0, 1, 4, 2)


def test_exact_sign_and_fixed_point() -> None:
    """The fixed-point sines are right, and the sign test gives 0 only on exact identities."""
    for m in (3, 7, 12, 60):
        for j, s in enumerate(g.sines(m)):
            assert abs(s / 2**g.BITS - math.sin(math.pi * j / m)) < 1e-15
    assert g.SIGN_THRESHOLD > 1000 * g.ERROR_UNITS
    assert sine_sum_sign(6, 1, 1, 3) == 0  # 1/2 + 1/2 = 1
    assert sine_sum_sign(30, 9, 5, 3) != 0
    assert sine_sum_sign(30, 9, -3, 5) == 0  # cos 36° - cos 72° = 1/2 (m=30: 9π/30 = 54°)
    assert g.vanishes(60, ((1, 18), (-1, 6), (-1, 10)))  # same identity at m=60
    assert not g.vanishes(7, ((1, 1), (1, 2), (-1, 3)))
    assert fold(-1, 8) == 1 and fold(5, 8) == 3 and fold(4, 8) == 4


def test_smallest_nonzero_sine_sum_is_far_from_zero() -> None:
    """Every sign decision up to m=60 has a huge margin, or is an exact identity."""
    smallest = 1 << 400
    for m in range(3, 61):
        s = g.sines(m)
        for a in range(1, m // 2 + 1):
            for b in range(a, m // 2 + 1):
                for c in range(1, m // 2 + 1):
                    v = abs(s[a] + s[b] - s[c])
                    if v > g.SIGN_THRESHOLD:
                        smallest = min(smallest, v)
                    else:
                        assert sine_sum_sign(m, a, b, c) == 0
    assert smallest / 2**g.BITS > 1e-5


@pytest.mark.parametrize("m", [6, 9, 12, 15, 30, 60])
def test_tangencies_occur_when_3_divides_m(m: int) -> None:
    """sin(π/3 - x) + sin(x) = sin(π/3 + x): each such triple is a touch."""
    third = m // 3
    for j in range(1, third):
        assert tangent(m, third + j, third - j, j) and arcs_meet(m, 0, third - j, third + j, j)
