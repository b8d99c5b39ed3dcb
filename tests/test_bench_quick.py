"""The quick benchmark runs through and ends with its JSON summary (no timing is asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import pytest

from bench import strength, strength_journal, strength_progress
from bench.__main__ import main as bench_main
from bench.__main__ import run
from bench.pg_server import NOT_MEASURED, URL_VARIABLE
from bench.report import summary, table
from bench.sizes import QUICK
from bench.stats import percentile, rounded
from bench.strength_games import Pairing, Table
from bench.strength_markdown import goal_summary, milliseconds, strength_markdown
from bench.strength_report import GOALS_SHOWN
from bench.strength_stats import tallies
from db.server import PostgresServer
from rules import GAMES
from tests.conftest import no_postgres

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
REQUESTS_FIELDS = ("requests_sealed_max", "requests_turn_rate_limited_max")
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
    "solver_compiled_s",
    *LAG_FIELDS,
    *PICTURE_FIELDS,
    *REQUESTS_FIELDS,
    "goals",
)
PG_FIELDS = (
    "pg_move_ratio_p50",
    "pg_move_ratio_p99",
    "pg_move_p99_ms_at_1000",
    "pg_restart_s_10000",
)
SCALE_FIELDS = ("scale_moves_per_s_1", "scale_moves_per_s_2", "scale_gain")


STRENGTH_GOALS = (
    "hard_vs_random_min_win_rate",
    "hard_vs_heuristics_min_win_rate_undrawn",
    "hard_vs_heuristics_losses_drawn",
    "expert_vs_hard_win_rate",
    "hard_alone_best_3p_min",
    "hard_p50_ms",
    "hard_p99_ms",
    "expert_p99_ms",
)
STRENGTH_FIELDS = (
    *STRENGTH_GOALS,
    "hard_vs_heuristics_min_win_rate",
    "expert_vs_hard_min_win_rate",
    "expert_vs_hard_win_rate_undrawn",
)
CONTESTANTS = ("random", "greedy", "greedy-safe", "easy", "medium", "hard", "expert")
GOALS = (
    "move_ratio_p50",
    "move_ratio_dm_p50",
    "move_ratio_turn_p50",
    "move_p99_ms_at_1000",
    "move_p99_growth",
    "restart_s_10000",
    "kb_per_open_game",
    "rules_worst_ms",
    *STRENGTH_GOALS,
    "hard_optimal_share",
    "expert_optimal_share",
    "lag_p99_ms",
    "pictures_p50_ms",
    "pictures_p99_ms",
    "pictures_kb_max",
    *REQUESTS_FIELDS,
)


@pytest.fixture(scope="module")
def every_section() -> dict[str, Any]:
    """The summary of `python -m bench --quick` with every section, run once for this module."""
    return quick_run()


def test_quick_benchmark_ends_with_a_json_summary(every_section: dict[str, Any]) -> None:
    """`python -m bench --quick` exits 0; its last line holds every field and goal."""
    summary = every_section
    assert isinstance(summary, dict)
    every_field = set(FIELDS + PG_FIELDS + SCALE_FIELDS)
    assert every_field <= set(summary), every_field - set(summary)
    for name in FIELDS[:8]:
        assert isinstance(summary[name], int | float), (name, summary[name])
    for core in ("solver_s", "solver_compiled_s"):
        assert set(summary[core]) == {"8", "9", "10"}
        for n, seconds in summary[core].items():
            assert seconds is None or seconds >= 0, (n, seconds)
    assert set(GOALS) <= set(summary["goals"])
    for goal in summary["goals"].values():
        assert set(goal) == {"goal", "value", "met"} and isinstance(goal["met"], bool)
    check_strength(summary)
    check_exact(summary)
    check_pictures(summary)
    check_requests(summary)


def check_pictures(summary: dict[str, Any]) -> None:
    """The pictures fields: times and sizes for every game."""
    for name in PICTURE_FIELDS:
        assert isinstance(summary[name], int | float) and summary[name] > 0, name
    pictures = summary["details"]["pictures"]
    assert set(pictures) == set(GAMES)
    for slug, row in pictures.items():
        assert row["renders"] > 0 and 0 < row["p50_ms"] <= row["p99_ms"], slug
        assert 0 < row["kb_p50"] <= row["kb_max"], slug


def check_requests(summary: dict[str, Any]) -> None:
    """The requests fields: every game, its moves and their requests."""
    for name in REQUESTS_FIELDS:
        assert isinstance(summary[name], int | float) and summary[name] >= 0, name
    rows = summary["details"]["requests"]
    assert {label.removesuffix("-3p") for label in rows} == set(GAMES)
    for label, row in rows.items():
        assert row["games"] == 1 and row["sealed_moves"] + row["turn_moves"] > 0, label
        assert row["start_responses_per_game"] is not None, label
        assert row["whole_responses_per_move"] + row["whole_rate_limited_per_move"] > 0, label


def check_strength(summary: dict[str, Any]) -> None:
    """The strength fields: every game with every pair of contestants at its defaults, the
    tables of 3 and the larger ones, every contestant's rating and decision times."""
    for name in STRENGTH_FIELDS:
        assert isinstance(summary[name], int | float), (name, summary[name])
    pairs = len(CONTESTANTS) * (len(CONTESTANTS) - 1) // 2
    for slug in GAMES:
        assert len(summary["strength"][slug]) == pairs, slug
    # Every game at its defaults, at 3 players (6 games allow it) and at a larger table (one of
    # which, Arcs And Marks with 3 players, is also its table of 3).
    tables = {p.table.label for p, _ in strength.pairings(strength.Plan(1, 1, 1))}
    assert set(summary["strength"]) == tables and len(tables) == len(GAMES) + 6 + 4 - 1
    for label, pairings in summary["strength"].items():
        for result in pairings.values():
            assert result["wins"] + result["draws"] + result["losses"] in (1, 2), label
            assert 0 <= result["win_rate"] <= 1 and 0 <= result["score_share"] <= 1
            assert 0 <= result["alone_best"] <= result["win_rate"]
    assert set(summary["ratings"]) == set(CONTESTANTS)
    assert set(summary["decision_ms"]) == set(CONTESTANTS)
    for name, times in summary["decision_ms"].items():
        assert times["decisions"] > 0 and 0 <= times["p50"] <= times["p99"], name
    # Table by table, every table played, and each contestant's decisions add up to its whole.
    by_table = summary["decision_ms_by_table"]
    assert set(by_table) == tables
    for name, times in summary["decision_ms"].items():
        assert sum(at[name]["decisions"] for at in by_table.values()) == times["decisions"], name


