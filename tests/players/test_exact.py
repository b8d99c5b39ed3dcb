"""Perfect play: the memoized solver against plain minimax, its memo keys, its move verdicts,
and its refusal of games too large to solve."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from players.exact import INSTANCES, Solver, TooLarge
from players.exact.keys import SPECS, key_function
from rules import GAMES
from tests.players.brute import every_value, guarded_chances, minimax
from tests.players.helpers import random_states, started

TINY = (
    ("numbers-to-number", {"m": 2}),
    ("numerical-cards", {"m": 3, "max_moves": 5}),
    ("lengths-of-lengths", {"n": 4}),
    ("binary-scramble", {"length": 4, "target": 1}),
    ("labyrinthine-loop", {"n": 2}),
    ("integer-sequence", {"n": 5}),
    ("arcs-and-marks", {"m": 6, "rounds": 1}),
)
"""A size of each game small enough for minimax without a memo."""


@pytest.mark.parametrize(("slug", "options"), TINY)
def test_the_solver_agrees_with_plain_minimax(slug: str, options: dict[str, Any]) -> None:
    game = GAMES[slug]
    solver = Solver(game)
    for state in random_states(slug, options, games=3, seed=1)[::3]:
        assert solver.value(state) == minimax(game, state)


@pytest.mark.parametrize(("slug", "options"), TINY)
def test_chances_against_a_random_opponent_agree_with_plain_recursion(
    slug: str, options: dict[str, Any]
) -> None:
    """What a seat keeping to its perfect moves expects against an opponent who plays at
    random, memoized, is what plain recursion finds, for either seat."""
    game = GAMES[slug]
    solver = Solver(game)  # one for both seats: what it keeps of one never answers the other
    for state in random_states(slug, options, games=2, seed=2)[::4]:
        for seat in (0, 1):
            expected = guarded_chances(game, state, seat)
            assert solver.chances(state, seat) == pytest.approx(expected)


@pytest.mark.parametrize(("slug", "options"), TINY)
def test_equal_keys_mean_equal_moves_and_lead(slug: str, options: dict[str, Any]) -> None:
    game, key = GAMES[slug], key_function(slug)
    seen: dict[Hashable, Any] = {}
    merged = 0
    for state in random_states(slug, options, games=60, seed=2):
        other = seen.setdefault(key(state), state)
        if other is state:
            continue
        merged += other != state
        assert game.to_move(state) == game.to_move(other)
        assert game.is_over(state) == game.is_over(other)
        totals, known = game.scores(state), game.scores(other)
        assert totals[0] - totals[1] == known[0] - known[1]
        if not SPECS[slug].lead:
            assert totals == known
        for seat in game.to_move(state):
            moves = list(game.legal(state, seat))
            assert moves == list(game.legal(other, seat))
            if len(game.to_move(state)) == 1:  # the same move leads to equal keys again
                for move in moves:
                    after = key(game.apply(state, {seat: move}))
                    assert after == key(game.apply(other, {seat: move}))
    assert merged or slug in ("numbers-to-number", "numerical-cards", "integer-sequence")


def test_turn_verdicts_follow_the_values_of_the_children() -> None:
    game = GAMES["lengths-of-lengths"]
    solver = Solver(game)
    state = started("lengths-of-lengths", {"n": 6})
    state = game.apply(game.apply(state, {0: "1"}), {1: "0"})
    best = solver.value(state)
    losses = solver.losses(state, 0)
    for move, lost in losses.items():
        assert lost == best - solver.value(game.apply(state, {0: move}))
        assert lost >= 0
        assert (move in solver.optimal_moves(state, 0)) == (lost == 0)
        assert solver.loss(state, 0, move) == lost
    assert min(losses.values()) == 0


def test_sealed_verdicts_are_best_replies_to_the_other_seats_equilibrium() -> None:
    game = GAMES["numbers-to-number"]
    solver = Solver(game)
    state = started("numbers-to-number", {"m": 2})
    rows, cols, eq = solver.equilibrium(state)
    assert eq.value == solver.value(state)
    table = [[solver.value(game.apply(state, {0: r, 1: c})) for c in cols] for r in rows]
    against = [sum(w * x for w, x in zip(eq.columns, row, strict=True)) for row in table]
    optimal = solver.optimal_moves(state, 0)
    assert optimal
    for move in optimal:
        assert against[rows.index(move)] == eq.value
    for seat in (0, 1):
        assert all(solver.loss(state, seat, m) >= 0 for m in game.legal(state, seat))


@pytest.mark.parametrize(("slug", "options"), [TINY[0], TINY[1]])
def test_a_sealed_strategy_holds_the_value_and_plays_no_dominated_move(
    slug: str, options: dict[str, Any]
) -> None:
    """At every sealed step of some games, each seat's strategy guarantees the seat's value
    against every move of the other seat, and plays no move that another of its moves does
    at least as well as against everything and better against something."""
    game, solver = GAMES[slug], Solver(GAMES[slug])
    for state in random_states(slug, options, games=6, seed=2):
        if game.is_over(state) or not game.is_sealed(state):
            continue
        value = solver.value(state)
        mine: dict[tuple[str, str], Fraction] = {}  # seat 0's result by (seat 0's, seat 1's)
        for r in game.legal(state, 0):
            for c in game.legal(state, 1):
                mine[r, c] = solver.value(game.apply(state, {0: r, 1: c}))
        for seat in (0, 1):
            # The seat's result by (its move, the other's move).
            result = {
                (pair[seat], pair[1 - seat]): x if seat == 0 else 1 - x for pair, x in mine.items()
            }
            own = sorted({m for m, _ in result})
            theirs = sorted({t for _, t in result})
            moves, weights = solver.strategy(state, seat)
            assert sum(weights) == 1 and set(moves) <= set(own)
            held = value if seat == 0 else 1 - value
            for t in theirs:
                assert sum(w * result[m, t] for m, w in zip(moves, weights, strict=True)) >= held
            for m in moves:
                assert not any(
                    all(result[k, t] >= result[m, t] for t in theirs)
                    and any(result[k, t] > result[m, t] for t in theirs)
                    for k in own
                )


def test_a_tied_seat_holding_a_1_plays_it_rather_than_drop_for_a_draw() -> None:
    """In a two-player Numerical Card Game every perfect strategy at the start draws, and a
    drop draws at once; the 1 draws against perfect play too and wins against anything else."""
    state = started("numerical-cards", {"m": 3, "max_moves": 5})
    solver = Solver(GAMES["numerical-cards"])
    assert solver.value(state) == Fraction(1, 2)
    for seat in (0, 1):
        assert solver.strategy(state, seat) == (["1"], (Fraction(1),))


def test_a_game_too_large_is_refused() -> None:
    game = GAMES["lengths-of-lengths"]
    with pytest.raises(TooLarge, match="too large"):
        Solver(game, limit=1000).value(started("lengths-of-lengths", {"n": 24}))
    numbers = GAMES["numbers-to-number"]
    with pytest.raises(TooLarge, match="legal moves"):
        Solver(numbers, limit=100).value(started("numbers-to-number", {"m": 8}))


def test_only_two_players_are_solved() -> None:
    game = GAMES["lengths-of-lengths"]
    state = game.start(3, game.settle_options(3, {"n": 3}))
    with pytest.raises(ValueError, match="two-player"):
        Solver(game).value(state)


def test_every_game_has_a_solved_size() -> None:
    assert sorted(slug for slug, _ in INSTANCES) == sorted(GAMES)
    for slug, options in INSTANCES:
        GAMES[slug].settle_options(2, options)  # every listed size is a legal one
    assert Fraction(1, 2) == Solver(GAMES["arcs-and-marks"]).value(
        started("arcs-and-marks", dict(INSTANCES)["arcs-and-marks"])
    )


TURNS = [t for t in TINY if t[0] not in ("numbers-to-number", "numerical-cards")]
"""The tiny sizes whose steps are turns (the others' are sealed, always solved whole)."""


@pytest.mark.parametrize(("slug", "options"), TURNS)
def test_searches_cut_short_by_their_window_leave_exact_answers(
    slug: str, options: dict[str, Any]
) -> None:
    """Asking only which moves hold a position's value cuts the children's searches short and
    keeps bounds; the moves are those plain minimax finds, and every value asked after, of the
    positions and of the children whose bounds were kept, is still exact."""
    game = GAMES[slug]
    solver = Solver(game)
    states = random_states(slug, options, games=3, seed=3)[::2]
    turns = [s for s in states if not game.is_over(s) and len(game.to_move(s)) == 1]
    assert turns
    expected: dict[Any, Fraction] = {}
    for state in turns:
        (seat,) = game.to_move(state)
        children = {m: game.apply(state, {seat: m}) for m in game.legal(state, seat)}
        expected |= {child: minimax(game, child) for child in children.values()}
        best = minimax(game, state)
        holding = [m for m, child in children.items() if expected[child] == best]
        assert solver.optimal_moves(state, seat) == holding
    # Every position the solver kept, under its key: exact values, and bounds that hold.
    known: dict[Hashable, Fraction] = {}
    for state in turns:
        every_value(game, state, solver.key, known)
    assert all(Fraction(v, 2) == known[k] for k, v in solver.memo.items())
    assert all(
        Fraction(lo, 2) <= known[k] <= Fraction(hi, 2) for k, (lo, hi) in solver.bounds.items()
    )
    # At these sizes the windows of Binary Scramble and Arcs And Marks cut nothing short.
    assert solver.bounds or slug in ("binary-scramble", "arcs-and-marks")
    for child, value in expected.items():
        assert solver.value(child) == value


def test_the_moves_that_hold_the_value_are_found_without_solving_every_position() -> None:
    """The first move of An Integer Sequence Game at its default size, where most moves lose:
    the moves that hold the draw, found with positions left bounded, and every value and
    bound the solver kept is what a plain memoized minimax finds."""
    game = GAMES["integer-sequence"]
    state = started("integer-sequence", {"n": 8})
    solver = Solver(game)
    known: dict[Hashable, Fraction] = {}
    best = every_value(game, state, solver.key, known)
    holding = [
        m for m in game.legal(state, 0) if known[solver.key(game.apply(state, {0: m}))] == best
    ]
    assert solver.optimal_moves(state, 0) == holding
    assert 0 < len(holding) < len(list(game.legal(state, 0)))
    assert solver.bounds and solver.positions < len(known)
    assert all(Fraction(v, 2) == known[k] for k, v in solver.memo.items())
    assert all(
        Fraction(lo, 2) <= known[k] <= Fraction(hi, 2) for k, (lo, hi) in solver.bounds.items()
    )
