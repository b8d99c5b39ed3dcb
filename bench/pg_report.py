"""The PostgreSQL sections' JSON fields and goals, and their block of the printed table."""

from __future__ import annotations

import math
from typing import Any

from bench.claims import LEVEL
from bench.postgres import PostgresResult
from bench.scale import PARTNERS, Run, ScaleResult
from bench.stats import at_most, goal, rounded, verdict

GAIN_GOAL = 1.15
"""A second process must add this much throughput (two processes over one): two cores shared by
the bot processes and the server leave little room for more (see docs/performance.md)."""
RETRY_GOAL = 0.02
"""Transactions tried again, at most this share of the moves accepted (in every run)."""
TAIL_GOAL = 3.0
"""A move's p99 at most this many times its p50 (in every run, each process)."""
PG_KIND_RATIO_GOALS = (
    ("dm", "pg_move_ratio_dm_p50", 1.3),
    ("slash", "pg_move_ratio_turn_p50", 2.0),
)
"""On PostgreSQL, a DM move's and a turn move's p50 over the floor's, at most this."""
PG_RESTART_GOAL_S = 1.5
"""On PostgreSQL, a new process on 10,000 open games accepts a move after its restart post
within this."""


def postgres_summary(res: PostgresResult | str) -> dict[str, Any]:
    """The postgres section's fields, with "goals" and "details" (fields None if not measured)."""
    if isinstance(res, str):
        fields = ("pg_move_ratio_p50", "pg_move_ratio_p99", "pg_move_p99_ms_at_1000")
        return {
            **dict.fromkeys((*fields, "pg_restart_s_10000")),
            "goals": {},
            "details": {"postgres": res},
        }
    few, many = res.few.phases[0], res.many.phases[0]
    out: dict[str, Any] = {
        "pg_move_ratio_p50": rounded(few.p(50) / few.floor(50)),
        "pg_move_ratio_p99": rounded(few.p(99) / few.floor(99)),
        "pg_move_p99_ms_at_1000": rounded(many.p(99)),
        "pg_restart_s_10000": rounded(res.start["phases_s"]["second_move"]),
    }
    out["goals"] = {
        "pg_move_ratio_p50": goal(out["pg_move_ratio_p50"], "<= 1.5", lambda v: v <= 1.5),
        "pg_move_p99_ms_at_1000": goal(out["pg_move_p99_ms_at_1000"], "< 50", lambda v: v < 50),
        "pg_restart_s_10000": goal(
            out["pg_restart_s_10000"], f"< {PG_RESTART_GOAL_S:g}", lambda v: v < PG_RESTART_GOAL_S
        ),
    }
    for kind, name, limit in PG_KIND_RATIO_GOALS:
        out[name] = rounded(few.p(50, kind) / few.floor(50))
        out["goals"][name] = at_most(out[name], limit)
    out["details"] = {
        "postgres": {
            "settings": res.settings,
            "open_games": [few.open_games, many.open_games],
            "moves_timed": [len(few.moves), len(many.moves)],
            "move_p50_ms": [rounded(few.p(50)), rounded(many.p(50))],
            "floor_p50_ms": [rounded(few.floor(50)), rounded(many.floor(50))],
            "floor_p99_ms": [rounded(few.floor(99)), rounded(many.floor(99))],
            "copy": {
                "rows": [res.many_copy.rows, res.restart_copy.rows],
                "seconds": [rounded(res.many_copy.seconds), rounded(res.restart_copy.seconds)],
            },
            "restart_games": res.restart_games,
            "restart_phases_s": {k: rounded(v) for k, v in res.start["phases_s"].items()},
            "restart_process_s": rounded(res.start["process_s"]),
        }
    }
    return out


def retry_share(run: Run) -> float:
    """Transactions the run's processes tried again in the window, per move accepted there."""
    accepted = sum(c["in_window"] for c in run.children)
    return sum(c["retried"] for c in run.children) / max(1, accepted)


def tail_ratio(run: Run) -> float:
    """The largest move p99 over p50 of the run's processes."""
    return max(c["move_p99_ms"] / c["move_p50_ms"] for c in run.children)


def given_up(run: Run) -> int:
    """Moves the run's processes gave up as busy (warm-up included)."""
    return sum(c["busy"] for c in run.children)


