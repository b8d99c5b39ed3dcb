"""The strength section of the summary and of the table: results per table and pairing, the
contestants' ratings, and decision times, with their goals."""

from __future__ import annotations

import math
from typing import Any

from bench.contestants import CONTESTANTS
from bench.stats import at_least, at_most, percent, percentile, rounded, verdict
from bench.strength import StrengthResult
from bench.strength_stats import Tally, ratings, tallies
from players import heuristics
from rules import GAMES

HARD_VS_RANDOM = 0.9
HARD_VS_HEURISTICS = 0.75
EXPERT_VS_HARD = 0.65
HARD_ALONE_BEST_3P = 0.5
HARD_P50_MS = 300.0
HARD_P99_MS = 1500.0
EXPERT_P99_MS = 2000.0
HEURISTICS = tuple(heuristics.HEURISTICS)
DRAWN_UNDER_PERFECT_PLAY = (
    "numerical-cards",
    "lengths-of-lengths",
    "integer-sequence",
    "arcs-and-marks",
)
"""The games two perfect players draw at their default options (docs/performance.md, Quet's
games under perfect play): no one wins there against an opponent who does not go wrong, so
against the heuristics the goal is that hard never loses instead of a score."""
UNDRAWN = tuple(slug for slug in GAMES if slug not in DRAWN_UNDER_PERFECT_PLAY)


def pairing_key(first: str, other: str) -> str:
    """'hard_vs_random'."""
    return f"{first}_vs_{other}"


def _tally_json(t: Tally) -> dict[str, Any]:
    return {
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "win_rate": rounded(t.win_rate),
        "alone_best": rounded(t.alone_best),
        "score_share": rounded(t.score_share),
    }


def _at_defaults(
    found: list[Tally], first: str, others: tuple[str, ...], slugs: tuple[str, ...]
) -> list[Tally]:
    """The tallies of `first` against any of `others` at the defaults of the games `slugs`."""
    return [
        t
        for t in found
        if t.pairing.table.default
        and t.pairing.table.slug in slugs
        and t.pairing.first == first
        and t.pairing.other in others
    ]


def _rates(
    found: list[Tally], first: str, others: tuple[str, ...], slugs: tuple[str, ...] = tuple(GAMES)
) -> list[float]:
    """Win rates of `first` against any of `others` at each game's defaults."""
    return [t.win_rate for t in _at_defaults(found, first, others, slugs)]


def _pooled(
    found: list[Tally], first: str, other: str, slugs: tuple[str, ...] = tuple(GAMES)
) -> float:
    """Wins plus half the draws of `first` against `other` over the games' defaults."""
    mine = _at_defaults(found, first, (other,), slugs)
    games = sum(t.games for t in mine)
    return sum(t.wins + t.draws / 2 for t in mine) / games if games else math.nan


def _losses(
    found: list[Tally], first: str, others: tuple[str, ...], slugs: tuple[str, ...]
) -> float:
    """The games `first` lost against any of `others` at the games' defaults (nan if none
    were played)."""
    mine = _at_defaults(found, first, others, slugs)
    return sum(t.losses for t in mine) if mine else math.nan


def decision_times(times_ms: dict[str, list[float]]) -> dict[str, dict[str, Any]]:
    """Each contestant's decisions: p50, p99 (None where it made none) and how many."""
    return {
        name: {
            "p50": rounded(percentile(times_ms.get(name, []), 50)),
            "p99": rounded(percentile(times_ms.get(name, []), 99)),
            "decisions": len(times_ms.get(name, [])),
        }
        for name in CONTESTANTS
    }


