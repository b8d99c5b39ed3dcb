"""The exact solver for a(n): brute force agrees, orders really score, known values."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.integer_sequence import play
from rules.integer_sequence_solver import (
    _Search,
    brute_force,
    main,
    solve,
    solve_values,
    total,
)

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
