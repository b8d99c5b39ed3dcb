"""The exact matrix-game solver: known games, equilibrium conditions, and support enumeration."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from players.exact import matrix
from tests.players.brute import Matrix, support_value

F = Fraction


def table(rows: list[list[int]]) -> list[list[Fraction]]:
    """A payoff matrix of integers as fractions."""
    return [[F(x) for x in row] for row in rows]


def check_equilibrium(payoffs: Matrix, eq: matrix.Equilibrium) -> None:
    """Both mixes are distributions and no pure reply improves on the value for either side."""
    m, n = len(payoffs), len(payoffs[0])
    assert min(eq.rows) >= 0 and sum(eq.rows) == 1
    assert min(eq.columns) >= 0 and sum(eq.columns) == 1
    for j in range(n):
        assert sum(eq.rows[i] * payoffs[i][j] for i in range(m)) >= eq.value
    for i in range(m):
        assert sum(eq.columns[j] * payoffs[i][j] for j in range(n)) <= eq.value


def test_matching_pennies_is_worth_a_half_each_side_mixing_evenly() -> None:
    pennies = table([[1, 0], [0, 1]])
    eq = matrix.solve(pennies)
    assert eq == matrix.Equilibrium(F(1, 2), (F(1, 2), F(1, 2)), (F(1, 2), F(1, 2)))
    assert matrix.row_losses(pennies) == (F(1, 2), (F(0), F(0)))


def test_rock_paper_scissors_is_fair_and_uniform() -> None:
    rps = table([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    eq = matrix.solve(rps)
    assert eq.value == 0
    assert eq.rows == eq.columns == (F(1, 3),) * 3
    assert matrix.column_losses(rps) == (F(0), (F(0),) * 3)


def test_a_dominated_row_is_never_played_and_its_loss_is_measured() -> None:
    # Row 2 is worse than row 0 against every column; the rest is a skewed pennies game.
    game = table([[3, 0], [0, 1], [2, -1]])
    eq = matrix.solve(game)
    check_equilibrium(game, eq)
    assert eq.value == F(3, 4) and eq.rows == (F(1, 4), F(3, 4), F(0))
    assert eq.columns == (F(1, 4), F(3, 4))
    value, losses = matrix.row_losses(game)
    # Against (1/4, 3/4), row 2 earns 2/4 - 3/4 = -1/4: it gives up a whole point.
    assert value == F(3, 4) and losses == (F(0), F(0), F(1))


def test_a_saddle_point_is_found_without_mixing() -> None:
    game = table([[4, 2, 5], [1, 0, 7], [3, 1, 2]])
    assert matrix.saddle_point(game) == (0, 1)
    eq = matrix.solve(game)
    assert eq.value == 2 and eq.rows == (1, 0, 0) and eq.columns == (0, 1, 0)
    assert matrix.Tableau(game).equilibrium().value == 2  # the LP agrees with the shortcut


def test_a_weakly_dominated_move_counts_as_a_loss_against_the_punishing_optimum() -> None:
    # Row 0 wins whatever happens; row 1 loses against column 0. Any column is optimal.
    game = table([[1, 1], [0, 1]])
    assert matrix.row_losses(game) == (F(1), (F(0), F(1)))
    assert matrix.column_losses(game) == (F(-1), (F(0), F(0)))


def test_dominated_rows_are_left_out_and_equal_rows_kept() -> None:
    # Row 1 is a sure draw beside row 0, which draws or wins; rows 2 and 3 are the same.
    game = table([[1, 2, 1], [1, 1, 1], [2, 0, 1], [2, 0, 1]])
    assert matrix.undominated(game) == [0, 2, 3]


@pytest.mark.parametrize("seed", range(40))
def test_leaving_dominated_rows_out_keeps_the_value_and_optimal_play(seed: int) -> None:
    """The rows kept hold the whole game's value, and their optimal strategy guarantees it
    against every column of the whole game."""
    rng = random.Random(seed)
    m, n = rng.randint(1, 5), rng.randint(1, 5)
    game = [[F(rng.randint(-1, 1)) for _ in range(n)] for _ in range(m)]
    kept = matrix.undominated(game)
    assert kept
    eq = matrix.solve([game[i] for i in kept])
    assert eq.value == support_value(game)
    for j in range(n):
        assert sum(w * game[i][j] for w, i in zip(eq.rows, kept, strict=True)) >= eq.value


@pytest.mark.parametrize("seed", range(40))
def test_random_games_match_support_enumeration_and_hold_the_equilibrium(seed: int) -> None:
    rng = random.Random(seed)
    m, n = rng.randint(1, 5), rng.randint(1, 5)
    # Few distinct payoffs, so ties and degenerate games come up often.
    game = [[F(rng.randint(-2, 2), rng.choice((1, 2))) for _ in range(n)] for _ in range(m)]
    eq = matrix.solve(game)
    check_equilibrium(game, eq)
    assert matrix.Tableau(game).equilibrium().value == eq.value == support_value(game)
    check_losses(game, eq.value, eq.rows, eq.columns, matrix.row_losses(game))
    flipped = [[-x for x in col] for col in zip(*game, strict=True)]
    check_losses(flipped, -eq.value, eq.columns, eq.rows, matrix.column_losses(game))


def check_losses(
    payoffs: Matrix,
    value: Fraction,
    mine: tuple[Fraction, ...],
    theirs: tuple[Fraction, ...],
    answer: tuple[Fraction, tuple[Fraction, ...]],
) -> None:
    """Losses of the row player of `payoffs`, given one equilibrium (mine, theirs)."""
    assert answer[0] == value
    losses = answer[1]
    assert min(losses) == 0
    for i, lost in enumerate(losses):
        # The loss is against the optimal reply that punishes the row most, so it is at
        # least the loss against any one optimal reply; a row some optimum plays loses 0.
        against = sum(w * x for w, x in zip(theirs, payoffs[i], strict=True))
        assert lost >= value - against >= 0
        if mine[i] > 0:
            assert lost == 0