def check_exact(summary: dict[str, Any]) -> None:
    """The exact-play fields: each quick size solved, and every pairing judged there."""
    assert set(summary["exact_sizes"]) == {
        "numbers-to-number",
        "lengths-of-lengths",
        "arcs-and-marks",
    }
    for slug, pairings in summary["exact"].items():
        assert len(pairings) == 7, slug
        for verdict in pairings.values():
            assert verdict["decisions"] > 0 and 0 <= verdict["optimal_share"] <= 1, slug
    assert 0 <= summary["hard_optimal_share"] <= 1
    assert 0 <= summary["expert_optimal_share"] <= 1


def test_the_lag_section_runs_alone() -> None:
    """`python -m bench --quick --only lag` reports that section's fields and goal only (the
    strength section is checked in the whole run: it is the slowest to run twice)."""
    summary = quick_run("lag")
    assert set(LAG_FIELDS) <= set(summary) and summary["computer_moves"] > 0
    assert "move_ratio_p50" not in summary and "solver_s" not in summary
    assert "strength" not in summary
    assert set(summary["goals"]) == {"lag_p99_ms"}


def test_the_strength_section_plays_only_the_games_and_pairings_named() -> None:
    """Named games keep all their pairings, tables of 3 and larger tables; named pairings
    keep only themselves, at default options, in every game named (or in every game)."""
    plan = strength.Plan(2, 1, 1, slugs=("labyrinthine-loop",))
    tables = {p.table.label for p, _ in strength.pairings(plan)}
    assert tables == {
        "labyrinthine-loop",
        "labyrinthine-loop (3 players)",
        "labyrinthine-loop (n=8)",
    }
    only = (("hard", "greedy"), ("hard", "greedy-safe"))
    plan = strength.Plan(40, 1, 1, slugs=("numbers-to-number", "labyrinthine-loop"), only=only)
    assert sorted((p.table.label, p.first, p.other, n) for p, n in strength.pairings(plan)) == [
        (slug, "hard", other, 40)
        for slug in ("labyrinthine-loop", "numbers-to-number")
        for other in ("greedy", "greedy-safe")
    ]
    everywhere = strength.pairings(strength.Plan(4, 1, 1, only=only[:1]))
    assert {p.table.slug for p, _ in everywhere} == set(GAMES) and len(everywhere) == len(GAMES)