def strength_summary(res: StrengthResult) -> tuple[dict[str, Any], dict[str, Any]]:
    """The summary's strength fields, and its goals."""
    found = list(tallies(res.results).values())
    per_table: dict[str, dict[str, Any]] = {}
    for t in found:
        key = pairing_key(t.pairing.first, t.pairing.other)
        per_table.setdefault(t.pairing.table.label, {})[key] = _tally_json(t)
    times = decision_times(res.times_ms)
    three = [
        t.alone_best for t in found if t.pairing.table.players == 3 and not t.pairing.table.options
    ]
    rated = ratings(res.results)
    fields: dict[str, Any] = {
        "strength": per_table,
        "decision_ms": times,
        "decision_ms_by_table": {
            label: decision_times(at) for label, at in res.table_times_ms.items()
        },
        "ratings": {r.name: {"rating": r.shown, "games": r.games} for r in rated},
        "ratings_by_game": {
            slug: {r.name: r.shown for r in ratings(res.results, slug)} for slug in GAMES
        },
        "hard_vs_random_min_win_rate": rounded(
            min(_rates(found, "hard", ("random",)), default=math.nan)
        ),
        "hard_vs_heuristics_min_win_rate": rounded(
            min(_rates(found, "hard", HEURISTICS), default=math.nan)
        ),
        "hard_vs_heuristics_min_win_rate_undrawn": rounded(
            min(_rates(found, "hard", HEURISTICS, UNDRAWN), default=math.nan)
        ),
        "hard_vs_heuristics_losses_drawn": rounded(
            _losses(found, "hard", HEURISTICS, DRAWN_UNDER_PERFECT_PLAY)
        ),
        "expert_vs_hard_win_rate": rounded(_pooled(found, "expert", "hard")),
        "expert_vs_hard_win_rate_undrawn": rounded(_pooled(found, "expert", "hard", UNDRAWN)),
        "expert_vs_hard_min_win_rate": rounded(
            min(_rates(found, "expert", ("hard",)), default=math.nan)
        ),
        "hard_alone_best_3p_min": rounded(min(three, default=math.nan)),
        "hard_p50_ms": times["hard"]["p50"],
        "hard_p99_ms": times["hard"]["p99"],
        "expert_p99_ms": times["expert"]["p99"],
        "strength_games_per_pairing": res.plan.games,
        "strength_first_game": res.plan.first_game,
        "strength_batches_from_journal": res.resumed,
    }
    goals = {
        "hard_vs_random_min_win_rate": at_least(
            fields["hard_vs_random_min_win_rate"], HARD_VS_RANDOM, "in every game"
        ),
        "hard_vs_heuristics_min_win_rate_undrawn": at_least(
            fields["hard_vs_heuristics_min_win_rate_undrawn"],
            HARD_VS_HEURISTICS,
            "against each heuristic in every game not drawn under perfect play",
        ),
        "hard_vs_heuristics_losses_drawn": at_most(
            fields["hard_vs_heuristics_losses_drawn"],
            0,
            "against the heuristics in the games drawn under perfect play",
        ),
        "expert_vs_hard_win_rate": at_least(
            fields["expert_vs_hard_win_rate"], EXPERT_VS_HARD, "over all games"
        ),
        "hard_alone_best_3p_min": at_least(
            fields["hard_alone_best_3p_min"], HARD_ALONE_BEST_3P, "in every game of 3 players"
        ),
        "hard_p50_ms": at_most(fields["hard_p50_ms"], HARD_P50_MS),
        "hard_p99_ms": at_most(fields["hard_p99_ms"], HARD_P99_MS),
        "expert_p99_ms": at_most(fields["expert_p99_ms"], EXPERT_P99_MS),
    }
    return fields, goals


def _cell(t: Tally | None, width: int) -> str:
    if t is None:
        return f"{'-':>{width}}"
    text = f"{t.wins}/{t.draws}/{t.losses} {percent(t.win_rate)}"
    return f"{text:>{width}}"


def strength_lines(res: StrengthResult, s: dict[str, Any]) -> list[str]:
    """The strength section of the table."""
    plan = res.plan
    details = "" if plan.scale == 1 else f", budgets cut to {plan.scale:g}"
    if plan.first_game:
        details += f", seeds from game {plan.first_game}"
    if res.resumed:
        low, high = min(res.loads), max(res.loads)
        details += (
            f"; {res.resumed} of {res.batches} batches from the journal, the load average"
            f" {low:.1f}-{high:.1f} as batches were done"
        )
    found = tallies(res.results)
    lines = [
        f"6. Computer players ({plan.games} games per pairing at default options, "
        f"{plan.round_robin_games} per other pair,",
        f"   {plan.table_games} per larger table; the counted seat rotates{details};"
        f" {res.seconds:.0f} s)",
        "   W/D/L of the first named (W = alone best) and its score (a draw counts half)",
    ]
    defaults = {(p.table.slug, p.first, p.other): found[p] for p in found if p.table.default}
    heads = list(dict.fromkeys((first, other) for _, first, other in defaults))
    width = 16
    for start in range(0, len(heads), 5):
        part = heads[start : start + 5]
        lines.append(f"   {'':22}" + "".join(f"{a + '-' + b:>{width}}" for a, b in part))
        for slug in GAMES:
            cells = [_cell(defaults.get((slug, *pair)), width) for pair in part]
            lines.append(f"   {slug:22}" + "".join(cells))
        lines.append("")
    others = [p for p in found if not p.table.default]
    if others:
        lines.append("   larger tables (the other seats: greedy-safe)")
        for p in others:
            t = found[p]
            lines.append(
                f"   {p.table.label:44} {p.first:7} {t.wins}/{t.draws}/{t.losses}"
                f"  alone best {percent(t.alone_best)}"
            )
        lines.append("")
    lines.append(f"   {'rating (all games)':22}" + "".join(f"{n:>12}" for n in s["ratings"]))
    lines.append(f"   {'':22}" + "".join(f"{v['rating']:>12}" for v in s["ratings"].values()))
    lines += ["", f"   {'decision ms':22}{'p50':>9}{'p99':>9}{'decisions':>11}"]
    for name in CONTESTANTS:
        t = s["decision_ms"][name]
        p50 = "-" if t["p50"] is None else f"{t['p50']:.1f}"
        p99 = "-" if t["p99"] is None else f"{t['p99']:.1f}"
        lines.append(f"   {name:22}{p50:>9}{p99:>9}{t['decisions']:>11}")
    for name, g in s["goals"].items():
        if name in GOALS_SHOWN:
            met = verdict(g, missing="not measured")
            lines.append(f"   {name}: {g['value']} (goal {g['goal']}): {met}")
    return lines


GOALS_SHOWN = (
    "hard_vs_random_min_win_rate",
    "hard_vs_heuristics_min_win_rate_undrawn",
    "hard_vs_heuristics_losses_drawn",
    "expert_vs_hard_win_rate",
    "hard_alone_best_3p_min",
    "hard_p50_ms",
    "hard_p99_ms",
    "expert_p99_ms",
)
