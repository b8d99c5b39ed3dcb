"""Run a benchmark child process and read the JSON object on its last line of output."""

from __future__ import annotations

import json
import subprocess
import sys
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
