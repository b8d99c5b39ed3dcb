"""Benchmark child processes: running one and reading its JSON line, and a child's own start."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
"""The project directory: children run there, so `python -m bench...` and the bot import."""


class ChildError(RuntimeError):
    """A child process failed or printed no JSON."""


def run_json(module: str, *args: str, timeout: float) -> dict[str, Any]:
    """`python -m module args...` in the project directory; its last stdout line as JSON."""
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise ChildError(f"{module} exited {done.returncode}: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


Work = Callable[[dict[str, Any]], Coroutine[Any, Any, Any]]


def run_child(work: Work) -> int:
    """In a child: read the plan named on the command line, do the work (under cProfile if the
    plan asks), and print its result as one JSON line."""
    plan = json.loads(Path(sys.argv[1]).read_text())
    if plan.get("profile"):
        import cProfile

        profiler = cProfile.Profile()
        result = profiler.runcall(asyncio.run, work(plan))
        profiler.dump_stats(plan["profile"])
    else:
        result = asyncio.run(work(plan))
    print(json.dumps(result))
    return 0