def scale_summary(res: ScaleResult | str) -> dict[str, Any]:
    """The scale section's fields, with "goals" and "details" (fields None if not measured)."""
    fields = (
        "scale_moves_per_s_1",
        "scale_moves_per_s_2",
        "scale_gain",
        "scale_retry_share",
        "scale_p99_over_p50",
        "scale_busy",
        "scale_searches_per_decision",
    )
    if isinstance(res, str):
        return {**dict.fromkeys(fields), "goals": {}, "details": {"scale": res}}
    one, two = res.runs
    out: dict[str, Any] = {
        "scale_moves_per_s_1": rounded(one.moves_per_s),
        "scale_moves_per_s_2": rounded(two.moves_per_s),
        "scale_gain": rounded(res.gain),
        "scale_retry_share": rounded(max(retry_share(r) for r in res.runs)),
        "scale_p99_over_p50": rounded(max(tail_ratio(r) for r in res.runs)),
        "scale_busy": sum(given_up(r) for r in res.runs),
        "scale_searches_per_decision": rounded(res.claims.per_decision),
    }
    wrong = sum(r.lost + r.doubled for r in res.runs)
    out["goals"] = {
        "scale_gain": goal(out["scale_gain"], f">= {GAIN_GOAL}", lambda v: v >= GAIN_GOAL),
        "scale_retry_share": goal(
            out["scale_retry_share"], f"< {RETRY_GOAL}", lambda v: v < RETRY_GOAL
        ),
        "scale_p99_over_p50": goal(
            out["scale_p99_over_p50"], f"<= {TAIL_GOAL}", lambda v: v <= TAIL_GOAL
        ),
        "scale_busy": goal(out["scale_busy"], "== 0", lambda v: v == 0),
        "scale_log_exact": goal(wrong, "moves lost or doubled == 0", lambda v: v == 0),
        "scale_searches_per_decision": goal(
            out["scale_searches_per_decision"], "== 1", lambda v: v == 1
        ),
    }
    out["details"] = {
        "scale": {
            "settings": res.settings,
            "members": res.members,
            "warmup_s": res.warmup_s,
            "window_s": res.window_s,
            "claims": {
                "processes": res.claims.processes,
                "games": res.claims.games,
                "seconds": res.claims.seconds,
                "computer_moves": res.claims.decisions,
                "searches": res.claims.searched,
                "asked": res.claims.asked,
            },
            "runs": [
                {
                    "processes": r.processes,
                    "moves_per_s": rounded(r.moves_per_s),
                    "retry_share": rounded(retry_share(r)),
                    "busy": given_up(r),
                    "accepted": r.accepted,
                    "logged": r.logged,
                    "lost": r.lost,
                    "doubled": r.doubled,
                    "postgres_cores": None
                    if r.postgres_cores is None
                    else rounded(r.postgres_cores),
                    "machine_cores": rounded(r.machine_cores),
                    "python_cpu_ms_per_move": rounded(
                        sum(c["process_cores"] for c in r.children) / r.moves_per_s * 1000
                    ),
                    "postgres_cpu_ms_per_move": None
                    if r.postgres_cores is None
                    else rounded(r.postgres_cores / r.moves_per_s * 1000),
                    "processes_detail": [
                        {k: rounded(v) if isinstance(v, float) else v for k, v in c.items()}
                        for c in r.children
                    ],
                }
                for r in res.runs
            ],
        }
    }
    return out


def _v(x: Any, unit: str = "") -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x}{unit}"


def _met(s: dict[str, Any], name: str) -> str:
    return verdict(s["goals"].get(name))


def postgres_lines(res: PostgresResult | str, s: dict[str, Any], number: int) -> list[str]:
    """The postgres section's block: each figure beside SQLite's (when measured in this run)."""
    head = f"{number}. PostgreSQL beside SQLite (the bot's store on each)"
    if isinstance(res, str):
        return [head, f"   {res}"]
    d = s["details"]["postgres"]
    st = d["settings"]
    rows = [
        ("move / floor, p50", "move_ratio_p50", "pg_move_ratio_p50", "", "<= 1.5"),
        ("move / floor, p99", "move_ratio_p99", "pg_move_ratio_p99", "", ""),
        (
            "move p99 with 1,000 games open",
            "move_p99_ms_at_1000",
            "pg_move_p99_ms_at_1000",
            " ms",
            "< 50 ms",
        ),
        (
            f"restart with {res.restart_games:,} open games",
            "restart_s_10000",
            "pg_restart_s_10000",
            " s",
            f"< {PG_RESTART_GOAL_S:g} s",
        ),
        *(
            (f"{label} move / floor, p50", name.removeprefix("pg_"), name, "", f"<= {limit}")
            for (_, name, limit), label in zip(PG_KIND_RATIO_GOALS, ("DM", "turn"), strict=True)
        ),
    ]
    lines = [
        head,
        f"   server {st['server_version']} ({st['server']}): fsync={st['fsync']}, "
        f"synchronous_commit={st['synchronous_commit']}, full_page_writes="
        f"{st['full_page_writes']}, shared_buffers={st['shared_buffers']}",
        f"   {'':34}{'SQLite':>10}{'PostgreSQL':>12}{'goal':>10}   PostgreSQL",
    ]
    for label, lite, pg, unit, aim in rows:
        lines.append(
            f"   {label:34}{_v(s.get(lite), unit):>10}{_v(s.get(pg), unit):>12}{aim:>10}"
            f"   {_met(s, pg) if aim else ''}"
        )
    ph = d["restart_phases_s"]
    lines += [
        f"   moves: p50 {d['move_p50_ms'][0]} ms against a floor of {d['floor_p50_ms'][0]} ms"
        f" ({d['open_games'][0]} open, {d['moves_timed'][0]} moves); p50 {d['move_p50_ms'][1]}"
        f" ms with {d['open_games'][1]:,} open ({d['moves_timed'][1]} moves)",
        f"   restart: ready {ph['ready']:.2f} s, first move {ph['first_move']:.2f} s, reminders"
        f" built {ph['reminders_built']:.2f} s, sent {ph['reminders_sent']:.2f} s, a move"
        f" after them {ph['second_move']:.2f} s",
        f"   db copy into PostgreSQL: {d['copy']['rows'][1]:,} rows in"
        f" {d['copy']['seconds'][1]:.2f} s (the restart's), {d['copy']['rows'][0]:,} rows in"
        f" {d['copy']['seconds'][0]:.2f} s (1,000 games)",
    ]
    return lines


