"""Moves per second with one and with two bot processes sharing one PostgreSQL database.

Each process is a real OS process (bench.scale_child) running the referee on its own store;
100 members in all act at once, each moving in whichever of its games awaits it. Accepted moves
are counted over a fixed window after a warm-up; afterwards the database's log must hold exactly
the moves the processes accepted, none lost and none twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.child import ROOT, ChildError
from bench.cpu import Machine, process_cpu_s, tree_cpu_s
from bench.pg_server import BenchServer
from db import open_store
from db.audit import Entry, log_entries
from db.postgres import PostgresDatabase

log = logging.getLogger(__name__)

PROCESSES = (1, 2)
PARTNERS = 2
"""Each member hosts a two-player table with each of the next PARTNERS members: every member
sits at 2 * PARTNERS tables (200 games for 100 members)."""
CHANNELS = 8
FIRST_USER = 7_000_000
START_LEAD_S = 0.5
"""The processes start this long after the last says it is ready."""


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


def migrate(url: str) -> None:
    """Bring the new database to the schema before the processes race to do it."""

    async def opened_and_closed() -> None:
        store = await open_store(url)
        await store.close()

    asyncio.run(opened_and_closed())


def spawn(plan: dict[str, Any], workdir: Path, name: str) -> subprocess.Popen[str]:
    """Start one process on its plan."""
    plan_path = workdir / f"{name}.json"
    plan_path.write_text(json.dumps(plan))
    errors = open(workdir / f"{name}.err", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        [sys.executable, "-m", "bench.scale_child", str(plan_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )


def _failed(child: subprocess.Popen[str], workdir: Path, name: str) -> ChildError:
    child.kill()
    child.wait()
    tail = (workdir / f"{name}.err").read_text(errors="replace")[-2000:]
    return ChildError(f"bench.scale_child {name} failed: {tail}")


def logged_moves(url: str) -> Counter[Entry]:
    """Every entry of every game's log, and every sealed move still kept apart."""

    async def read() -> list[Entry]:
        engine = await PostgresDatabase.open(url)
        try:
            return await engine.read(log_entries)
        finally:
            await engine.close()

    return Counter(asyncio.run(read()))


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
        children.append(spawn(plan, workdir, name))
    try:
        for child, name in zip(children, names, strict=True):
            assert child.stdout is not None
            # A wrapper (a profiler) may print first: wait for the line, or the end.
            while (line := child.stdout.readline()) and line.strip() != "ready":
                pass
            if not line:
                raise _failed(child, workdir, name)
        start_at = time.time() + START_LEAD_S
        for child in children:
            assert child.stdin is not None
            child.stdin.write(f"{start_at}\n")
            child.stdin.flush()
        time.sleep(max(0.0, start_at + warmup_s - time.time()))
        postmaster = server.pid()
        before = _sample(postmaster, children)
        time.sleep(window_s)
        after = _sample(postmaster, children)
        reports = []
        for child, name in zip(children, names, strict=True):
            out, _ = child.communicate(timeout=120)
            found = [line for line in out.splitlines() if line.startswith("{")]
            if child.returncode != 0 or not found:
                raise _failed(child, workdir, name)
            reports.append(json.loads(found[-1]))
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
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
    profile_dir: Path | None,
) -> ScaleResult:
    """The run with one process, then the run with two, each on a new database."""
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        for processes in PROCESSES:
            log.info("scale: %s process(es), %s members, %g s window", processes, members, window_s)
            runs.append(
                run_once(server, processes, members, warmup_s, window_s, Path(tmp), profile_dir)
            )
            log.info("scale: %.0f moves/s", runs[-1].moves_per_s)
    return ScaleResult(members, warmup_s, window_s, runs, server.settings())
