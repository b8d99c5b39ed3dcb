"""Slow, independent answers for the exact solver's tests: matrix games by support
enumeration, and game values by plain minimax (positions remembered only by their whole
state, never by the solver's memo keys)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from rules.base import Game, Seat

Matrix = Sequence[Sequence[Fraction]]


def solve_linear(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """The unique solution of a square system by Gauss-Jordan elimination, or None."""
    n = len(a)
    rows = [[*a[i], b[i]] for i in range(n)]
    for c in range(n):
        pivot = next((r for r in range(c, n) if rows[r][c] != 0), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        head = rows[c][c]
        rows[c] = [x / head for x in rows[c]]
        for r in range(n):
            if r != c and rows[r][c]:
                f = rows[r][c]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c], strict=True)]
    return [rows[i][n] for i in range(n)]


def indifferent(payoffs: Matrix, mine: Sequence[int], theirs: Sequence[int]) -> list[Fraction]:
    """Weights on `mine` (rows of `payoffs`) that make every one of `theirs` (columns) pay the
    same, then that payoff; empty when there is no unique such mix."""
    k = len(mine)
    a = [[payoffs[i][j] for i in mine] + [Fraction(-1)] for j in theirs]
    a.append([Fraction(1)] * k + [Fraction(0)])
    b = [Fraction(0)] * k + [Fraction(1)]
    return solve_linear(a, b) or []


def support_value(payoffs: Matrix) -> Fraction:
    """The value of a matrix game by trying every pair of equal-size supports: a candidate
    counts when both mixes are non-negative and no pure reply does better against either."""
    m, n = len(payoffs), len(payoffs[0])
    transposed = [[-payoffs[i][j] for i in range(m)] for j in range(n)]
    for k in range(1, min(m, n) + 1):
        for rows in combinations(range(m), k):
            for cols in combinations(range(n), k):
                x = indifferent(payoffs, rows, cols)
                y = indifferent(transposed, cols, rows)
                if not x or not y or min(x[:k]) < 0 or min(y[:k]) < 0:
                    continue
                v = x[k]
                floor = min(sum(x[t] * payoffs[i][j] for t, i in enumerate(rows)) for j in range(n))
                ceiling = max(
                    sum(y[t] * payoffs[i][j] for t, j in enumerate(cols)) for i in range(m)
                )
                if floor == v == ceiling:
                    return v
    raise AssertionError("no equilibrium found")


def minimax(game: Game[Any], state: Any) -> Fraction:
    """Seat 0's result under perfect play, by plain recursion over every move (a position met
    twice is looked up by its whole state, which decides everything, never by a memo key)."""
    return every_value(game, state, lambda position: position, {})


def every_value(
    game: Game[Any], state: Any, key: Callable[[Any], Hashable], out: dict[Hashable, Fraction]
) -> Fraction:
    """Seat 0's result from this state by plain recursion, with the value of every position
    reached from it put in `out` under its key (so each is found once)."""
    k = key(state)
    if k not in out:
        if game.is_over(state):
            won = game.winners(state)
            out[k] = Fraction(1, 2) if len(won) == 2 else Fraction(int(0 in won))
        else:
            awaited = sorted(game.to_move(state))
            if len(awaited) == 1:
                seat = awaited[0]
                values = [
                    every_value(game, game.apply(state, {seat: m}), key, out)
                    for m in game.legal(state, seat)
                ]
                out[k] = max(values) if seat == 0 else min(values)
            else:
                rows, cols = list(game.legal(state, 0)), list(game.legal(state, 1))
                table = [
                    [every_value(game, game.apply(state, {0: r, 1: c}), key, out) for c in cols]
                    for r in rows
                ]
                out[k] = support_value(table)
    return out[k]


def guarded_chances(game: Game[Any], state: Any, seat: Seat) -> float:
    """The seat's expected result when it keeps to its perfect moves, the best of them against
    an opponent playing each legal move alike, by plain recursion (values by `minimax`)."""
    awaited = sorted(game.to_move(state))
    if game.is_over(state) or len(awaited) != 1:
        value = float(minimax(game, state))
        return value if seat == 0 else 1.0 - value
    mover = awaited[0]
    children = [game.apply(state, {mover: m}) for m in game.legal(state, mover)]
    if mover != seat:
        return sum(guarded_chances(game, c, seat) for c in children) / len(children)
    values = [minimax(game, c) for c in children]
    best = max(values) if seat == 0 else min(values)
    return max(
        guarded_chances(game, c, seat) for c, v in zip(children, values, strict=True) if v == best
    )
