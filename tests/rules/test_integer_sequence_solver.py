"""The exact solver for a(n): brute force agrees, orders really score, known values."""

from __future__ import annotations

import itertools
import random
from math import prod

import pytest

from rules.integer_sequence import play
from rules.integer_sequence_bounds import MARGIN, SetInfo, reach_ceiling, reach_floor
from rules.integer_sequence_solver import (
    _Search,
    brute_force,
    main,
    solve,
    solve_values,
    total,
)
from rules.primes import is_composite

KNOWN = {1: 1, 2: 3, 3: 7, 4: 8, 5: 28, 6: 76, 7: 188, 8: 397, 9: 1406, 10: 5152}
"""a(1..8) by brute force here; a(9) and a(10) by brute force once (minutes), kept as data."""


def game_total(order: list[int]) -> int:
    """The total of a one-player game, computed by the game module."""
    return sum(play(len(order), order)[1])


@pytest.mark.parametrize("n", range(1, 9))
def test_solver_agrees_with_brute_force(n: int) -> None:
    """For n = 1..8 the solver's a(n) is the maximum over all n! orders."""
    best, order = solve(n)
    assert best == brute_force(range(1, n + 1))[0] == KNOWN[n]
    assert sorted(order) == list(range(1, n + 1))
    assert game_total(order) == best


def test_a8_is_397() -> None:
    """The question of the text: a(8) = 397."""
    assert solve(8)[0] == 397


def test_a9() -> None:
    """a(9) = 1406, and the order the solver gives scores it through the game module."""
    best, order = solve(9)
    assert best == 1406 and game_total(order) == 1406


def test_total_matches_the_game() -> None:
    """The solver's scoring is the game's scoring."""
    rng = random.Random(3)
    for n in (1, 5, 12, 20):
        for _ in range(20):
            order = rng.sample(range(1, n + 1), n)
            assert total(order) == game_total(order)


def test_other_r_lists_agree_with_brute_force() -> None:
    """The set solver is exact on r-lists other than 1..n too (the rest bounds use them)."""
    rng = random.Random(11)
    for size in (6, 7):
        for _ in range(4):
            values = sorted(rng.sample(range(1, 13), size))
            assert solve_values(values)[0] == brute_force(values)[0], values


def test_collect_finds_every_good_order() -> None:
    """Collecting the orders above a floor finds exactly those brute force finds."""
    values = [1, 2, 3, 5, 7, 8]
    mask = sum(1 << v for v in values)
    floor = 40
    got = set(_Search().collect(mask, floor))
    want = {o for o in itertools.permutations(values) if total(o) >= floor}
    assert got == want and want


def test_worker_processes_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parallel path (forked workers for the largest searches) finds the same a(9)."""
    import rules.integer_sequence_solver as solver

    monkeypatch.setattr(solver, "PARALLEL_FROM", 9)
    best, order = solver.solve(9, workers=2)
    assert best == 1406 and game_total(order) == 1406


def test_main_is_json_ready() -> None:
    """main(n) gives the dict the command line prints."""
    assert main(6) == {"n": 6, "best": 76, "order": [4, 5, 3, 1, 2, 6]}


def _may_reach_reference(m: int, c: int, s: SetInfo, sig_other: int, sig_star: int) -> bool:
    """The size bound of a node evaluated directly, move by move (the floor must agree)."""
    if min(sig_other, sig_star) <= c + s.n:
        return True
    md = m + c * s.dh + s.dh1  # m(d) + δ
    for sigma, qa, qb in ((sig_other, s.qo, s.qo1), (sig_star, s.qs, s.qs1)):
        goal = (sigma - 1.0) / MARGIN
        k = 1
        while k < s.n and md * s.top[k] < goal:  # m(j) must reach goal
            k += 1
        last = 0
        for k2 in range(s.n - 1, k - 1, -1):  # and E(j,n) must too
            if ((c + k2) * s.h + s.h1) * s.top[s.n - 1 - k2] >= goal:
                last = k2
                break
        if last and md * ((c + last) * qa + qb) >= goal * goal:
            return True
    return False


def test_reach_floor_is_the_size_bound() -> None:
    """A node passes the size bound exactly when its m is at least the floor reach_floor gives."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        values = rng.sample(range(1, 15), rng.randint(2, 10))
        s = SetInfo(sum(1 << v for v in values))
        c = rng.randint(0, 8)
        sig_other, sig_star = (rng.randint(1, 2 * 10**7) for _ in range(2))
        floor = reach_floor(c, s, sig_other, sig_star)
        near = [int(floor) + k for k in range(-3, 4)] if 1 < floor < 10**8 else []
        for m in [rng.randint(1, 10**7) for _ in range(10)] + near:
            if m < 1:
                continue
            if abs(m - floor) <= 1e-9 * max(m, 1):
                continue  # float rounding at the very edge
            assert _may_reach_reference(m, c, s, sig_other, sig_star) == (m >= floor)
            checked += 1
    assert checked > 3000


def _walk(order: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """(m(0..n), C(1..n+1)) of a one-player game: C(k+1) = cs[k] composites among m(0..k)."""
    ms, cs = [1], [0]
    for r in order:
        ms.append(r * ms[-1] + cs[-1])
        cs.append(cs[-1] + is_composite(ms[-1]))
    return ms, cs


def test_reach_ceiling_bounds_every_later_source() -> None:
    """If m(j) divides m(n) and C(d+1) ≥ 1, every d < j has m(d) ≤ reach_ceiling(C(d+1), rest)."""
    rng = random.Random(7)
    hits = 0
    for _ in range(30):
        values = rng.sample(range(1, 12), 6)
        for order in itertools.permutations(values):
            ms, cs = _walk(order)
            n = len(order)
            for j in range(1, n):
                if ms[n] % ms[j]:
                    continue
                for d in range(j):
                    if cs[d]:
                        rest = sum(1 << v for v in order[d:])
                        assert ms[d] <= reach_ceiling(cs[d], SetInfo(rest))
                        hits += 1
    assert hits > 300


def test_e_is_at_least_c_times_the_product_after_the_pivot() -> None:
    """E(d,i) = m(i) - P·m(d) ≥ C(d+1)·r(d+2)···r(i), the lower bound of the backward peel."""
    rng = random.Random(9)
    for _ in range(300):
        order = tuple(rng.sample(range(1, 15), 8))
        ms, cs = _walk(order)
        for d in range(len(order)):
            for i in range(d + 1, len(order) + 1):
                part = order[d:i]
                e = ms[i] - prod(part) * ms[d]
                assert e >= -(-cs[d] * prod(part) // max(part))


def test_proven_bests_agree_with_the_solver() -> None:
    """The table of a(n) the referee quotes holds the values the solver proves."""
    from rules.integer_sequence import GAME, PROVEN_BEST

    for n, best in KNOWN.items():
        assert PROVEN_BEST[n] == best
        assert GAME.proven_best({"n": n}) == best
    assert GAME.proven_best({"n": 40}) is None
