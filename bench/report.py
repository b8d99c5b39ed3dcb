"""The readable table and the one-line JSON summary, with each goal and whether it was met."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.lag import LagResult, lag_lines, lag_summary
from bench.moves import MovesResult, Phase
from bench.restart import RestartResult
from bench.rules_ops import OPS, CaseRun
from bench.sizes import Sizes
from bench.solver import SolverResult
from bench.stats import percentile

GROWTH_LIMIT = 1.5
"""'No growth': the p99 with the most games open is at most this times the p99 with the fewest."""


@dataclass
class Results:
    """Everything one run measured."""

    sizes: Sizes
    moves: MovesResult
    restart: RestartResult
    rules: list[CaseRun]
    solver: SolverResult
    section_s: dict[str, float]
    load_avg: dict[str, float]
    lag: LagResult | None = None


def _r(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 3)


def _floor_p(phase: Phase, q: float) -> float:
    return percentile([s.ack_ms for s in phase.floors], q)


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


def _goal(value: float | None, text: str, test: Callable[[float], bool]) -> dict[str, Any]:
    return {"goal": text, "value": value, "met": value is not None and test(value)}


def summary(res: Results) -> dict[str, Any]:
    """The JSON object printed as the last line."""
    phases = res.moves.phases
    first = phases[0]
    p99 = {size: _r(ph.p(99)) for size, ph in zip(res.sizes.open_games, phases, strict=True)}
    start = res.restart.start
    restart_s = start["phases_s"]["second_move"]
    worst = rules_worst(res.rules)
    rules_max = max((ms for ops in worst.values() for ms, _ in ops.values()), default=math.nan)
    growth = (p99[1000] or math.nan) / (p99[10] or math.nan)
    out: dict[str, Any] = {
        "mode": res.sizes.name,
        "move_ratio_p50": _r(first.p(50) / _floor_p(first, 50)),
        "move_ratio_p99": _r(first.p(99) / _floor_p(first, 99)),
        "move_p99_ms_at_10": p99[10],
        "move_p99_ms_at_100": p99[100],
        "move_p99_ms_at_1000": p99[1000],
        "restart_s_10000": _r(restart_s),
        "kb_per_open_game": _r(res.restart.memory["kb_per_game"]),
        "rules_worst_ms": _r(rules_max),
        "solver_s": {k: None if v is None else _r(v) for k, v in res.solver.seconds.items()},
    }
    out["goals"] = {
        "move_ratio_p50": _goal(out["move_ratio_p50"], "<= 1.5", lambda v: v <= 1.5),
        "move_p99_ms_at_1000": _goal(out["move_p99_ms_at_1000"], "< 50", lambda v: v < 50),
        "move_p99_growth": _goal(
            _r(growth), f"p99 at 1000 / p99 at 10 <= {GROWTH_LIMIT}", lambda v: v <= GROWTH_LIMIT
        ),
        "restart_s_10000": _goal(out["restart_s_10000"], "< 2", lambda v: v < 2),
        "kb_per_open_game": _goal(out["kb_per_open_game"], "< 50", lambda v: v < 50),
        "rules_worst_ms": _goal(out["rules_worst_ms"], "< 10", lambda v: v < 10),
    }
    out["details"] = {
        "open_games": [ph.open_games for ph in phases],
        "moves_timed": [len(ph.moves) for ph in phases],
        "move_p50_ms": [_r(ph.p(50)) for ph in phases],
        "floor_p50_ms": [_r(_floor_p(ph, 50)) for ph in phases],
        "floor_p99_ms": [_r(_floor_p(ph, 99)) for ph in phases],
        "restart_games": res.restart.games,
        "restart_phases_s": {k: _r(v) for k, v in start["phases_s"].items()},
        "restart_process_s": _r(start["process_s"]),
        "rss_kb_per_open_game": _r(res.restart.memory["rss_kb_per_game"]),
        "rules_worst": {g: {op: _r(ms) for op, (ms, _) in ops.items()} for g, ops in worst.items()},
        "rules_cut": [f"{r.case.slug} {r.case.label}" for r in res.rules if not r.finished],
        "solver_notes": res.solver.notes,
        "section_s": {k: _r(v) for k, v in res.section_s.items()},
        "load_avg": {k: _r(v) for k, v in res.load_avg.items()},
    }
    if res.lag is not None:
        merge(out, lag_summary(res.lag))
    return out


def merge(out: dict[str, Any], part: dict[str, Any]) -> None:
    """Add a section's fields to the summary, its goals and details to theirs."""
    for key, value in part.items():
        if key in ("goals", "details"):
            out.setdefault(key, {}).update(value)
        else:
            out[key] = value


def _ms(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.2f}"