def scale_lines(res: ScaleResult | str, s: dict[str, Any], number: int) -> list[str]:
    """The scale section's block."""
    head = f"{number}. Bot processes sharing one PostgreSQL database"
    if isinstance(res, str):
        return [head, f"   {res}"]
    lines = [
        head,
        f"   {res.members} members acting at once, each at {2 * PARTNERS} two-player games;"
        f" moves counted over {res.window_s:g} s after {res.warmup_s:g} s of warm-up",
        f"   {'processes':>10}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'python cores':>13}"
        f"{'postgres':>9}{'machine':>8}{'CPU ms/move':>12}{'retried':>8}{'loop p99':>9}   log",
    ]
    for r in res.runs:
        c = r.children
        p50 = max(x["move_p50_ms"] for x in c)
        p99 = max(x["move_p99_ms"] for x in c)
        python = " + ".join(f"{x['process_cores']:.2f}" for x in c)
        pg = "-" if r.postgres_cores is None else f"{r.postgres_cores:.2f}"
        retried = retry_share(r)
        lag = max(x["loop_lag_p99_ms"] for x in c)
        refused = sum(x["refused_count"] for x in c)
        busy = given_up(r)
        check = (
            f"{r.logged} = {r.accepted} accepted"
            if r.lost == r.doubled == 0
            else f"{r.lost} lost, {r.doubled} doubled of {r.accepted}"
        )
        check += f", {refused} refused" if refused else ""
        check += f", {busy} given up as busy" if busy else ""
        per_move = sum(x["process_cores"] for x in c) / r.moves_per_s * 1000
        if r.postgres_cores is not None:
            per_move_text = f"{per_move:.1f} + {r.postgres_cores / r.moves_per_s * 1000:.1f}"
        else:
            per_move_text = f"{per_move:.1f}"
        lines.append(
            f"   {r.processes:>10}{r.moves_per_s:>9.0f}{p50:>8.1f}{p99:>8.1f}{python:>13}"
            f"{pg:>9}{r.machine_cores:>8.2f}{per_move_text:>12}{retried:>8.0%}{lag:>9.1f}"
            f"   {check}"
        )
    lines.append(
        f"   gain x{s['scale_gain']} with a second process; goal >= {GAIN_GOAL}:"
        f" {_met(s, 'scale_gain')}; log exact: {_met(s, 'scale_log_exact')}"
    )
    lines.append(
        f"   retried {s['scale_retry_share']:.1%} of moves at most; goal < {RETRY_GOAL:.0%}:"
        f" {_met(s, 'scale_retry_share')}; p99 / p50 {s['scale_p99_over_p50']} at most; goal"
        f" <= {TAIL_GOAL:g}: {_met(s, 'scale_p99_over_p50')}; {s['scale_busy']} moves given up"
        f" as busy; goal 0: {_met(s, 'scale_busy')}"
    )
    claims = res.claims
    lines.append(
        f"   computers: {claims.processes} processes racing for every decision of"
        f" {claims.games} games against '{LEVEL}' computers for {claims.seconds:g} s"
        f" (asked {claims.asked} times):"
        f" {claims.searched} searches for {claims.decisions} computer moves,"
        f" {s['scale_searches_per_decision']} each;"
        f" goal 1: {_met(s, 'scale_searches_per_decision')}"
    )
    lines.append(
        "   cores: CPU time over the window (the machine has 2); CPU ms/move: the bot"
        " processes' + the server's CPU per accepted move; retried: transactions tried again"
        " (a deadlock, a lock waited on too long, a lost server), per accepted move; loop p99:"
        " the event loop's lag (ms)"
    )
    return lines
