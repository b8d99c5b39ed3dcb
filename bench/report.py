"""The readable table and the one-line JSON summary, with each goal and whether it was met."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.exact_play import ExactResult
from bench.exact_report import exact_section, exact_summary
from bench.lag import LagResult, lag_lines, lag_summary
from bench.moves import MovesResult, Phase
from bench.pg_report import postgres_lines, postgres_summary, scale_lines, scale_summary
from bench.pictures import PicturesResult, pictures_lines, pictures_summary
from bench.postgres import PostgresResult
from bench.requests import RequestsResult, requests_lines, requests_summary
from bench.restart import RestartResult
from bench.rules_ops import OPS, CaseRun
from bench.scale import ScaleResult
from bench.sizes import Sizes
from bench.solver import GOALS_S as SOLVER_GOALS_S
from bench.solver import SolverResult
from bench.stats import at_most, percentile, verdict
from bench.stats import goal as _goal
from bench.stats import rounded as _r
from bench.strength import StrengthResult
from bench.strength_report import strength_lines, strength_summary

GROWTH_LIMIT = 1.5
"""'No growth': the p99 with the most games open is at most this times the p99 with the fewest."""
KIND_RATIO_GOALS = (("dm", "move_ratio_dm_p50", 1.2), ("slash", "move_ratio_turn_p50", 2.0))
"""A DM move's and a turn move's (with its picture) p50 over the floor's, at most this."""
KIND_LABELS = {"dm": "DM", "slash": "turn move (its picture drawn)"}
RESTART_GOAL_S = 1.0
"""A new process on 10,000 open games accepts a move after its restart post within this."""


@dataclass
class Results:
    """Everything one run measured (None for a section left out with `--only`)."""

    sizes: Sizes
    moves: MovesResult | None
    restart: RestartResult | None
    rules: list[CaseRun] | None
    solver: SolverResult | None
    strength: StrengthResult | None
    section_s: dict[str, float]
    load_avg: dict[str, float]
    lag: LagResult | None = None
    pictures: PicturesResult | None = None
    postgres: PostgresResult | str | None = None
    """The PostgreSQL figures, or why they were not measured."""
    scale: ScaleResult | str | None = None
    requests: RequestsResult | None = None
    exact: ExactResult | None = None


def _settled_p(phase: Phase, q: float) -> float:
    return percentile([s.settled_ms for s in phase.moves], q)


def rules_worst(runs: list[CaseRun]) -> dict[str, dict[str, tuple[float, str]]]:
    """The worst time of each operation per game, with the case where it happened."""
    out: dict[str, dict[str, tuple[float, str]]] = {}
    for run in runs:
        per_op = out.setdefault(run.case.slug, {})
        for op, ms in run.worst_ms.items():
            if ms > per_op.get(op, (-1.0, ""))[0]:
                per_op[op] = (ms, run.case.label)
    return out


