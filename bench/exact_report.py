"""The exact-play section of the summary and of the table: each solved size's value, and how
often each level's move was optimal there, with their goals."""

from __future__ import annotations

import math
from typing import Any

from bench.exact_play import ExactResult, Verdicts, exact_lines
from bench.stats import at_least, rounded
from players import heuristics

HARD_OPTIMAL = 0.9
EXPERT_OPTIMAL = 0.97
HEURISTICS = tuple(heuristics.HEURISTICS)


def _share(verdicts: list[Verdicts], player: str) -> float:
    """The share of optimal moves of `player` over every solved size, against the heuristics."""
    mine = [v for v in verdicts if v.player == player and v.opponent in HEURISTICS]
    decisions = sum(v.decisions for v in mine)
    return sum(v.optimal for v in mine) / decisions if decisions else math.nan


def exact_summary(res: ExactResult) -> tuple[dict[str, Any], dict[str, Any]]:
    """The summary's exact-play fields, and its goals."""
    per_game: dict[str, dict[str, Any]] = {}
    for v in res.verdicts:
        per_game.setdefault(v.slug, {})[f"{v.player}_vs_{v.opponent}"] = {
            "decisions": v.decisions,
            "optimal_share": rounded(v.optimal_share),
            "critical_share": rounded(v.critical_share),
            "average_loss": rounded(v.average_loss),
            "result": float(v.result),
            "expected": float(v.expected),
        }
    fields: dict[str, Any] = {
        "exact": per_game,
        "exact_sizes": {
            r.slug: {
                "options": r.options,
                "value": str(r.value),
                "verdict": r.verdict,
                "positions": r.positions,
                "seconds": rounded(r.seconds),
            }
            for r in res.rulers
        },
        "hard_optimal_share": rounded(_share(res.verdicts, "hard")),
        "expert_optimal_share": rounded(_share(res.verdicts, "expert")),
    }
    goals = {
        "hard_optimal_share": at_least(
            fields["hard_optimal_share"], HARD_OPTIMAL, "against the heuristics"
        ),
        "expert_optimal_share": at_least(
            fields["expert_optimal_share"], EXPERT_OPTIMAL, "against the heuristics"
        ),
    }
    return fields, goals


def exact_section(res: ExactResult, s: dict[str, Any]) -> list[str]:
    """The exact-play section of the table."""
    lines = [
        f"12. Exact play ({res.games_per_pairing} games per pairing on each solved size;"
        f" {res.seconds:.0f} s)"
    ]
    lines += [f"   {line}" for line in exact_lines(res)]
    for name in ("hard_optimal_share", "expert_optimal_share"):
        g = s["goals"][name]
        lines.append(
            f"   {name}: {g['value']} (goal {g['goal']}): {'met' if g['met'] else 'NOT MET'}"
        )
    return lines
