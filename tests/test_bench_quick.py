"""The quick benchmark runs through and ends with its JSON summary (no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules import GAMES

ROOT = Path(__file__).resolve().parents[1]
LAG_FIELDS = (
    "lag_p50_ms",
    "lag_p99_ms",
    "lag_max_ms",
    "computer_moves",
    "member_move_p50_ms",
    "member_move_p99_ms",
)
PICTURE_FIELDS = ("pictures_p99_ms", "pictures_cpu_p99_ms", "pictures_kb_max")
FIELDS = (
    "move_ratio_p50",
    "move_ratio_p99",
    "move_p99_ms_at_10",
    "move_p99_ms_at_100",
    "move_p99_ms_at_1000",
    "restart_s_10000",
    "kb_per_open_game",
    "rules_worst_ms",
    "solver_s",
    *LAG_FIELDS,
    *PICTURE_FIELDS,
    "goals",
)
STRENGTH_FIELDS = (
    "hard_vs_random_min_win_rate",
    "hard_vs_medium_win_rate",
    "hard_vs_medium_min_win_rate",
    "medium_vs_random_min_win_rate",
    "hard_p50_ms",
    "hard_p99_ms",
)
PAIRINGS = ("hard_vs_random", "hard_vs_medium", "medium_vs_random")
GOALS = (
    "move_ratio_p50",
    "move_p99_ms_at_1000",
    "move_p99_growth",
    "restart_s_10000",
    "kb_per_open_game",
    "rules_worst_ms",
    "hard_vs_random_min_win_rate",
    "hard_vs_medium_win_rate",
    "hard_p50_ms",
    "hard_p99_ms",
    "lag_p99_ms",
    "pictures_p99_ms",
    "pictures_kb_max",
)


def test_quick_benchmark_ends_with_a_json_summary() -> None:
    """`python -m bench --quick` exits 0; its last line holds every field and goal."""
    summary = quick_run()
    assert isinstance(summary, dict)
    assert set(FIELDS) <= set(summary), set(FIELDS) - set(summary)
    for name in FIELDS[:8]:
        assert isinstance(summary[name], int | float), (name, summary[name])
    assert set(summary["solver_s"]) == {"8", "9", "10"}
    for n, seconds in summary["solver_s"].items():
        assert seconds is None or seconds >= 0, (n, seconds)
    assert set(GOALS) <= set(summary["goals"])
    for goal in summary["goals"].values():
        assert set(goal) == {"goal", "value", "met"} and isinstance(goal["met"], bool)
    check_strength(summary)
    check_pictures(summary)


def check_pictures(summary: dict[str, Any]) -> None:
    """The pictures fields: times and sizes for every game."""
    for name in PICTURE_FIELDS:
        assert isinstance(summary[name], int | float) and summary[name] > 0, name
    pictures = summary["details"]["pictures"]
    assert set(pictures) == set(GAMES)
    for slug, row in pictures.items():
        assert row["renders"] > 0 and 0 < row["p50_ms"] <= row["p99_ms"], slug
        assert 0 < row["kb_p50"] <= row["kb_max"], slug


def check_strength(summary: dict[str, Any]) -> None:
    """The strength fields: every game and pairing, and decision times for every level."""
    for name in STRENGTH_FIELDS:
        assert isinstance(summary[name], int | float), (name, summary[name])
    assert set(summary["strength"]) == set(GAMES)
    for slug, pairings in summary["strength"].items():
        assert set(pairings) == set(PAIRINGS), slug
        for result in pairings.values():
            assert result["wins"] + result["draws"] + result["losses"] == 2
            assert 0 <= result["win_rate"] <= 1 and 0 <= result["score_share"] <= 1
    assert set(summary["decision_ms"]) == {"easy", "medium", "hard"}
    for times in summary["decision_ms"].values():
        assert times["decisions"] > 0 and 0 <= times["p50"] <= times["p99"]


def test_the_computer_sections_run_alone() -> None:
    """`python -m bench --quick --only strength --only lag` reports those sections' fields and
    goals only."""
    summary = quick_run("strength", "lag")
    check_strength(summary)
    assert set(LAG_FIELDS) <= set(summary) and summary["computer_moves"] > 0
    assert "move_ratio_p50" not in summary and "solver_s" not in summary
    assert set(summary["goals"]) == {
        "hard_vs_random_min_win_rate",
        "hard_vs_medium_win_rate",
        "hard_p50_ms",
        "hard_p99_ms",
        "lag_p99_ms",
    }


def test_the_pictures_section_runs_alone() -> None:
    """`python -m bench --quick --only pictures` times every game's pictures and reports its
    two goals only."""
    summary = quick_run("pictures")
    check_pictures(summary)
    assert "move_ratio_p50" not in summary and "lag_p99_ms" not in summary
    assert set(summary["goals"]) == {"pictures_p99_ms", "pictures_kb_max"}


def quick_run(*only: str) -> dict[str, Any]:
    """The JSON summary that ends `python -m bench --quick` (only the named sections, if any)."""
    flags = [arg for name in only for arg in ("--only", name)]
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", *flags],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    summary: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary
