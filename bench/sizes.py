"""How big each measurement is: the full run, and the quick one for CI."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from bench.strength import Plan
from players.exact import INSTANCES


@dataclass(frozen=True)
class Sizes:
    """Every size the benchmark uses."""

    name: str
    open_games: tuple[int, ...]
    """Numbers of open games in the server at which moves are timed (the first for the ratio)."""
    moves: tuple[int, ...]
    """Moves timed at each of those (each followed by one floor command)."""
    api_games: int
    """Background games opened through the referee API; more are copies of these."""
    restart_games: int
    rules_both_player_bounds: bool
    rules_every_combination: bool
    rules_budget_s: float
    """Per game and bound: longer random games are cut here (and said to be cut)."""
    solver_ns: tuple[int, ...]
    """a(N) by the pure search."""
    solver_compiled_ns: tuple[int, ...]
    """a(N) by the compiled core."""
    solver_budget_s: float
    """For each of the two."""
    strength_games: int
    """Games per default pairing of contestants, in every game (half with the seats swapped)."""
    strength_round_robin_games: int
    """Games per other pair of contestants in every game, for the ratings."""
    strength_table_games: int
    """Games at 3 players and at each larger table."""
    strength_scale: float
    """The levels' simulations are multiplied by this (1: the real budgets)."""
    strength_workers: int
    exact_games: int
    """Games per pairing on each size solved exactly."""
    exact_sizes: tuple[tuple[str, dict[str, int]], ...]
    """The sizes solved exactly: (game, options)."""
    lag_s: float
    """The lag section's measured run (after its baseline without computers and its warm-up)."""
    lag_baseline_s: float
    """Members' moves alone before the computers start, for comparison."""
    picture_games: int
    """Seeded games per setup of each game whose views are drawn."""
    picture_repeats: int
    """Times each view is drawn (each timed)."""
    requests_games: int
    """Whole games of each game (and table size) whose requests to Discord are counted."""
    pg_moves: tuple[int, int]
    """Moves timed on PostgreSQL with 10 games open (against the floor), and with the most."""
    scale_members: int
    """Members acting at once in the scale section, over one or two bot processes."""
    scale_warmup_s: float
    scale_window_s: float
    """Accepted moves are counted over this window, after the warm-up."""
    scale_claims_s: float
    """How long two processes race for every computer decision (the searches are counted)."""
    strength_slugs: tuple[str, ...] = ()
    """The strength section plays only these games (none named: every game)."""
    strength_only: tuple[tuple[str, str], ...] = ()
    """The strength section plays only these pairings, at default options (none named: all)."""
    strength_first_game: int = 0
    """The seed index of each strength pairing's first game."""
    strength_journal: Path | None = None
    """A file keeping the strength section's finished batches, to resume a stopped run."""


FULL = Sizes(
    name="full",
    open_games=(10, 100, 1000),
    moves=(500, 300, 300),
    api_games=1000,
    restart_games=10_000,
    rules_both_player_bounds=True,
    rules_every_combination=True,
    rules_budget_s=4.0,
    solver_ns=(10, 11, 12, 13),
    solver_compiled_ns=(10, 11, 12, 13, 14, 15, 16),
    solver_budget_s=900.0,
    strength_games=200,
    strength_round_robin_games=20,
    strength_table_games=100,
    strength_scale=1.0,
    strength_workers=2,
    exact_games=20,
    exact_sizes=INSTANCES,
    lag_s=60.0,
    lag_baseline_s=10.0,
    picture_games=5,
    picture_repeats=5,
    requests_games=5,
    pg_moves=(500, 300),
    scale_members=100,
    scale_warmup_s=3.0,
    scale_window_s=20.0,
    scale_claims_s=10.0,
)

QUICK = Sizes(
    name="quick",
    open_games=(10, 100, 1000),
    moves=(150, 60, 60),
    api_games=60,
    restart_games=1000,
    rules_both_player_bounds=False,
    rules_every_combination=False,
    rules_budget_s=0.3,
    solver_ns=(8, 9, 10),
    solver_compiled_ns=(8, 9, 10),
    solver_budget_s=10.0,
    strength_games=2,
    strength_round_robin_games=1,
    strength_table_games=1,
    strength_scale=0.05,
    strength_workers=2,
    exact_games=2,
    exact_sizes=(
        ("numbers-to-number", {"m": 2}),
        ("lengths-of-lengths", {"n": 8}),
        ("arcs-and-marks", {"m": 6, "rounds": 1}),
    ),
    lag_s=3.0,
    lag_baseline_s=0.5,
    picture_games=1,
    picture_repeats=2,
    requests_games=1,
    pg_moves=(20, 20),
    scale_members=100,
    scale_warmup_s=0.5,
    scale_window_s=1.0,
    scale_claims_s=2.0,
)


def with_strength_games(sizes: Sizes, games: int) -> Sizes:
    """The sizes with `games` per default pairing of the strength section, and the other
    pairings' games in the same proportion as in the full run (at least one each)."""
    scale = games / FULL.strength_games
    return replace(
        sizes,
        strength_games=games,
        strength_round_robin_games=max(1, round(FULL.strength_round_robin_games * scale)),
        strength_table_games=max(1, round(FULL.strength_table_games * scale)),
    )


def strength_plan(sizes: Sizes) -> Plan:
    """The strength section's plan at these sizes."""
    return Plan(
        sizes.strength_games,
        sizes.strength_round_robin_games,
        sizes.strength_table_games,
        sizes.strength_scale,
        sizes.strength_slugs,
        sizes.strength_only,
        sizes.strength_first_game,
        sizes.strength_journal,
    )