def summary(res: Results) -> dict[str, Any]:
    """The JSON object printed as the last line: the fields and goals of every section run."""
    out: dict[str, Any] = {"mode": res.sizes.name}
    goals: dict[str, Any] = {}
    details: dict[str, Any] = {}
    if res.moves is not None:
        _moves_summary(res.moves, res.sizes, out, goals, details)
    if res.restart is not None:
        _restart_summary(res.restart, out, goals, details)
    if res.rules is not None:
        worst = rules_worst(res.rules)
        rules_max = max((ms for ops in worst.values() for ms, _ in ops.values()), default=math.nan)
        out["rules_worst_ms"] = _r(rules_max)
        goals["rules_worst_ms"] = _goal(out["rules_worst_ms"], "< 10", lambda v: v < 10)
        details["rules_worst"] = {
            g: {op: _r(ms) for op, (ms, _) in ops.items()} for g, ops in worst.items()
        }
        details["rules_cut"] = [
            f"{r.case.slug} {r.case.label}" for r in res.rules if not r.finished
        ]
    if res.solver is not None:
        solver = res.solver
        out["solver_s"] = {k: None if v is None else _r(v) for k, v in solver.seconds.items()}
        out["solver_compiled_s"] = {
            k: None if v is None else _r(v) for k, v in solver.compiled.items()
        }
        details["solver_notes"] = solver.notes
        details["solver_compiled_notes"] = solver.compiled_notes
        for n, limit in SOLVER_GOALS_S.items():
            if n in solver.compiled:
                goals[f"solver_a{n}_s"] = _goal(
                    out["solver_compiled_s"][n], f"< {limit:g}", _below(limit)
                )
    if res.strength is not None:
        fields, strength_goals = strength_summary(res.strength)
        out.update(fields)
        goals.update(strength_goals)
    if res.exact is not None:
        fields, exact_goals = exact_summary(res.exact)
        out.update(fields)
        goals.update(exact_goals)
    if res.lag is not None:
        lag = lag_summary(res.lag)
        goals.update(lag.pop("goals"))
        details.update(lag.pop("details"))
        out.update(lag)
    for section in (
        None if res.pictures is None else pictures_summary(res.pictures),
        None if res.postgres is None else postgres_summary(res.postgres),
        None if res.scale is None else scale_summary(res.scale),
        None if res.requests is None else requests_summary(res.requests),
    ):
        if section is not None:
            goals.update(section.pop("goals"))
            details.update(section.pop("details"))
            out.update(section)
    out["goals"] = goals
    details["section_s"] = {k: _r(v) for k, v in res.section_s.items()}
    details["load_avg"] = {k: _r(v) for k, v in res.load_avg.items()}
    out["details"] = details
    return out


def _moves_summary(
    moves: MovesResult,
    sizes: Sizes,
    out: dict[str, Any],
    goals: dict[str, Any],
    details: dict[str, Any],
) -> None:
    phases = moves.phases
    first = phases[0]
    p99 = {size: _r(ph.p(99)) for size, ph in zip(sizes.open_games, phases, strict=True)}
    growth = (p99[1000] or math.nan) / (p99[10] or math.nan)
    out["move_ratio_p50"] = _r(first.p(50) / first.floor(50))
    out["move_ratio_p99"] = _r(first.p(99) / first.floor(99))
    out["move_p99_ms_at_10"] = p99[10]
    out["move_p99_ms_at_100"] = p99[100]
    out["move_p99_ms_at_1000"] = p99[1000]
    goals["move_ratio_p50"] = _goal(out["move_ratio_p50"], "<= 1.5", lambda v: v <= 1.5)
    for kind, name, limit in KIND_RATIO_GOALS:
        out[name] = _r(first.p(50, kind) / first.floor(50))
        goals[name] = at_most(out[name], limit)
    goals["move_p99_ms_at_1000"] = _goal(out["move_p99_ms_at_1000"], "< 50", lambda v: v < 50)
    goals["move_p99_growth"] = _goal(
        _r(growth), f"p99 at 1000 / p99 at 10 <= {GROWTH_LIMIT}", lambda v: v <= GROWTH_LIMIT
    )
    details["open_games"] = [ph.open_games for ph in phases]
    details["moves_timed"] = [len(ph.moves) for ph in phases]
    details["move_p50_ms"] = [_r(ph.p(50)) for ph in phases]
    details["floor_p50_ms"] = [_r(ph.floor(50)) for ph in phases]
    details["floor_p99_ms"] = [_r(ph.floor(99)) for ph in phases]


def _restart_summary(
    restart: RestartResult, out: dict[str, Any], goals: dict[str, Any], details: dict[str, Any]
) -> None:
    start = restart.start
    out["restart_s_10000"] = _r(start["phases_s"]["second_move"])
    out["kb_per_open_game"] = _r(restart.memory["kb_per_game"])
    goals["restart_s_10000"] = _goal(
        out["restart_s_10000"], f"< {RESTART_GOAL_S:g}", lambda v: v < RESTART_GOAL_S
    )
    goals["kb_per_open_game"] = _goal(out["kb_per_open_game"], "< 50", lambda v: v < 50)
    details["restart_games"] = restart.games
    details["restart_phases_s"] = {k: _r(v) for k, v in start["phases_s"].items()}
    details["restart_process_s"] = _r(start["process_s"])
    details["rss_kb_per_open_game"] = _r(restart.memory["rss_kb_per_game"])


