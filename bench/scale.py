"""Moves per second with one and with two bot processes sharing one PostgreSQL database.

Each process is a real OS process (bench.scale_child) running the referee on its own store;
100 members in all act at once, each moving in whichever of its games awaits it. Accepted moves
are counted over a fixed window after a warm-up; afterwards the database's log must hold exactly
the moves the processes accepted, none lost and none twice.
"""

from __future__ import annotations

import logging
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.claims import ClaimsResult, run_claims
from bench.cpu import Machine, process_cpu_s, tree_cpu_s
from bench.pg_server import BenchServer
from bench.processes import logged_moves, migrate, reports_of, spawn, start_together, stop_all

log = logging.getLogger(__name__)

PROCESSES = (1, 2)
PARTNERS = 2
"""Each member hosts a two-player table with each of the next PARTNERS members: every member
sits at 2 * PARTNERS tables (200 games for 100 members)."""
CHANNELS = 8
FIRST_USER = 7_000_000


@dataclass
class Run:
    """One run: its processes' reports, the CPU used in the window, and the log check."""

    processes: int
    children: list[dict[str, Any]]
    postgres_cores: float | None
    """CPU of the server and its backends in the window, in cores (None: not this machine's)."""
    machine_cores: float
    """Every process on the machine, in cores busy (of os.cpu_count())."""
    accepted: int
    logged: int
    lost: int
    doubled: int

    @property
    def moves_per_s(self) -> float:
        """Accepted moves per second over every process."""
        return sum(c["in_window"] / c["window_s"] for c in self.children)


@dataclass
class ScaleResult:
    """The runs with one and with two processes."""

    members: int
    warmup_s: float
    window_s: float
    runs: list[Run]
    settings: dict[str, str]
    claims: ClaimsResult

    @property
    def gain(self) -> float:
        """Moves per second with two processes over those with one."""
        return self.runs[-1].moves_per_s / self.runs[0].moves_per_s


def plans(url: str, processes: int, members: int, warmup_s: float, window_s: float) -> list[dict]:
    """Each process's plan: its guild (a shard of its own), channels and members."""
    users = [FIRST_USER + i for i in range(members)]
    out = []
    for p in range(processes):
        guild = 100 + p
        out.append(
            {
                "url": url,
                "guild_id": guild,
                "channels": [guild * 1000 + c for c in range(CHANNELS)],
                "members": users[p::processes],
                "partners": PARTNERS,
                "seed": 11 + p,
                "warmup_s": warmup_s,
                "window_s": window_s,
            }
        )
    return out


def run_once(
    server: BenchServer,
    processes: int,
    members: int,
    warmup_s: float,
    window_s: float,
    workdir: Path,
    profile_dir: Path | None,
) -> Run:
    """Start the processes on a new database, let them play, count, and check the log."""
    url = server.new_database(f"scale{processes}")
    migrate(url)
    names = [f"scale-{processes}-{p}" for p in range(processes)]
    children = []
    for plan, name in zip(plans(url, processes, members, warmup_s, window_s), names, strict=True):
        if profile_dir is not None:
            plan["profile"] = str(profile_dir / f"{name}.prof")
        children.append(spawn("bench.scale_child", plan, workdir, name))
    try:
        start_at = start_together(children, names, workdir)
        time.sleep(max(0.0, start_at + warmup_s - time.time()))
        postmaster = server.pid()
        before = _sample(postmaster, children)
        time.sleep(window_s)
        after = _sample(postmaster, children)
        reports = reports_of(children, names, workdir)
    finally:
        stop_all(children)
    accepted = Counter(tuple(a) for r in reports for a in r.pop("accepted"))
    logged = logged_moves(url)
    for report, before_s, after_s in zip(reports, before[2], after[2], strict=True):
        report["process_cores"] = (after_s - before_s) / window_s
    pg = None if postmaster is None else (after[1] - before[1]) / window_s
    return Run(
        processes,
        reports,
        pg,
        after[0].cores_busy_since(before[0]),
        sum(accepted.values()),
        sum(logged.values()),
        sum((accepted - logged).values()),
        sum((logged - accepted).values()),
    )


def _sample(
    postmaster: int | None, children: list[subprocess.Popen[str]]
) -> tuple[Machine, float, list[float]]:
    """The machine's CPU time, the server's, and each process's, so far."""
    server = tree_cpu_s(postmaster) if postmaster is not None else 0.0
    return Machine.now(), server, [process_cpu_s(c.pid) for c in children]


def run_scale(
    server: BenchServer,
    members: int,
    warmup_s: float,
    window_s: float,
    claims_s: float,
    profile_dir: Path | None,
) -> ScaleResult:
    """The run with one process, then the run with two, each on a new database; then two
    processes racing for computer decisions (bench.claims)."""
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        for processes in PROCESSES:
            log.info("scale: %s process(es), %s members, %g s window", processes, members, window_s)
            runs.append(
                run_once(server, processes, members, warmup_s, window_s, Path(tmp), profile_dir)
            )
            log.info("scale: %.0f moves/s", runs[-1].moves_per_s)
        claims = run_claims(server, claims_s, Path(tmp))
    return ScaleResult(members, warmup_s, window_s, runs, server.settings(), claims)