def test_a_table_of_3_that_is_also_the_larger_table_is_played_once() -> None:
    """Arcs And Marks's larger table is its table of 3: its games are played and counted once."""
    plan = strength.Plan(2, 1, 3, slugs=("arcs-and-marks",))
    away = [(p, n) for p, n in strength.pairings(plan) if not p.table.default]
    assert away == [(Pairing(Table("arcs-and-marks", 3), "hard", "greedy-safe"), 3)]
    assert sum(count for pairing, _, count, _ in strength.jobs(plan) if pairing == away[0][0]) == 3


def test_the_strength_section_can_play_later_seeds() -> None:
    """A first game moves every pairing's games to other seeds, each played once."""
    only = (("hard", "greedy"),)
    plan = strength.Plan(20, 1, 1, slugs=("numbers-to-number",), only=only, first_game=40)
    played = sorted(
        i for _, first, count, _ in strength.jobs(plan) for i in range(first, first + count)
    )
    assert played == list(range(40, 60))


def greedy_against_random(
    games: int, folder: Path, first: str = "greedy"
) -> tuple[strength.Plan, Path]:
    """A small strength run, greedy (or `first`) against random in Binary Scramble, and its
    journal."""
    journal = folder / "strength.jsonl"
    only = ((first, "random"),)
    return strength.Plan(games, 1, 1, 0.05, ("binary-scramble",), only, journal=journal), journal


