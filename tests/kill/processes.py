"""Starting, killing and finishing the kill tests' player processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class PlayerProcess:
    """One player process after another on the same files: each start replaces a killed one."""

    def __init__(self, errors: Path, *args: str) -> None:
        self.args = args
        self.errors = errors
        """Where every start's error output goes, one after the other."""
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """A fresh process on the same files."""
        with self.errors.open("ab") as errors:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.kill.player", *self.args],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )

    def running(self) -> bool:
        """Whether the process is still at it (False once it finished, or failed)."""
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL the process, as a crash or an out-of-memory kill would end it."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def finish(self, timeout: float) -> int | None:
        """Its exit code once it ends by itself, or None, killing it, after timeout seconds."""
        assert self.proc is not None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def tail(self) -> str:
        """The end of the error output, to show when the process failed."""
        return self.errors.read_text(errors="replace")[-3000:] if self.errors.exists() else ""
