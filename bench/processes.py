"""Benchmark processes that share one database: started on a plan, started together, read."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.child import ROOT, ChildError
from db import open_store
from db.audit import Entry, log_entries
from db.postgres import PostgresDatabase

START_LEAD_S = 0.5
"""The processes start this long after the last says it is ready."""


def migrate(url: str) -> None:
    """Bring the new database to the schema before the processes race to do it."""

    async def opened_and_closed() -> None:
        store = await open_store(url)
        await store.close()

    asyncio.run(opened_and_closed())


def spawn(module: str, plan: dict[str, Any], workdir: Path, name: str) -> subprocess.Popen[str]:
    """Start `python -m module` on its plan."""
    plan_path = workdir / f"{name}.json"
    plan_path.write_text(json.dumps(plan))
    errors = open(workdir / f"{name}.err", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        [sys.executable, "-m", module, str(plan_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )


def failed(child: subprocess.Popen[str], workdir: Path, name: str) -> ChildError:
    """Kill a process that failed; the error, with the end of what it wrote to stderr."""
    child.kill()
    child.wait()
    tail = (workdir / f"{name}.err").read_text(errors="replace")[-2000:]
    return ChildError(f"benchmark process {name} failed: {tail}")


def start_together(children: list[subprocess.Popen[str]], names: list[str], workdir: Path) -> float:
    """Wait until every process says `ready`, then give them all one start time (returned)."""
    for child, name in zip(children, names, strict=True):
        assert child.stdout is not None
        # A wrapper (a profiler) may print first: wait for the line, or the end.
        while (line := child.stdout.readline()) and line.strip() != "ready":
            pass
        if not line:
            raise failed(child, workdir, name)
    start_at = time.time() + START_LEAD_S
    for child in children:
        assert child.stdin is not None
        child.stdin.write(f"{start_at}\n")
        child.stdin.flush()
    return start_at


def reports_of(
    children: list[subprocess.Popen[str]], names: list[str], workdir: Path
) -> list[dict[str, Any]]:
    """Each process's JSON report, once it has ended."""
    reports = []
    for child, name in zip(children, names, strict=True):
        out, _ = child.communicate(timeout=120)
        found = [line for line in out.splitlines() if line.startswith("{")]
        if child.returncode != 0 or not found:
            raise failed(child, workdir, name)
        reports.append(json.loads(found[-1]))
    return reports


def stop_all(children: list[subprocess.Popen[str]]) -> None:
    """Kill whatever process is still running (after a failure)."""
    for child in children:
        if child.poll() is None:
            child.kill()
            child.wait()


def logged_moves(url: str) -> Counter[Entry]:
    """Every entry of every game's log, and every sealed move still kept apart."""

    async def read() -> list[Entry]:
        engine = await PostgresDatabase.open(url)
        try:
            return await engine.read(log_entries)
        finally:
            await engine.close()

    return Counter(asyncio.run(read()))
