"""Every bound the compiled search prunes with holds, checked against exact answers.

The check mode of the search: for random prefixes of games on small sets, a node the search
would skip has no completion whose final score comes from it or a later source and reaches
the threshold; the upper bounds are at least the best totals.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.integer_sequence_scoring import brute_force, total
from rules.primes import is_composite
from solver.core import Core, load

CORE = load()[0]


def run_of(order: tuple[int, ...]) -> tuple[list[int], int]:
    """(m(0..k), C after the last move) of a game circling order."""
    ms, c = [1], 0
    for r in order:
        ms.append(r * ms[-1] + c)
        c += is_composite(ms[-1])
    return ms, c


def late_source_scores(prefix: tuple[int, ...], rest: list[int]) -> list[tuple[int, int]]:
    """(last number, the most m(j), j >= len(prefix), dividing m(n)) over every completion
    that has such a j."""
    d, out = len(prefix), []
    for tail in itertools.permutations(rest):
        ms, _ = run_of(prefix + tail)
        m = ms[-1]
        late = [x for x in ms[d:-1] if m % x == 0]
        if late:
            out.append((tail[-1], max(late)))
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.integers(5, 8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.permutations(list(range(1, n + 1))),
            st.integers(1, n - 2),
            st.integers(2, 400),
            st.lists(st.integers(0, 300), min_size=n + 1, max_size=n + 1),
        )
    )
)
def test_a_skipped_node_has_no_good_source(case: tuple) -> None:
    """The gates: a skipped node leads to no source at or after it reaching thr - usub[x]."""
    _, perm, d, thr, usub_list = case
    assert CORE is not None
    prefix, rest = tuple(perm[:d]), sorted(perm[d:])
    ms, c = run_of(prefix)
    usub = dict(enumerate(usub_list))
    gate = CORE.gate(sum(1 << v for v in rest), c, thr, usub)
    if gate.skips(ms[-1]):
        for last, score in late_source_scores(prefix, rest):
            assert score < thr - usub[last], (prefix, rest, last, score)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=4, max_size=7))
def test_upper_bounds_hold(values: set[int]) -> None:
    """The upper bound of a set is at least its best total, and the root bound at least its
    best final score (from 4 numbers on: C(n) >= 1 then, which the root bound assumes; the
    search solves smaller sets by trying every order)."""
    assert CORE is not None
    mask = sum(1 << v for v in values)
    assert CORE.upper(mask) >= brute_force(values)[0]
    finals = []
    for order in itertools.permutations(sorted(values)):
        ms, _ = run_of(order)
        finals.append(max((x for x in ms[:-1] if ms[-1] % x == 0), default=1))
    assert CORE.root_bound(mask) >= max(finals)


def test_scores_agree(core: Core) -> None:
    """The core's total is the pure scoring's on every order of a small set and on long games."""
    for order in itertools.permutations(range(1, 7)):
        assert core.total(order) == total(order)
    assert core.total(tuple(range(20, 0, -1))) == total(range(20, 0, -1))
