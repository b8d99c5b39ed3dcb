"""Time `python -m rules solve integer-sequence N`; null where it fails or runs out of time."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bench.child import ROOT

log = logging.getLogger(__name__)


@dataclass
class SolverResult:
    """Seconds per N (None where the command failed), and why it failed."""

    seconds: dict[str, float | None] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


def run_solver(ns: list[int], budget_s: float) -> SolverResult:
    """Run the solver for each N in turn, within a total time budget."""
    result = SolverResult()
    deadline = time.perf_counter() + budget_s
    for n in ns:
        key = str(n)
        left = deadline - time.perf_counter()
        result.seconds[key] = None
        if left <= 0:
            result.notes[key] = "skipped: out of time"
            continue
        command = [sys.executable, "-m", "rules", "solve", "integer-sequence", key]
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, cwd=ROOT, capture_output=True, text=True, timeout=left, check=False
            )
        except subprocess.TimeoutExpired:
            result.notes[key] = f"timed out after {left:.0f} s"
            continue
        seconds = time.perf_counter() - start
        if done.returncode == 0:
            result.seconds[key] = seconds
        else:
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            result.notes[key] = f"exit {done.returncode}: {tail[:120]}"
        log.info("solver: N=%s %s", n, result.notes.get(key, f"{seconds:.2f} s"))
    return result
