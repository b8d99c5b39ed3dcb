"""The compiled search: brute force and the pure search agree, every answer re-scores."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.integer_sequence import PROVEN_BEST, play
from rules.integer_sequence_scoring import brute_force, total
from rules.integer_sequence_solver import solve as pure_solve
from solver.core import Core
from solver.search import Plan, Search, solve, solve_mask


def game_total(order: tuple[int, ...] | list[int]) -> int:
    """The total of a one-player game, by the game module."""
    return sum(play(len(order), list(order))[1])


@pytest.mark.parametrize("n", range(1, 9))
def test_brute_force_agrees(core: Core, n: int) -> None:
    """For n <= 8 the compiled a(n) is the best over all n! orders, and its order scores it."""
    got = solve(core, n)
    assert got.proven and got.best == brute_force(range(1, n + 1))[0]
    assert sorted(got.order) == list(range(1, n + 1)) and game_total(got.order) == got.best


@pytest.mark.parametrize("n", [9, 10])
def test_pure_search_agrees(core: Core, n: int) -> None:
    """a(9) and a(10) as the pure search finds them (both also by brute force, once)."""
    got = solve(core, n, Plan(workers=1))
    assert got.best == pure_solve(n)[0] == PROVEN_BEST[n]
    assert game_total(got.order) == got.best


@pytest.mark.parametrize(("n", "workers"), [(11, 1), (11, 2), (12, 2)])
def test_stored_values(core: Core, n: int, workers: int) -> None:
    """a(11) and a(12) (4 s and 20 s for the pure search) against the values file."""
    got = solve(core, n, Plan(workers=workers))
    assert got.best == PROVEN_BEST[n] == game_total(got.order)


def test_other_r_lists_agree_with_brute_force(core: Core) -> None:
    """Sets other than 1..n (the collections search them) agree with brute force."""
    rng = random.Random(11)
    for size in (6, 7, 7):
        values = sorted(rng.sample(range(1, 15), size))
        got = solve_mask(Search(core), sum(1 << v for v in values), Plan(workers=1))
        assert got.best == brute_force(values)[0], values


def test_collect_finds_every_good_order(core: Core) -> None:
    """A collection finds exactly the orders above its floor that brute force finds."""
    for values, floor in (([1, 2, 3, 5, 7, 8], 40), ([2, 3, 4, 6, 9, 10, 11], 230)):
        mask = sum(1 << v for v in values)
        want = {o for o in itertools.permutations(values) if total(o) >= floor}
        assert set(Search(core).collect(mask, floor)) == want and want


def test_collect_in_parts_agrees(core: Core) -> None:
    """A collection split into parts over threads finds what the whole search finds."""
    from concurrent.futures import ThreadPoolExecutor

    mask = sum(1 << v for v in range(2, 12))
    whole = Search(core).collect(mask, 9000)
    with ThreadPoolExecutor(2) as pool:
        split = Search(core).collect(mask, 9000, pool)
    assert set(whole) == set(split) and whole
