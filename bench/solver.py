"""Time a(N) by both solvers, side by side: the compiled core (`python -m solver
integer-sequence N`) and the pure search (`python -m rules solve integer-sequence N`); null
where a run fails or runs out of time."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bench.child import ROOT

log = logging.getLogger(__name__)

COMMANDS = {
    "compiled": ["-m", "solver", "integer-sequence"],
    "pure": ["-m", "rules", "solve", "integer-sequence"],
}
GOALS_S = {"13": 2.0, "14": 10.0, "15": 45.0, "16": 300.0}
"""Goals for the compiled core, in seconds."""


@dataclass
class SolverResult:
    """Seconds per N for each core (None where the command failed), and why it failed."""

    seconds: dict[str, float | None] = field(default_factory=dict)
    """The pure search."""
    notes: dict[str, str] = field(default_factory=dict)
    compiled: dict[str, float | None] = field(default_factory=dict)
    compiled_notes: dict[str, str] = field(default_factory=dict)


def run_solver(pure_ns: list[int], compiled_ns: list[int], budget_s: float) -> SolverResult:
    """Run each core for its Ns in turn, each core within its own time budget."""
    result = SolverResult()
    _run("compiled", compiled_ns, budget_s, result.compiled, result.compiled_notes)
    _run("pure", pure_ns, budget_s, result.seconds, result.notes)
    return result


def _run(
    core: str,
    ns: list[int],
    budget_s: float,
    seconds: dict[str, float | None],
    notes: dict[str, str],
) -> None:
    deadline = time.perf_counter() + budget_s
    for n in ns:
        key = str(n)
        left = deadline - time.perf_counter()
        seconds[key] = None
        if left <= 0:
            notes[key] = "skipped: out of time"
            continue
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, *COMMANDS[core], key],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=left,
                check=False,
            )
        except subprocess.TimeoutExpired:
            notes[key] = f"timed out after {left:.0f} s"
            continue
        took = time.perf_counter() - start
        problem = _problem(core, done)
        if problem:
            notes[key] = problem
        else:
            seconds[key] = took
        log.info("solver %s: N=%s %s", core, n, notes.get(key, f"{took:.2f} s"))


def _problem(core: str, done: subprocess.CompletedProcess[str]) -> str | None:
    """Why a run does not count (failed, or the compiled core did not run), else None."""
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"exit {done.returncode}: {tail[:120]}"
    if core == "compiled":
        answer = json.loads(done.stdout.strip().splitlines()[-1])
        if answer.get("core") != "compiled" or not answer.get("proven"):
            return f"not a proven answer of the compiled core: {done.stderr.strip()[-120:]}"
    return None
