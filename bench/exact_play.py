"""Play measured against perfect play: on each solved size, seeded games between a player under
test and an opponent, with every decision of the player under test judged by the exact solver
(was its move optimal, and what did it give up)."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bench.contestants import CONTESTANTS, Player, player
from bench.strength_games import hash_seed
from players.exact import INSTANCES, POSITION_LIMIT, Solver, TooLarge
from rules import GAMES
from rules.base import BadOption, Game, Move, Seat

log = logging.getLogger(__name__)

Options = Mapping[str, Any]


def perfect_player(solver: Solver) -> Player:
    """Perfect play in the solver's game: a random optimal move at a turn, and at a sealed
    step a move drawn from the seat's equilibrium strategy."""

    def play(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Move:
        if not game.is_sealed(state):
            return rng.choice(solver.optimal_moves(state, seat))
        rows, cols, eq = solver.equilibrium(state)
        moves, weights = (rows, eq.rows) if seat == 0 else (cols, eq.columns)
        return rng.choices(moves, weights=[float(w) for w in weights])[0]

    return play


PERFECT = "perfect"
"""The name of perfect play, which every run provides on its own solved sizes."""
PLAYERS: dict[str, Player] = {name: player(name) for name in CONTESTANTS}
"""The players known by name (every contestant of the strength section); `run_exact` takes
more in its `players`, and knows PERFECT besides."""
PAIRINGS = (
    ("hard", "greedy"),
    ("hard", "greedy-safe"),
    ("expert", "greedy"),
    ("expert", "greedy-safe"),
    ("medium", "greedy-safe"),
    ("easy", "greedy-safe"),
    ("greedy-safe", "greedy"),
)
"""(player under test, opponent) pairs measured by default: the levels against the
heuristic players, and the heuristics against each other."""


@dataclass(frozen=True)
class Ruler:
    """One solved size: the start's value for seat 0 (1 win, 1/2 draw, 0 loss under perfect
    play), how many positions the solver kept, and the seconds the start took to solve."""

    slug: str
    options: dict[str, Any]
    value: Fraction
    positions: int
    seconds: float
    start_mix: tuple[dict[Move, Fraction], ...] = ()
    """At a sealed start, an equilibrium: each seat's moves played with their weights."""

    @property
    def verdict(self) -> str:
        """Who wins under perfect play, in words."""
        if self.value in (0, 1):
            return "second player wins" if self.value == 0 else "first player wins"
        if self.value == Fraction(1, 2):
            return "draw"
        return f"first player expects {self.value}"


@dataclass
class Verdicts:
    """One player's decisions on one solved size against one opponent, as judged exactly."""

    slug: str
    player: str
    opponent: str
    games: int = 0
    result: Fraction = Fraction(0)
    """The player's results summed over its games (1 a win, 1/2 a draw)."""
    expected: Fraction = Fraction(0)
    """What perfect play from its seat would have expected, summed the same way."""
    decisions: int = 0
    optimal: int = 0
    critical: int = 0
    """Decisions where not every move was optimal."""
    critical_optimal: int = 0
    loss: Fraction = Fraction(0)

    @property
    def optimal_share(self) -> float:
        """The share of decisions where the move was optimal."""
        return self.optimal / self.decisions if self.decisions else float("nan")

    @property
    def critical_share(self) -> float:
        """The share of critical decisions where the move was optimal."""
        return self.critical_optimal / self.critical if self.critical else float("nan")

    @property
    def average_loss(self) -> float:
        """The result given up per decision, on average (0 for perfect play)."""
        return float(self.loss / self.decisions) if self.decisions else float("nan")

    def judge(self, losses: Mapping[Move, Fraction], move: Move) -> None:
        """Count one decision: the move played, among every legal move and its loss."""
        self.decisions += 1
        lost = losses[move]
        self.optimal += lost == 0
        self.loss += lost
        if any(losses.values()):
            self.critical += 1
            self.critical_optimal += lost == 0


@dataclass
class ExactResult:
    """Every solved size's ruler, and every pairing's verdicts on each."""

    rulers: list[Ruler]
    verdicts: list[Verdicts]
    games_per_pairing: int
    seconds: float
    refused: dict[str, str] = field(default_factory=dict)
    """Sizes the solver refused (too large for its limit), by slug, with its reason."""


def solve_start(solver: Solver, slug: str, options: Options) -> tuple[Any, Ruler]:
    """The start state of a solved size and its ruler (the solve is timed)."""
    game = solver.game
    state = game.start(2, game.settle_options(2, options))
    began = time.perf_counter()
    value = solver.value(state)
    seconds = time.perf_counter() - began
    mix: tuple[dict[Move, Fraction], ...] = ()
    if game.is_sealed(state):
        rows, cols, eq = solver.equilibrium(state)
        mix = tuple(
            {m: w for m, w in zip(moves, weights, strict=True) if w}
            for moves, weights in ((rows, eq.rows), (cols, eq.columns))
        )
    return state, Ruler(slug, dict(options), value, solver.positions, seconds, mix)


def play_judged(
    solver: Solver,
    start: Any,
    seats: tuple[Player, Player],
    tested: Seat,
    rng: random.Random,
    verdicts: Verdicts,
) -> None:
    """One game from `start`, every decision of the seat under test judged into `verdicts`."""
    game = solver.game
    state = start
    while not game.is_over(state):
        step: dict[Seat, Move] = {}
        for seat in sorted(game.to_move(state)):
            step[seat] = seats[seat](game, state, seat, rng)
            if seat == tested:
                verdicts.judge(solver.losses(state, seat), step[seat])
        state = game.apply(state, step)
    won = game.winners(state)
    verdicts.games += 1
    verdicts.result += Fraction(1, len(won)) if tested in won else Fraction(0)
    start_value = solver.value(start)
    verdicts.expected += start_value if tested == 0 else 1 - start_value


def run_exact(
    pairings: Iterable[tuple[str, str]] = PAIRINGS,
    games: int = 4,
    instances: Sequence[tuple[str, Options]] = INSTANCES,
    players: Mapping[str, Player] = PLAYERS,
    seed: int = 0,
    limit: int = POSITION_LIMIT,
) -> ExactResult:
    """Solve each size, then play `games` games of each (player under test, opponent) pairing
    on it (names from `players`, or PERFECT), every decision of the player under test judged."""
    began = time.perf_counter()
    pairs = list(pairings)
    result = ExactResult([], [], games, 0.0)
    for slug, options in instances:
        solver = Solver(GAMES[slug], limit)
        try:
            start, ruler = solve_start(solver, slug, options)
        except (TooLarge, BadOption) as refusal:
            result.refused[slug] = str(refusal)
            continue
        result.rulers.append(ruler)
        log.info("exact: %s %s solved: %s (%d positions, %.1f s)", slug, dict(options),
                 ruler.value, ruler.positions, ruler.seconds)  # fmt: skip
        named = {**players, PERFECT: perfect_player(solver)}
        try:
            result.verdicts += judge_pairings(solver, start, pairs, named, games, seed)
        except TooLarge as refusal:  # judging reaches positions the start's solve cut off
            result.refused[slug] = f"while judging: {refusal}"
        log.info("exact: %s judged (%d positions solved)", slug, solver.positions)
    result.seconds = time.perf_counter() - began
    return result


def judge_pairings(
    solver: Solver,
    start: Any,
    pairs: Sequence[tuple[str, str]],
    named: Mapping[str, Player],
    games: int,
    seed: int,
) -> list[Verdicts]:
    """Each pairing's games on one solved size, the player under test in seat 0 in even
    games and seat 1 in odd ones."""
    out = []
    slug = solver.game.slug
    for name, other in pairs:
        verdicts = Verdicts(slug, name, other)
        for i in range(games):
            tested = i % 2
            mine, theirs = named[name], named[other]
            seats = (mine, theirs) if tested == 0 else (theirs, mine)
            rng = random.Random(hash_seed("exact", slug, name, other, i, seed))
            play_judged(solver, start, seats, tested, rng, verdicts)
        out.append(verdicts)
    return out


def exact_lines(result: ExactResult) -> list[str]:
    """The result as plain text lines: the rulers, then each pairing's verdicts per game."""
    lines = ["Solved sizes (two players): value for the first player, positions, solve time"]
    for r in result.rulers:
        opts = ", ".join(f"{k}={v}" for k, v in r.options.items())
        lines.append(
            f"  {r.slug} ({opts}): {r.value} ({r.verdict}); {r.positions:,} positions; "
            f"{r.seconds:.1f} s"
        )
        for seat, mix in enumerate(r.start_mix):
            plays = ", ".join(f"{m} {w}" for m, w in mix.items())
            lines.append(f"    equilibrium at the start, P{seat + 1}: {plays}")
    for slug, why in result.refused.items():
        lines.append(f"  {slug}: refused ({why})")
    lines.append(
        f"Decisions judged exactly ({result.games_per_pairing} games per pairing): "
        "optimal share, on critical positions, average loss; result vs perfect play's"
    )
    for v in result.verdicts:
        lines.append(
            f"  {v.slug:<20} {v.player:>7} vs {v.opponent:<7} {v.decisions:>4} decisions  "
            f"optimal {v.optimal_share:6.1%}  critical {v.critical_share:6.1%} of {v.critical:>3}"
            f"  loss {v.average_loss:.3f}  result {float(v.result):.1f}/{v.games}"
            f" (perfect {float(v.expected):.1f})"
        )
    return lines
