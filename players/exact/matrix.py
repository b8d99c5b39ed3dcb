"""Zero-sum matrix games solved exactly: a simplex over fractions, with Bland's rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

Matrix = Sequence[Sequence[Fraction]]
"""Payoffs to the row player, who maximizes; the column player minimizes them."""


@dataclass(frozen=True)
class Equilibrium:
    """A matrix game's value and one optimal mixed strategy of each side."""

    value: Fraction
    rows: tuple[Fraction, ...]
    columns: tuple[Fraction, ...]


class Tableau:
    """The LP `max sum(u) s.t. A'u <= 1, u >= 0` for A' = A + shift > 0 (the classic reduction
    of a matrix game: its optimum is 1 / (value + shift)), as a simplex tableau whose columns
    are u_0..u_{n-1}, then the slacks s_0..s_{m-1}, then the right-hand side."""

    def __init__(self, payoffs: Matrix) -> None:
        self.m, self.n = len(payoffs), len(payoffs[0])
        low = min(min(row) for row in payoffs)
        self.shift = 1 - low  # every shifted payoff is at least 1, so the value is positive
        m, n = self.m, self.n
        self.rows = [
            [x + self.shift for x in payoffs[i]]
            + [Fraction(int(i == k)) for k in range(m)]
            + [Fraction(1)]
            for i in range(m)
        ]
        self.basis = [n + i for i in range(m)]
        self.allowed = list(range(n + m))
        self.objective = self.profits([Fraction(1)] * n + [Fraction(0)] * m)
        self.maximize()

    def profits(self, costs: Sequence[Fraction]) -> list[Fraction]:
        """The objective row for these costs at the current basis: reduced profits, then -z."""
        out = [*costs, Fraction(0)]
        for r, b in enumerate(self.basis):
            out = eliminate(out, self.rows[r], b)
        return out

    def maximize(self) -> None:
        """Pivot until no allowed column improves the objective (Bland's rule: no cycling)."""
        while True:
            objective, rows = self.objective, self.rows
            entering = next((j for j in self.allowed if objective[j] > 0), None)
            if entering is None:
                return
            best: tuple[Fraction, int, int] | None = None
            for r, row in enumerate(rows):
                if row[entering] > 0:
                    candidate = (row[-1] / row[entering], self.basis[r], r)
                    if best is None or candidate[:2] < best[:2]:
                        best = candidate
            # Bounded (each u_j and each slack is at most 1), so some row limits the entry.
            assert best is not None
            self.pivot(best[2], entering)

    def pivot(self, r: int, c: int) -> None:
        """Make column c basic in row r."""
        head = self.rows[r][c]
        pivot_row = [x / head for x in self.rows[r]]
        self.rows[r] = pivot_row
        for i, row in enumerate(self.rows):
            factor = row[c]
            if i != r and factor:
                self.rows[i] = [x - factor * y for x, y in zip(row, pivot_row, strict=True)]
        factor = self.objective[c]
        if factor:
            self.objective = [
                x - factor * y for x, y in zip(self.objective, pivot_row, strict=True)
            ]
        self.basis[r] = c

    def optimum(self) -> Fraction:
        """The objective's value at the current basis."""
        return -self.objective[-1]

    def equilibrium(self) -> Equilibrium:
        """The game's value and strategies read from the optimal tableau (the row player's
        from the dual prices of the slacks)."""
        total = self.optimum()
        scale = 1 / total  # the shifted value
        u = [Fraction(0)] * self.n
        for r, b in enumerate(self.basis):
            if b < self.n:
                u[b] = self.rows[r][-1]
        columns = tuple(x * scale for x in u)
        rows = tuple(-self.objective[self.n + i] * scale for i in range(self.m))
        return Equilibrium(scale - self.shift, rows, columns)


def eliminate(row: list[Fraction], pivot_row: list[Fraction], c: int) -> list[Fraction]:
    """The row less the multiple of the pivot row (1 in column c) that clears its column c."""
    factor = row[c]
    if not factor:
        return row
    return [x - factor * y for x, y in zip(row, pivot_row, strict=True)]


def solve(payoffs: Matrix) -> Equilibrium:
    """The value and an equilibrium of a matrix game (a saddle point found without the LP)."""
    saddle = saddle_point(payoffs)
    if saddle is not None:
        i, j = saddle
        m, n = len(payoffs), len(payoffs[0])
        rows = tuple(Fraction(int(k == i)) for k in range(m))
        columns = tuple(Fraction(int(k == j)) for k in range(n))
        return Equilibrium(payoffs[i][j], rows, columns)
    return Tableau(payoffs).equilibrium()


def value(payoffs: Matrix) -> Fraction:
    """The value of a matrix game."""
    return solve(payoffs).value


def saddle_point(payoffs: Matrix) -> tuple[int, int] | None:
    """A pure equilibrium (row, column) when the maximin equals the minimax, else None."""
    row_mins = [min(row) for row in payoffs]
    col_maxes = [max(col) for col in zip(*payoffs, strict=True)]
    i = max(range(len(row_mins)), key=row_mins.__getitem__)
    j = min(range(len(col_maxes)), key=col_maxes.__getitem__)
    return (i, j) if row_mins[i] == col_maxes[j] else None


def undominated(payoffs: Matrix) -> list[int]:
    """The rows that no other row weakly dominates (at least as much against every column,
    more against some). Leaving the others out keeps the game's value, and an optimal strategy
    over the rest is optimal in the whole game: it also gives up nothing to a fallible column
    player that a dominated row would have let off."""

    def dominates(better: Sequence[Fraction], worse: Sequence[Fraction]) -> bool:
        pairs = list(zip(better, worse, strict=True))
        return all(b >= w for b, w in pairs) and any(b > w for b, w in pairs)

    return [
        i
        for i, row in enumerate(payoffs)
        if not any(dominates(other, row) for k, other in enumerate(payoffs) if k != i)
    ]


def row_losses(payoffs: Matrix) -> tuple[Fraction, tuple[Fraction, ...]]:
    """The value, and for each row what it gives up: the value less the row's payoff against
    the column player's optimal strategy that punishes that row most. A row loses 0 exactly
    when some optimal strategy of the row player plays it."""
    tableau = Tableau(payoffs)
    # The optimal face: nonbasic columns with a nonzero reduced profit are 0 on all of it.
    face = [j for j in tableau.allowed if tableau.objective[j] == 0]
    shifted = 1 / tableau.optimum()
    base_rows, base_basis = [list(r) for r in tableau.rows], list(tableau.basis)
    losses = []
    for i in range(tableau.m):
        # Row i's shifted payoff against u is 1 - s_i, so its worst case is the largest slack.
        tableau.rows, tableau.basis = [list(r) for r in base_rows], list(base_basis)
        tableau.allowed = face
        costs = [Fraction(0)] * (tableau.n + tableau.m)
        costs[tableau.n + i] = Fraction(1)
        tableau.objective = tableau.profits(costs)
        tableau.maximize()
        losses.append(shifted * tableau.optimum())
    return shifted - tableau.shift, tuple(losses)


def column_losses(payoffs: Matrix) -> tuple[Fraction, tuple[Fraction, ...]]:
    """`row_losses` for the column player (its value is the row player's, negated)."""
    flipped = [[-x for x in col] for col in zip(*payoffs, strict=True)]
    return row_losses(flipped)
