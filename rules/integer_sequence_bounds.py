"""Size bounds of An Integer Sequence Game, for the exact solver (rules/integer_sequence_solver.py).

Notation: m(k) = r(k)·m(k-1) + C(k), P(j,k) = r(j+1)···r(k), E(j,k) = m(k) - P(j,k)·m(j) =
Σ_{j<i≤k} C(i)·P(i,k); a source j is a move whose m(j) divides m(n), h = m(j) its score, and
t = E(j,n)/h a whole number (t ≥ 1 once C(j+1) ≥ 1, since then E(j,n) > 0).

At a node d (m = m(d), C = C(d+1) = c, R the numbers left, S the moves d+1..j, p = r(j+1) the
pivot and B the moves after it):
- h ≤ m(j) ≤ P(S)·(m(d) + δ), h ≤ E(j,n) ≤ P(B)·η and h² ≤ m(j)·E(j,n) ≤ (m(d) + δ)·P(R)·η/p,
  where δ and η are sums of (C + q)/(product of the q smallest numbers left), C growing by at
  most one per move. A last number x = p* (the best pivot) forces another pivot. All of these
  grow with m(d): reach_floor is the least m(d) that passes them.
- Ceiling: with c ≥ 1, a source k ≥ 1 moves later has m(d)·(product of the k smallest numbers
  left) ≤ m(j) = h ≤ E(j,n) ≤ ((c+k)·H + H1)·(product of the n-1-k largest): reach_ceiling.
- Floats are inflated by MARGIN, far above their rounding error.
"""

from __future__ import annotations

from math import inf, prod

MARGIN = 1.000001
"""Float bounds are inflated by this factor (far above the rounding error of a few operations)."""


def _sums(values: list[int]) -> tuple[float, float]:
    """(H, H1) = (Σ_q 1/sp(q), Σ_q q/sp(q)) with sp(q) the product of the q smallest values."""
    h, h1, t = 1.0, 0.0, 1.0
    for q, v in enumerate(values, 1):
        t *= v
        h += 1.0 / t
        h1 += q / t
    return h, h1


class SetInfo:
    """Size data of a set of numbers still to be circled."""

    __slots__ = tuple("dh dh1 h h1 h1p h1px hp hpx n pf prod pstar qo qo1 qs qs1 top vals".split())  # noqa: SIM905

    def __init__(self, mask: int) -> None:
        vals = [v for v in range(mask.bit_length()) if mask >> v & 1]
        self.vals = vals
        self.n = len(vals)
        self.prod = prod(vals)
        self.pf = float(self.prod)
        top = [1.0]
        for v in reversed(vals):
            top.append(top[-1] * v)
        self.top = top
        self.h, self.h1 = _sums(vals)
        # The pivot p = r(j+1): η/p ≤ (c·H(R\p) + H1(R\p))/p; keep the best p and the best other.
        per_p = sorted(
            (
                (hh / p, hh1 / p, p)
                for p in vals
                for hh, hh1 in [_sums([v for v in vals if v != p])]
            ),
            reverse=True,
        )
        self.hp = per_p[0][0] if per_p else 0.0
        self.h1p = max((x[1] for x in per_p), default=0.0)
        self.pstar = per_p[0][2] if per_p else -1
        self.hpx = per_p[1][0] if len(per_p) > 1 else 0.0
        self.h1px = max((x[1] for x in per_p[1:]), default=0.0)
        # δ = c·dh + dh1; reach_floor uses P·(C·hp + h1p) = C·qo + qo1
        self.dh, self.dh1 = self.h - 1.0, self.h1 - self.h + 1.0
        self.qo, self.qo1 = self.pf * self.hp, self.pf * self.h1p
        self.qs, self.qs1 = self.pf * self.hpx, self.pf * self.h1px


def _last_source(c: int, s: SetInfo, goal: float) -> int:
    """The largest k < n for which E(j,n), n-1-k moves after the pivot, can reach goal (or 0)."""
    n, top, h, h1 = s.n, s.top, s.h, s.h1
    for k in range(n - 1, 0, -1):
        if ((c + k) * h + h1) * top[n - 1 - k] >= goal:
            return k
    return 0


def reach_floor(c: int, s: SetInfo, sig_other: int, sig_star: int) -> float:
    """The least m = m(d) from which a source after this node (C = c) can give the score needed."""
    # sig_star is needed when the last number is s.pstar (then the pivot is another number),
    # sig_other when it is any other. With md = m + δ and k the last source E(j,n) allows, a
    # source needs md·top[k] ≥ σ (m(j) reaches σ by then) and md·P·(C(j+1)·H/p + H1/p) ≥ σ²
    # (h² ≤ m(j)·E(j,n), C(j+1) ≤ c + k); both sides grow with m, so one floor decides.
    if min(sig_other, sig_star) <= c + s.n:
        return -inf  # tiny thresholds (a source at n-1 scores up to C(n))
    floor = inf
    for sigma, qa, qb in ((sig_other, s.qo, s.qo1), (sig_star, s.qs, s.qs1)):
        goal = (sigma - 1.0) / MARGIN
        k = _last_source(c, s, goal)
        q = (c + k) * qa + qb
        if k and q > 0:
            floor = min(floor, max(goal / s.top[k], goal * goal / q))
    return floor - (c * s.dh + s.dh1)


def reach_ceiling(c: int, s: SetInfo) -> float:
    """The most m = m(d) from which a source k ≥ 1 moves later can still divide m(n) (C = c)."""
    # With c ≥ 1, t = E(j,n)/h ≥ 1, so h ≤ E(j,n) ≤ ((c+k)·H + H1)·top[n-1-k], while
    # h = m(j) ≥ m(d)·(product of the k smallest numbers left). c = 0 also allows E = 0.
    if not c:
        return inf
    n, top, h, h1 = s.n, s.top, s.h, s.h1
    best, low = 0.0, 1.0
    for k in range(1, n):
        low *= s.vals[k - 1]
        best = max(best, ((c + k) * h + h1) * top[n - 1 - k] / low)
    return best * MARGIN + 1


def root_bound(s: SetInfo) -> int:
    """A bound on the final score of any game on the set (the same size bounds, from m(0) = 1)."""
    n = s.n
    md = 1 + (s.h1 - s.h + 1.0)
    best = float(n)  # a source at n-1 scores at most C(n) ≤ n-1
    for k in range(1, n):
        a = min(md * s.top[k], (k * s.h + s.h1) * s.top[n - 1 - k])
        best = max(best, min(a, (md * s.pf * (k * s.hp + s.h1p)) ** 0.5))
    return int(best * MARGIN) + 2
