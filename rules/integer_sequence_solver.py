"""Exact a(n) for An Integer Sequence Game: the best total of a one-player game on 1..n.

Notation: m(k) = r(k)·m(k-1) + C(k), s(k) the score of move k, P(j,k) = r(j+1)···r(k) and
E(j,k) = m(k) - P(j,k)·m(j) = Σ_{j<i≤k} C(i)·P(i,k): m(j) divides m(k) iff it divides E(j,k).

Every cut is a proof; heuristics only choose what to try first.
- Last move: a game on the set W ending with x totals (a game on W - {x}) + s(n). With U[x] a
  proven bound on the first part, a game reaching T has s(n) ≥ T - U[x]. U[x] comes from the same
  search on the smaller set, memoised by set: either a proof that its best is ≤ T/2, or, when it is
  more, the list of all its games above T/2 (each checked with x appended) and U[x] = T/2.
  With workers, the sets two numbers smaller are collected first (once each) and handed to the
  workers that collect the rests.
- The final score is some h = m(j) with m(j) | m(n). At the node of a source j, t = E(j,n)/h is
  a whole number in a range given by the size of E(j,n) (t = 0 only while no m is composite). For
  each t and each last number x, m(n) = h·(P(j,n) + t) is exact, and the moves after j are
  peeled backward from it: m(i-1) = (m(i) - C(i))/r(i) must be whole, C(i) follows exactly from
  whether the peeled m(i) is composite, and E(j,i) must stay within its size bounds, the lower
  one being E(j,i) ≥ C(j+1)·r(j+2)···r(i) ≥ C(j+1)·P(j,i)/max r.
- Before the source, size bounds prune (rules/integer_sequence_bounds.py): a node is visited
  only if it can be a source itself (its m reaches the threshold and h ≤ E(d,n) can hold) or if
  its m lies between the floor and the ceiling from which a later source can still score enough.
- Sets of at most SMALL numbers are solved by trying every order; primality results are cached.
- a(n) itself: heuristic rounds find a good game G, then one exact search for anything better
  than G (its threshold rises as better games turn up) proves the answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from math import inf
from typing import Any

from rules.integer_sequence_bounds import MARGIN, SetInfo, reach_ceiling, reach_floor, root_bound
from rules.integer_sequence_scoring import Composites, Order, brute_force, total

SMALL = 5
"""Sets this small are solved by trying every order."""
SPLIT = 0.5
"""The final-score threshold aims at SPLIT·T; first parts above (1 - SPLIT)·T are enumerated."""
STEP = 0.8
"""Heuristic rounds lower their target by this factor until a good game is found."""
PARALLEL_FROM = 11
"""Smaller sets are solved in one process even when workers are offered (forking costs more)."""

Gate = tuple[int, float, float, float]
Known = tuple[int, int, list[tuple[int, Order]], int, tuple[int, Order]]
"""A collection on a set: (set, floor, the games at or above it, upper bound, best game)."""


class _Search:
    """Best totals of games on subsets of the numbers, with the bounds that prove them."""

    def __init__(self) -> None:
        self.comp = Composites()
        self.infos: dict[int, SetInfo] = {}
        self.lo: dict[int, tuple[int, Order]] = {}
        self.hi: dict[int, int] = {}
        self.lists: dict[int, tuple[int, list[tuple[int, Order]]]] = {}

    def info(self, mask: int) -> SetInfo:
        """The size data of a set (cached)."""
        s = self.infos.get(mask)
        if s is None:
            s = self.infos[mask] = SetInfo(mask)
        return s

    def _settle_small(self, mask: int) -> None:
        vals = [v for v in range(mask.bit_length()) if mask >> v & 1]
        best = brute_force(vals)
        self.lo[mask], self.hi[mask] = best, best[0]

    def upper(self, mask: int) -> int:
        """A proven upper bound on the best total of a game on the set."""
        h = self.hi.get(mask)
        if h is None:
            if mask.bit_count() <= SMALL:
                self._settle_small(mask)
                return self.hi[mask]
            s = self.info(mask)
            h = max(self.upper(mask & ~(1 << x)) for x in s.vals) + root_bound(s)
            self.hi[mask] = h
        return h

    def lower(self, mask: int) -> tuple[int, Order]:
        """The best game found so far on the set (total 0 and no order if none)."""
        if mask not in self.lo:
            if mask.bit_count() <= SMALL:
                self._settle_small(mask)
            else:
                self.lo[mask] = (0, ())
        return self.lo[mask]

    def best(self, mask: int, pool: Any = None) -> tuple[int, Order]:
        """The best total of a game on the set and an order reaching it (pool: worker processes)."""
        if self.lower(mask)[0] >= self.upper(mask):
            return self.lo[mask]
        vals = self.info(mask).vals
        for x in vals:
            known = self.lo.get(mask & ~(1 << x))
            if known and known[1]:
                self._offer(mask, (*known[1], x))
        g = self.hi[mask]
        while g >= 4:  # heuristic rounds: look for a good game with a big final score
            self._run(mask, int(0.9 * g), "heur", {}, [])
            if self.lo[mask][0] >= g * STEP:
                break
            g = int(g * STEP)
        target = self.lo[mask][0] + 1
        bounds, extra = self._sub_bounds(mask, target, pool)
        if pool is None:
            self._run(mask, target, "exact", bounds, extra)
        else:  # one task per first number; extra orders are checked by the first task
            tasks = [(mask, target, bounds, [] if i else extra, v) for i, v in enumerate(vals)]
            for found in pool.imap_unordered(_exact_part, tasks):
                if found[1]:
                    self._offer(mask, found[1])
        self.hi[mask] = self.lo[mask][0]
        return self.lo[mask]

    def collect(self, mask: int, floor: int) -> list[Order]:
        """Every order of the set whose total is at least floor."""
        if self.upper(mask) < floor:
            return []
        known = self.lists.get(mask)
        if known is not None and known[0] <= floor:
            return [o for t, o in known[1] if t >= floor]
        if mask.bit_count() <= SMALL:
            comp = self.comp
            vals = self.info(mask).vals
            found = [(t, o) for o in itertools.permutations(vals) if (t := total(o, comp)) >= floor]
        else:
            found = self._run(mask, floor, "collect", *self._sub_bounds(mask, floor))
        found.sort(reverse=True)
        self.lists[mask] = (floor, found)
        if not found:
            self.hi[mask] = min(self.hi[mask], floor - 1)
        return [o for _, o in found]

    def _sub_bounds(
        self, mask: int, target: int, pool: Any = None
    ) -> tuple[dict[int, int], list[Order]]:
        """Bounds U[x] on the first part of games ending with x, and the games above them."""
        goal = int((1 - SPLIT) * target)
        if pool is not None:  # the collections on the smaller sets, in the workers
            rests = [r for x in self.info(mask).vals if self.upper(r := mask & ~(1 << x)) > goal]
            # first the sets two numbers smaller: each is shared by two rests, done only once
            goal2 = int((1 - SPLIT) * (goal + 1))
            seconds = sorted(
                {
                    r2
                    for r in rests
                    for y in self.info(r).vals
                    if (r2 := r & ~(1 << y)).bit_count() > SMALL and self.upper(r2) > goal2
                }
            )
            self._install(pool.imap_unordered(_collect_part, [(r, goal2 + 1, []) for r in seconds]))
            tasks = [(r, goal + 1, [self._known(q) for q in seconds if q & r == q]) for r in rests]
            self._install(pool.imap_unordered(_collect_part, tasks))
        bounds: dict[int, int] = {}
        extra: list[Order] = []
        for x in self.info(mask).vals:
            rest = mask & ~(1 << x)
            if self.upper(rest) > goal:
                firsts = self.collect(rest, goal + 1)
                if firsts:
                    extra += [(*o, x) for o in firsts]
                    bounds[x] = goal
                    continue
            bounds[x] = self.hi[rest]
        return bounds, extra

    def _known(self, mask: int) -> Known:
        """What a collection on the set found, to hand to another process."""
        floor, found = self.lists[mask]
        return mask, floor, found, self.hi[mask], self.lower(mask)

    def _install(self, results: Iterable[Known]) -> None:
        """Take in collections done by another process."""
        for rest, floor, found, hi, lo in results:
            self.lists[rest], self.hi[rest] = (floor, found), min(self.hi.get(rest, hi), hi)
            if lo[0] > self.lower(rest)[0]:
                self.lo[rest] = lo

    def _offer(self, mask: int, order: Order) -> int:
        t = total(order, self.comp)
        if t > self.lower(mask)[0]:
            self.lo[mask] = (t, order)
        return t

    def _run(
        self,
        mask: int,
        target: int,
        mode: str,
        bounds: dict[int, int],
        extra: list[Order],
        first: int = 0,
    ) -> list[tuple[int, Order]]:
        """One search over the set; returns the games reaching target ("collect" mode).

        A game on the set ending with x can reach the threshold T only if its final score is at
        least T - bound[x]. "exact": T = max(target, best so far + 1), rising as games are found.
        "collect": T = target, every game reaching it is returned. "heur": final score ≥ target.
        first: search only the games starting with that number (0: all).
        """
        comp, infos, info = self.comp, self.infos, self.info
        is_comp = comp.known
        top = mask.bit_length()
        usub = [bounds.get(v, 0) for v in range(top)]
        dynamic = mode == "exact"
        collect = mode == "collect"
        found: dict[Order, int] = {}
        best_total, best_order = self.lower(mask)
        best: list[Any] = [best_total, best_order]
        order: list[int] = []
        ms = [1]
        sig: dict[int, tuple[int, int]] = {}
        gates: dict[int, Gate] = {}
        pdata: dict[int, tuple[int, int, list[Any]]] = {}
        bdata: dict[int, tuple[int, int, int, list[int], int]] = {}

        def offer(full: Order) -> None:
            t = total(full, comp)
            if t > best[0]:
                best[0], best[1] = t, full
                if dynamic:
                    gates.clear()  # the thresholds rose (stale gates would only be weaker)
            if collect and t >= target:
                found[full] = t

        def complete(c: int, rest: int) -> None:
            if not rest:
                m = ms[-1]
                got = 1
                for x in ms[:-1]:
                    if x > got and m % x == 0:
                        got = x
                if got >= (max(target, best[0] + 1) if dynamic else target) - usub[order[-1]]:
                    offer(tuple(order))
                return
            for v in info(rest).vals:
                m2 = v * ms[-1] + c
                order.append(v)
                ms.append(m2)
                complete(c + comp(m2), rest & ~(1 << v))
                order.pop()
                ms.pop()

        def back_data(part: int, c: int) -> tuple[int, int, int, list[int], int]:
            # (P, least E(d,i), most E(d,i), numbers, count) of the moves r(d+1..i) in part
            s = infos.get(part) or info(part)
            emin = -(-c * s.prod // s.vals[-1])  # E(d,i) ≥ C(d+1)·P/r(d+1)
            emax = int(s.pf * (c * s.hp + s.h1p) * MARGIN) + 1
            bd = bdata[part << 7 | c] = (s.prod, max(emin, c), emax, s.vals, s.n)
            return bd

        def back(y: int, cc: int, part: int, tail: list[int], h: int, c: int) -> None:
            # y = m(i) where part holds r(d+1..i); cc = C(i+1); peel r(i) off
            if not part:
                if y == h and cc == c:
                    offer((*order, *reversed(tail)))
                return
            pprod, emin, emax, vals, n = bdata.get(part << 7 | c) or back_data(part, c)
            e = y - pprod * h  # E(d,i)
            if e < emin or e > emax:
                return
            z = y - cc
            if_prime = [r for r in vals if z % r == 0]
            if_comp = [r for r in vals if (z + 1) % r == 0]
            if not if_prime and not if_comp:
                return
            known = is_comp.get(y)
            if comp(y) if known is None else known:
                cc, rs = cc - 1, if_comp
            else:
                rs = if_prime
            if cc < c or cc - c >= n:
                return
            for r in rs:
                tail.append(r)
                back((y - cc) // r, cc, part & ~(1 << r), tail, h, c)
                tail.pop()

        def peel_data(rest: int, c: int, s: SetInfo) -> tuple[int, int, list[Any]]:
            # (least E(d,n), most E(d,n), per last number x: the size data of the rest), cached
            key = rest << 7 | c
            pd = pdata.get(key)
            if pd is None:
                emin = -(-c * s.prod // s.vals[-1]) if c else 0  # E(d,n) ≥ c·P/r(d+1)
                emax = int(s.pf * (c * s.hp + s.h1p) * MARGIN) + 1
                cmax = c + s.n - 1
                xs = []
                for x in s.vals:
                    part = rest & ~(1 << x)
                    sp = infos.get(part) or info(part)
                    # E(d,n-1) = (t·h - C(n))/x lies in [c, emax of the other numbers]
                    top_e = int(sp.pf * (c * sp.hp + sp.h1p) * MARGIN) + 1
                    xs.append((x, part, usub[x], sp.prod, top_e, x * c + c, x * top_e + cmax))
                pd = pdata[key] = (emin, emax, xs)
            return pd

        def peel(h: int, c: int, rest: int, s: SetInfo, thr: int) -> bool:
            # Source h = m(d): m(n) = h·(P + t) with t·h = E(d,n) = x·E(d,n-1) + C(n).
            n = s.n
            emin, emax, xs = pdata.get(rest << 7 | c) or peel_data(rest, c, s)
            tmin, tmax = -(-emin // h), emax // h
            if tmin > tmax:
                return True
            if (tmax - tmin + 1) * n > min(2000, _FACT[n]):
                return False  # cheaper to try every completion
            if n == 1:
                if c % h == 0:
                    offer((*order, s.vals[0]))
                return True
            cmax = c + n - 1
            for x, part, ux, pprod, top_e, lo, hi in xs:
                if h < thr - ux:
                    continue
                base = h * pprod
                for t in range(max(tmin, -(-lo // h)), min(tmax, hi // h) + 1):
                    ht = h * t
                    cn = c + (ht - c) % x
                    while cn <= cmax:
                        e = (ht - cn) // x
                        if c <= e <= top_e:
                            back(base + e, cn, part, [x], h, c)
                        cn += x
            return True

        def gate(rest: int, c: int) -> Gate:
            # (the range of m where this node can be a source, the range where a later one
            # can be), cached per run and threshold
            key = rest << 7 | c
            g = gates.get(key)
            if g is None:
                s = infos.get(rest) or info(rest)
                pair = sig.get(rest)
                if pair is None:
                    others = [usub[v] for v in s.vals if v != s.pstar]
                    pair = sig[rest] = (usub[s.pstar], max(others, default=usub[s.pstar]))
                thr = max(target, best[0] + 1) if dynamic else target
                s_star, s_other = thr - pair[0], thr - pair[1]
                # the peel needs h ≤ E(d,n) ≤ emax unless c = 0 (then E may be 0)
                emax = (int(s.pf * (c * s.hp + s.h1p) * MARGIN) + 1) if c else inf
                if s.n > 1:
                    floor, ceiling = reach_floor(c, s, s_other, s_star), reach_ceiling(c, s)
                else:
                    floor, ceiling = inf, -inf
                g = (min(s_star, s_other), emax, floor, ceiling)
                gates[key] = g
            return g

        def dfs(m: int, c: int, rest: int, d: int, g: Gate) -> None:
            src_lo, src_hi, floor, ceiling = g
            if d and src_lo <= m <= src_hi:
                thr = max(target, best[0] + 1) if dynamic else target
                if not peel(m, c, rest, infos.get(rest) or info(rest), thr):
                    complete(c, rest)
                    return
            if m < floor or m > ceiling:
                return
            for v in (infos.get(rest) or info(rest)).vals if d or not first else [first]:
                m2 = v * m + c
                known = is_comp.get(m2)
                c2 = c + (comp(m2) if known is None else known)
                r2 = rest & ~(1 << v)
                g2 = gates.get(r2 << 7 | c2) or gate(r2, c2)
                if (m2 < g2[0] or m2 > g2[1]) and (m2 < g2[2] or m2 > g2[3]):
                    continue  # the child can neither be a source nor lead to one
                order.append(v)
                ms.append(m2)
                dfs(m2, c2, r2, d + 1, g2)
                order.pop()
                ms.pop()

        for full in extra:
            offer(full)
        if any(target - usub[v] <= 1 for v in info(mask).vals):
            assert not first, "a parallel search needs a threshold above 1"
            complete(0, mask)  # a final score of 1 is enough: every order must be tried
        else:
            dfs(1, 0, mask, 0, gate(mask, 0))
        if best[0] > self.lower(mask)[0]:
            self.lo[mask] = (best[0], tuple(best[1]))
        return [(t, o) for o, t in found.items()]


_FACT = [1]
for _i in range(1, 64):
    _FACT.append(_FACT[-1] * _i)


_WORKER = _Search()
"""The search of a worker process (a forked copy of the parent's)."""


def _collect_part(task: tuple[int, int, list[Known]]) -> Known:
    rest, floor, known = task
    _WORKER._install(known)
    _WORKER.collect(rest, floor)
    found = [x for x in _WORKER.lists[rest][1] if x[0] >= floor]
    return rest, floor, found, _WORKER.hi[rest], _WORKER.lower(rest)


def _exact_part(task: tuple[int, int, dict[int, int], list[Order], int]) -> tuple[int, Order]:
    mask, target, bounds, extra, first = task
    _WORKER.lo.pop(mask, None)
    _WORKER._run(mask, target, "exact", bounds, extra, first)
    return _WORKER.lower(mask)


def solve_values(values: Iterable[int], workers: int = 1) -> tuple[int, Order]:
    """The best total of a one-player game whose r-list is `values`, and an order reaching it.

    workers > 1 runs the largest searches in that many forked processes (where fork exists).
    """
    global _WORKER
    mask = 0
    for v in values:
        mask |= 1 << v
    search = _Search()
    if workers < 2 or mask.bit_count() < PARALLEL_FROM:
        return search.best(mask)
    import multiprocessing as mp  # only the command line asks for workers

    if "fork" not in mp.get_all_start_methods():
        return search.best(mask)
    _WORKER = search
    with mp.get_context("fork").Pool(workers) as pool:
        return search.best(mask, pool)


def solve(n: int, workers: int = 1) -> tuple[int, list[int]]:
    """(a(n), an order of 1..n reaching it)."""
    best, order = solve_values(range(1, n + 1), workers)
    return best, list(order)


def main(n: int, workers: int = 2) -> dict[str, Any]:
    """The JSON-ready answer for `python -m rules solve integer-sequence N` (2 processes)."""
    best, order = solve(n, workers)
    return {"n": n, "best": best, "order": order}