def _moves_section(res: Results, s: dict[str, Any]) -> list[str]:
    first = res.moves.phases[0]
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
    rows.append(
        ("floor (/benchfloor)", _floor_p(first, 50), _floor_p(first, 99), len(first.floors))
    )
    lines += [f"   {n:24}{_ms(a):>9}{_ms(b):>9}{c:>6}" for n, a, b, c in rows]
    lines.append(
        f"   {'ratio':24}{s['move_ratio_p50']:>9}{s['move_ratio_p99']:>9}"
        f"      goal p50 <= 1.5: {_met(s, 'move_ratio_p50')}"
    )
    lines += ["", "2. Moves with more games open in the server (ms)"]
    head = ("open games", "moves", "p50", "p99", "DM p50", "/move p50", "floor p50", "settled p50")
    lines.append("   " + "".join(f"{h:>12}" for h in head))
    for ph in res.moves.phases:
        row = (
            ph.open_games,
            len(ph.moves),
            _ms(ph.p(50)),
            _ms(ph.p(99)),
            _ms(ph.p(50, "dm")),
            _ms(ph.p(50, "slash")),
            _ms(_floor_p(ph, 50)),
            _ms(_settled_p(ph, 50)),
        )
        lines.append("   " + "".join(f"{v:>12}" for v in row))
    lines.append(
        f"   p99 at 1000: goal < 50 ms: {_met(s, 'move_p99_ms_at_1000')}; "
        f"no growth (x{s['goals']['move_p99_growth']['value']} from 10 to 1000, "
        f"limit x{GROWTH_LIMIT}): {_met(s, 'move_p99_growth')}"
    )
    return lines


def _restart_section(res: Results, s: dict[str, Any]) -> list[str]:
    st = res.restart.start
    ph = st["phases_s"]
    mem = res.restart.memory
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
        f"3. Restart: a new bot process on {res.restart.games:,} open games"
        " (seconds since constructing the bot)",
        *(f"   {label:46}{value:8.2f}" for label, value in rows),
        f"   restart {s['restart_s_10000']} s; goal < 2 s: {_met(s, 'restart_s_10000')}",
        f"   memory per open game: {mem['kb_per_game']:.2f} KB traced (RSS "
        f"{mem['rss_kb_per_game']:.2f} KB) over {mem['games']:,} games;"
        f" goal < 50 KB: {_met(s, 'kb_per_open_game')}",
    ]


def _rules_section(res: Results, s: dict[str, Any]) -> list[str]:
    worst = rules_worst(res.rules)
    lines = [
        f"4. Rules: worst ms per operation over {len(res.rules)} bound cases"
        f" ({len(s['details']['rules_cut'])} long games cut at"
        f" {res.sizes.rules_budget_s:g} s)",
        "   " + f"{'game':22}" + "".join(f"{op:>9}" for op in OPS) + "   slowest case",
    ]
    for slug, ops in worst.items():
        top_op = max(ops, key=lambda op: ops[op][0])
        cells = "".join(f"{ops[op][0]:>9.2f}" if op in ops else f"{'-':>9}" for op in OPS)
        lines.append(f"   {slug:22}{cells}   {top_op} at {ops[top_op][1]}")
    lines.append(f"   worst {s['rules_worst_ms']} ms; goal < 10 ms: {_met(s, 'rules_worst_ms')}")
    return lines


def _solver_section(res: Results) -> list[str]:
    lines = ["5. Solver: python -m rules solve integer-sequence N"]
    for n, secs in res.solver.seconds.items():
        text = f"{secs:.2f} s" if secs is not None else f"null ({res.solver.notes.get(n, '')})"
        lines.append(f"   N={n:<4} {text}")
    return lines


def _met(s: dict[str, Any], goal: str) -> str:
    return "met" if s["goals"][goal]["met"] else "NOT MET"


def _head(mode: str, section_s: dict[str, float], load_avg: dict[str, float]) -> list[str]:
    total = sum(section_s.values())
    sections = ", ".join(
        f"{name} {secs:.0f} s (load {load_avg.get(name, math.nan):.1f})"
        for name, secs in section_s.items()
    )
    return [
        f"Quet Referee benchmark ({mode} run, {total:.0f} s)",
        f"sections: {sections}; load = 1-minute load average at the start, on"
        f" {os.cpu_count()} cores",
    ]


def table(res: Results, s: dict[str, Any]) -> str:
    """The readable report."""
    parts = [
        _head(res.sizes.name, res.section_s, res.load_avg),
        _moves_section(res, s),
        _restart_section(res, s),
        _rules_section(res, s),
        _solver_section(res),
    ]
    if res.lag is not None:
        parts.append(lag_lines(res.lag, s, 6))
    return "\n\n".join("\n".join(p) for p in parts)


def only_report(
    sizes: Sizes, section_s: dict[str, float], load_avg: dict[str, float], lag: LagResult | None
) -> tuple[str, dict[str, Any]]:
    """The table and the summary of a run of stand-alone sections only (`--only`)."""
    out: dict[str, Any] = {"mode": sizes.name, "goals": {}}
    out["details"] = {
        "section_s": {k: _r(v) for k, v in section_s.items()},
        "load_avg": {k: _r(v) for k, v in load_avg.items()},
    }
    parts = [_head(sizes.name, section_s, load_avg)]
    if lag is not None:
        merge(out, lag_summary(lag))
        parts.append(lag_lines(lag, out, 6))
    return "\n\n".join("\n".join(p) for p in parts), out