def _ms(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.2f}"


def _moves_section(moves: MovesResult, s: dict[str, Any]) -> list[str]:
    first = moves.phases[0]
    lines = [
        f"1. Moves against the floor ({first.open_games} games open, {len(first.moves)} moves"
        " of mixed games; time to the bot's acknowledgement, committed)",
        f"   {'':24}{'p50 ms':>9}{'p99 ms':>9}{'n':>6}",
    ]
    kinds = [
        ("moves", None),
        ("  DM (sealed, bare)", "dm"),
        ("  /move (turn, no game:)", "slash"),
        ("  moves that end a game", "ended"),
    ]
    rows = [(name, first.p(50, k), first.p(99, k), len(first.of(k))) for name, k in kinds]
    rows.append(("floor (/benchfloor)", first.floor(50), first.floor(99), len(first.floors)))
    lines += [f"   {n:24}{_ms(a):>9}{_ms(b):>9}{c:>6}" for n, a, b, c in rows]
    lines.append(
        f"   {'ratio':24}{s['move_ratio_p50']:>9}{s['move_ratio_p99']:>9}"
        f"      goal p50 <= 1.5: {_met(s, 'move_ratio_p50')}"
    )
    lines.append(
        "   p50 ratio by kind: "
        + "; ".join(
            f"{KIND_LABELS[kind]} x{s[name]} (goal <= {limit}: {_met(s, name)})"
            for kind, name, limit in KIND_RATIO_GOALS
        )
    )
    lines += ["", "2. Moves with more games open in the server (ms)"]
    head = ("open games", "moves", "p50", "p99", "DM p50", "/move p50", "floor p50", "settled p50")
    lines.append("   " + "".join(f"{h:>12}" for h in head))
    for ph in moves.phases:
        row = (
            ph.open_games,
            len(ph.moves),
            _ms(ph.p(50)),
            _ms(ph.p(99)),
            _ms(ph.p(50, "dm")),
            _ms(ph.p(50, "slash")),
            _ms(ph.floor(50)),
            _ms(_settled_p(ph, 50)),
        )
        lines.append("   " + "".join(f"{v:>12}" for v in row))
    lines.append(
        f"   p99 at 1000: goal < 50 ms: {_met(s, 'move_p99_ms_at_1000')}; "
        f"no growth (x{s['goals']['move_p99_growth']['value']} from 10 to 1000, "
        f"limit x{GROWTH_LIMIT}): {_met(s, 'move_p99_growth')}"
    )
    return lines


def _restart_section(restart: RestartResult, s: dict[str, Any]) -> list[str]:
    st = restart.start
    ph = st["phases_s"]
    mem = restart.memory
    sent = f"reminders sent ({st['posts']:,} posts, {st['directs']:,} DMs)"
    rows = [
        ("interpreter start and imports (before)", st["interpreter_s"] + st["imports_s"]),
        ("bot ready (setup_hook, READY)", ph["ready"]),
        ("first move accepted (game loaded on use)", ph["first_move"]),
        ("reminders built (every game loaded)", ph["reminders_built"]),
        (sent, ph["reminders_sent"]),
        ("a move accepted after the reminders", ph["second_move"]),
    ]
    return [
        f"3. Restart: a new bot process on {restart.games:,} open games"
        " (seconds since constructing the bot)",
        *(f"   {label:46}{value:8.2f}" for label, value in rows),
        f"   restart {s['restart_s_10000']} s; goal < {RESTART_GOAL_S:g} s:"
        f" {_met(s, 'restart_s_10000')}",
        f"   memory per open game: {mem['kb_per_game']:.2f} KB traced (RSS "
        f"{mem['rss_kb_per_game']:.2f} KB) over {mem['games']:,} games;"
        f" goal < 50 KB: {_met(s, 'kb_per_open_game')}",
    ]


def _rules_section(runs: list[CaseRun], budget_s: float, s: dict[str, Any]) -> list[str]:
    worst = rules_worst(runs)
    lines = [
        f"4. Rules: worst ms per operation over {len(runs)} bound cases"
        f" ({len(s['details']['rules_cut'])} long games cut at"
        f" {budget_s:g} s)",
        "   " + f"{'game':22}" + "".join(f"{op:>9}" for op in OPS) + "   slowest case",
    ]
    for slug, ops in worst.items():
        top_op = max(ops, key=lambda op: ops[op][0])
        cells = "".join(f"{ops[op][0]:>9.2f}" if op in ops else f"{'-':>9}" for op in OPS)
        lines.append(f"   {slug:22}{cells}   {top_op} at {ops[top_op][1]}")
    lines.append(f"   worst {s['rules_worst_ms']} ms; goal < 10 ms: {_met(s, 'rules_worst_ms')}")
    return lines


def _below(limit: float) -> Callable[[float], bool]:
    return lambda v: v < limit


def _solver_section(solver: SolverResult) -> list[str]:
    lines = [
        "5. Solver: a(N), the compiled core (python -m solver integer-sequence N) and the pure"
        " search (python -m rules solve integer-sequence N)",
        f"   {'N':<5}{'compiled':>14}{'pure':>14}   goal (compiled)",
    ]
    for n in sorted({*solver.compiled, *solver.seconds}, key=int):
        cells = [
            _solver_cell(solver.compiled, solver.compiled_notes, n),
            _solver_cell(solver.seconds, solver.notes, n),
        ]
        goal = f"< {SOLVER_GOALS_S[n]:g} s" if n in SOLVER_GOALS_S else ""
        lines.append(f"   {n:<5}{cells[0]:>14}{cells[1]:>14}   {goal}")
    notes = {**solver.compiled_notes, **solver.notes}
    lines += [f"   N={n}: {note}" for n, note in notes.items() if note]
    return lines


def _solver_cell(seconds: dict[str, float | None], notes: dict[str, str], n: str) -> str:
    if n not in seconds:
        return "-"
    secs = seconds[n]
    return f"{secs:.2f} s" if secs is not None else "null"


def _met(s: dict[str, Any], goal: str) -> str:
    return verdict(s["goals"][goal])


def table(res: Results, s: dict[str, Any]) -> str:
    """The readable report."""
    total = sum(res.section_s.values())
    sections = ", ".join(
        f"{name} {secs:.0f} s (load {res.load_avg.get(name, math.nan):.1f})"
        for name, secs in res.section_s.items()
    )
    parts = [
        [
            f"Quet Referee benchmark ({res.sizes.name} run, {total:.0f} s)",
            f"sections: {sections}; load = 1-minute load average at the start, on"
            f" {os.cpu_count()} cores",
        ]
    ]
    if res.moves is not None:
        parts.append(_moves_section(res.moves, s))
    if res.restart is not None:
        parts.append(_restart_section(res.restart, s))
    if res.rules is not None:
        parts.append(_rules_section(res.rules, res.sizes.rules_budget_s, s))
    if res.solver is not None:
        parts.append(_solver_section(res.solver))
    if res.strength is not None:
        parts.append(strength_lines(res.strength, s))
    if res.lag is not None:
        parts.append(lag_lines(res.lag, s, 7))
    if res.pictures is not None:
        parts.append(pictures_lines(res.pictures, s, 8))
    if res.postgres is not None:
        parts.append(postgres_lines(res.postgres, s, 9))
    if res.scale is not None:
        parts.append(scale_lines(res.scale, s, 10))
    if res.requests is not None:
        parts.append(requests_lines(res.requests, s, 11))
    if res.exact is not None:
        parts.append(exact_section(res.exact, s))
    return "\n\n".join("\n".join(p) for p in parts)
