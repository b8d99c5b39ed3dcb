"""The strength section of the summary and of the table: results per game and pairing, and
decision times per level, with their goals."""

from __future__ import annotations

import math
from typing import Any

from bench.stats import goal, percentile, rounded
from bench.strength import PAIRINGS, TIMED, StrengthResult, Tally, lowest_wins

HARD_VS_RANDOM = 0.9
HARD_VS_MEDIUM = 0.6
HARD_P50_MS = 300.0
HARD_P99_MS = 2000.0


def pairing_key(first: str, second: str) -> str:
    """'hard_vs_random'."""
    return f"{first}_vs_{second}"


def _tally_json(t: Tally) -> dict[str, Any]:
    return {
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "win_rate": rounded(t.win_rate),
        "score_share": rounded(t.score_share(lowest_wins(t.slug))),
    }


def _rates(res: StrengthResult, first: str, second: str) -> list[float]:
    return [t.win_rate for t in res.tallies if (t.first, t.second) == (first, second)]


def _pooled(res: StrengthResult, first: str, second: str) -> float:
    """The win rate over every game of a pairing together."""
    pooled = Tally("all", first, second)
    for t in res.tallies:
        if (t.first, t.second) == (first, second):
            pooled.add(t)
    return pooled.win_rate


def strength_summary(res: StrengthResult) -> tuple[dict[str, Any], dict[str, Any]]:
    """The summary's strength fields, and its goals."""
    per_game: dict[str, dict[str, Any]] = {}
    for t in res.tallies:
        per_game.setdefault(t.slug, {})[pairing_key(t.first, t.second)] = _tally_json(t)
    times = {
        name: {
            "p50": rounded(percentile(res.times_ms.get(name, []), 50)),
            "p99": rounded(percentile(res.times_ms.get(name, []), 99)),
            "decisions": len(res.times_ms.get(name, [])),
        }
        for name in TIMED
    }
    fields: dict[str, Any] = {
        "strength": per_game,
        "decision_ms": times,
        "hard_vs_random_min_win_rate": rounded(
            min(_rates(res, "hard", "random"), default=math.nan)
        ),
        "hard_vs_medium_min_win_rate": rounded(
            min(_rates(res, "hard", "medium"), default=math.nan)
        ),
        "hard_vs_medium_win_rate": rounded(_pooled(res, "hard", "medium")),
        "medium_vs_random_min_win_rate": rounded(
            min(_rates(res, "medium", "random"), default=math.nan)
        ),
        "hard_p50_ms": times["hard"]["p50"],
        "hard_p99_ms": times["hard"]["p99"],
        "strength_games_per_pairing": res.games_per_pairing,
    }
    goals = {
        "hard_vs_random_min_win_rate": goal(
            fields["hard_vs_random_min_win_rate"],
            f">= {HARD_VS_RANDOM} in every game",
            lambda v: v >= HARD_VS_RANDOM,
        ),
        "hard_vs_medium_win_rate": goal(
            fields["hard_vs_medium_win_rate"],
            f">= {HARD_VS_MEDIUM} over all games",
            lambda v: v >= HARD_VS_MEDIUM,
        ),
        "hard_p50_ms": goal(
            fields["hard_p50_ms"], f"<= {HARD_P50_MS:g}", lambda v: v <= HARD_P50_MS
        ),
        "hard_p99_ms": goal(
            fields["hard_p99_ms"], f"<= {HARD_P99_MS:g}", lambda v: v <= HARD_P99_MS
        ),
    }
    return fields, goals


def _met(s: dict[str, Any], name: str) -> str:
    return "met" if s["goals"][name]["met"] else "NOT MET"


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.0f}%"


def strength_lines(res: StrengthResult, s: dict[str, Any]) -> list[str]:
    """The strength section of the table."""
    scaled = "" if res.simulation_scale == 1 else f", budgets cut to {res.simulation_scale:g}"
    lines = [
        f"6. Computer players at default options, 2 players ({res.games_per_pairing} games"
        f" per pairing,",
        f"   seats swapped in half{scaled}; {res.seconds:.0f} s)",
        "   W/D/L and win rate (a draw counts half) of the first named; score share = its part",
        "   of both totals (Arcs And Marks, lowest wins: the other side's part, so higher is",
        "   better there too); random = the game's own uniform random move",
        f"   {'':22}" + "".join(f"{a + ' vs ' + b:>26}" for a, b in PAIRINGS),
        f"   {'game':22}" + f"{'W/D/L':>13} {'win':>5} {'share':>6}" * len(PAIRINGS),
    ]
    by_key = {(t.slug, t.first, t.second): t for t in res.tallies}
    for slug in dict.fromkeys(t.slug for t in res.tallies):
        cells = []
        for a, b in PAIRINGS:
            t = by_key.get((slug, a, b))
            if t is None:
                cells.append(f"{'-':>26}")
                continue
            wdl = f"{t.wins}/{t.draws}/{t.losses}"
            share = _pct(t.score_share(lowest_wins(slug)))
            cells.append(f"{wdl:>13} {_pct(t.win_rate):>5} {share:>6}")
        lines.append(f"   {slug:22}" + "".join(cells))
    lines += ["", f"   {'decision ms':22}{'p50':>9}{'p99':>9}{'decisions':>11}"]
    for name in TIMED:
        t = s["decision_ms"][name]
        p50 = "-" if t["p50"] is None else f"{t['p50']:.1f}"
        p99 = "-" if t["p99"] is None else f"{t['p99']:.1f}"
        lines.append(f"   {name:22}{p50:>9}{p99:>9}{t['decisions']:>11}")
    lines += [
        f"   hard vs random, worst game: {s['hard_vs_random_min_win_rate']}; goal >= "
        f"{HARD_VS_RANDOM}: {_met(s, 'hard_vs_random_min_win_rate')}",
        f"   hard vs medium, all games: {s['hard_vs_medium_win_rate']} (worst game "
        f"{s['hard_vs_medium_min_win_rate']}); goal >= {HARD_VS_MEDIUM}: "
        f"{_met(s, 'hard_vs_medium_win_rate')}",
        f"   hard p50 {s['hard_p50_ms']} ms, goal <= {HARD_P50_MS:g}: {_met(s, 'hard_p50_ms')};"
        f" p99 {s['hard_p99_ms']} ms, goal <= {HARD_P99_MS:g}: {_met(s, 'hard_p99_ms')}",
    ]
    return lines