def test_a_stopped_strength_run_resumes_from_its_journal(tmp_path: Path) -> None:
    """Batches in the journal are not played again, one cut short by a stop is, and the results
    are those of one whole run."""
    plan, journal = greedy_against_random(10, tmp_path)
    whole = strength.run_strength(replace(plan, journal=None), 1)

    def games(res: strength.StrengthResult) -> list[tuple[object, ...]]:
        return [(r.pairing, r.index, r.seat, r.totals, r.winners) for r in res.results]

    first = strength.run_strength(plan, 1)
    assert first.resumed == 0 and games(first) == games(whole)
    kept, cut = journal.read_text().splitlines()
    journal.write_text(kept + "\n" + cut[: len(cut) // 2])
    again = strength.run_strength(plan, 1)
    assert (again.resumed, again.batches) == (1, 2) and games(again) == games(whole)
    assert len(journal.read_text().splitlines()) == 3
    last = strength.run_strength(plan, 1)
    assert (last.resumed, last.batches) == (2, 2) and games(last) == games(whole)
    # The decision times of the batches kept come back too.
    assert len(last.times_ms["greedy"]) == len(whole.times_ms["greedy"])
    # Batches played by other code are played again.
    version = strength.players_version()
    journal.write_text(journal.read_text().replace(version, "0" * len(version), 1))
    changed = strength.run_strength(plan, 1)
    assert (changed.resumed, changed.batches) == (1, 2) and games(changed) == games(whole)


def test_batches_played_under_load_are_pruned_and_played_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pruning drops the batches played above a load average (and a line cut short), and the
    next run plays them again, to the same games."""
    plan, journal = greedy_against_random(15, tmp_path)
    whole = strength.run_strength(plan, 1)

    def at(line: str, load: float) -> str:
        key, entry = json.loads(line)
        return json.dumps([key, {**entry, "load": load}])

    lines = journal.read_text().splitlines()
    quiet, busy, kept = (at(line, load) for line, load in zip(lines, (1.0, 9.0, 2.5), strict=True))
    journal.write_text("\n".join([quiet, busy, kept, kept[:20]]) + "\n")
    assert strength_journal.main(["prune", str(journal), "--max-load", "2.5"]) == 0
    assert "2 batches kept, 2 dropped" in capsys.readouterr().out
    assert journal.read_text().splitlines() == [quiet, kept]
    again = strength.run_strength(plan, 1)
    assert (again.resumed, again.batches) == (2, 3)
    assert [(r.pairing, r.index, r.totals) for r in again.results] == [
        (r.pairing, r.index, r.totals) for r in whole.results
    ]


def test_progress_counts_the_batches_kept_and_their_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The progress of a run finds its kept batches and their games; a batch of other code, or
    a journal of another plan, counts as left out."""
    plan, journal = greedy_against_random(10, tmp_path)
    played = strength.run_strength(plan, 1)
    found = strength_progress.progress(plan)
    assert (found.batches, sum(found.planned.values()), found.elsewhere) == (2, 2, 0)
    (pairing,) = found.planned
    counted = found.tallies()[pairing]
    assert counted == tallies(played.results)[pairing] and counted.games == 10
    version = strength.players_version()
    journal.write_text(journal.read_text().replace(version, "0" * len(version), 1))
    found = strength_progress.progress(plan)
    assert (found.batches, found.elsewhere) == (1, 1)
    assert found.tallies()[pairing].games == 5
    # The full run's plan holds none of these games (other budgets).
    assert strength_progress.main([str(journal)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("0 of ") and "2 kept batches of other code or another plan" in out


def test_the_time_left_goes_by_each_pairing_or_its_contestants_at_that_table(
    tmp_path: Path,
) -> None:
    """A pairing begun is guessed at its own time per game, one not begun at its contestants'
    thinking time per game at that table, and one with a contestant new to the table not."""
    plan, _ = greedy_against_random(10, tmp_path)
    begun = (("greedy", "random"), ("greedy-safe", "random"))
    strength.run_strength(replace(plan, only=begun), 1)
    more = (*begun, ("greedy-safe", "greedy"), ("easy", "greedy"))
    found = strength_progress.progress(replace(plan, games=15, only=more))
    # The begun pairings' third batch, and three of each pairing not begun.
    assert len(found.todo) == 2 + 3 + 3

    def per_game(first: str, name: str | None = None) -> float:
        kept = found.found[Pairing(Table("binary-scramble"), first, "random")]
        if name is None:
            return sum(b.seconds for b in kept) / 10
        return sum(sum(b.times_ms[name]) for b in kept) / 1e3 / 10

    begun_left = 5 * (per_game("greedy") + per_game("greedy-safe"))
    thinking = per_game("greedy-safe", "greedy-safe") + per_game("greedy", "greedy")
    assert found.seconds_left() == (pytest.approx(begun_left + 15 * thinking), 3)


def test_the_markdown_tables_show_what_the_journal_holds(tmp_path: Path) -> None:
    """Printed as the docs' tables, a journal gives its pairing's games in its game's column,
    the ratings and decision times of its contestants (a level's at its table too), and every
    goal."""
    plan, _ = greedy_against_random(10, tmp_path, first="hard")
    played = strength.run_strength(plan, 1)
    found = strength_progress.progress(plan)
    tables = "\n".join(strength_markdown(found.result(plan)))
    t = tallies(played.results)[next(iter(found.planned))]
    expected = ["-"] * len(GAMES)
    expected[list(GAMES).index("binary-scramble")] = (
        f"{t.wins}/{t.draws}/{t.losses}, {100 * t.win_rate:.0f}%"
    )
    row = next(line for line in tables.splitlines() if line.startswith("| hard vs random |"))
    assert [cell.strip() for cell in row.split("|")[2:-1]] == expected
    for name in ("hard", "random"):
        assert f"| {name} | " in tables
        assert f" | {len(played.times_ms[name]):,} |" in tables
    # The run's one table: hard's decisions there are all of its decisions.
    p50, p99 = (milliseconds(rounded(percentile(played.times_ms["hard"], q))) for q in (50, 99))
    assert f"\n| binary-scramble | {p50} | {p99} | - | - |\n" in tables
    assert all(f"\n| {goal} " in tables for goal in GOALS_SHOWN)
    # The README's summary: the pairing in its game's row, the others not played, the ratings.
    summary = "\n".join(goal_summary(found.result(plan)))
    row = next(line for line in summary.splitlines() if line.startswith("| Binary Scramble |"))
    cells = [cell.strip() for cell in row.split("|")[2:-1]]
    assert cells == [expected[list(GAMES).index("binary-scramble")], "-", "-", "-", "-"]
    head = next(line for line in summary.splitlines() if line.startswith("| contestant |"))
    assert sorted(cell.strip() for cell in head.split("|")[2:-1]) == ["hard", "random"]


def test_the_report_says_what_came_from_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run again with its journal, the command plays nothing new and says so."""
    journal = tmp_path / "strength.jsonl"
    command = ["--quick", "--only", "strength", "--strength-game", "binary-scramble"]
    command += ["--strength-pairing", "greedy:random", "--strength-journal", str(journal)]
    runs = []
    for _ in range(2):
        assert bench_main(command) == 0
        runs.append(capsys.readouterr().out)
    first, again = (json.loads(out.strip().splitlines()[-1]) for out in runs)
    assert first["strength_batches_from_journal"] == 0
    assert again["strength_batches_from_journal"] == 1
    assert "1 of 1 batches from the journal" in runs[1]
    assert again["strength"] == first["strength"]


def test_the_strength_options_reach_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    """The command plays the game, pairing and seeds named, and its report says which seeds."""
    status = bench_main(
        [
            "--quick",
            "--only",
            "strength",
            "--strength-game",
            "binary-scramble",
            "--strength-pairing",
            "greedy:random",
            "--strength-first-game",
            "9",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0 and "seeds from game 9" in out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["strength_first_game"] == 9
    played = summary["strength"]
    assert list(played) == ["binary-scramble"] and list(played["binary-scramble"]) == [
        "greedy_vs_random"
    ]
    tally = played["binary-scramble"]["greedy_vs_random"]
    assert tally["wins"] + tally["draws"] + tally["losses"] == QUICK.strength_games


def test_the_pictures_section_runs_alone() -> None:
    """`python -m bench --quick --only pictures` times every game's pictures and reports its
    three goals only."""
    summary = quick_run("pictures")
    check_pictures(summary)
    assert "move_ratio_p50" not in summary and "lag_p99_ms" not in summary
    assert set(summary["goals"]) == {"pictures_p50_ms", "pictures_p99_ms", "pictures_kb_max"}


@pytest.mark.postgres
def test_postgres_section_runs_on_its_own_server(every_section: dict[str, Any]) -> None:
    """The quick run measures every PostgreSQL figure and goal, on a server of its own."""
    summary = every_section
    measured = summary["details"]["postgres"]
    if isinstance(measured, str):
        assert measured.startswith(NOT_MEASURED) and summary["pg_move_ratio_p50"] is None
        no_postgres(measured)
    if measured["settings"]["server"].startswith("own"):
        assert measured["settings"]["fsync"] == "on", "the benchmark's server syncs commits"
    for name in PG_FIELDS:
        assert isinstance(summary[name], int | float) and summary[name] > 0, (name, summary)
    assert {"pg_move_ratio_p50", "pg_move_p99_ms_at_1000", "pg_restart_s_10000"} <= set(
        summary["goals"]
    )
    assert measured["open_games"][1] >= 1000 and measured["restart_games"] >= 1000


@pytest.mark.postgres
def test_scale_section_counts_every_move_once(every_section: dict[str, Any]) -> None:
    """With one, then two bot processes, the log holds exactly the moves they accepted."""
    summary = every_section
    measured = summary["details"]["scale"]
    if isinstance(measured, str):
        no_postgres(measured)
    for name in SCALE_FIELDS:
        assert isinstance(summary[name], int | float) and summary[name] > 0, (name, summary)
    assert [r["processes"] for r in measured["runs"]] == [1, 2]
    for each in measured["runs"]:
        assert each["accepted"] == each["logged"] > 0 and each["lost"] == each["doubled"] == 0
        assert all(p["refused_count"] == 0 for p in each["processes_detail"]), each
    assert summary["goals"]["scale_log_exact"]["met"]
    claims = measured["claims"]
    assert claims["processes"] == 2 and claims["computer_moves"] > 0, claims
    assert claims["searches"] == claims["computer_moves"], claims


def test_without_postgres_the_rows_say_not_measured(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without a PostgreSQL server, its figures are null and said to be not measured."""

    def no_server(durable: bool = False) -> NoReturn:
        raise RuntimeError("no PostgreSQL server programs (initdb, pg_ctl) found")

    monkeypatch.delenv(URL_VARIABLE, raising=False)
    monkeypatch.setattr(PostgresServer, "start", no_server)
    results = run(QUICK, tmp_path, None, frozenset({"postgres", "scale"}))
    out = summary(results)
    assert all(out[name] is None for name in (*PG_FIELDS, *SCALE_FIELDS)) and out["goals"] == {}
    printed = table(results, out)
    assert printed.count(f"{NOT_MEASURED} (no PostgreSQL server programs") == 2, printed


def quick_run(*only: str) -> dict[str, Any]:
    """The JSON summary that ends `python -m bench --quick` (only the named sections, if any)."""
    flags = [arg for name in only for arg in ("--only", name)]
    env = dict(os.environ)
    # A PostgreSQL server given to the tests by URL is the benchmark's too.
    if not env.get(URL_VARIABLE) and env.get("TEST_DATABASE_URL"):
        env[URL_VARIABLE] = env["TEST_DATABASE_URL"]
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", *flags],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    summary: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary
