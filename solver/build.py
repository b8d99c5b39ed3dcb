"""Build the compiled core (solver/core.c) into a shared library beside it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "core.c"
LIBRARY = HERE / "_core.so"
FLAGS = ["-O3", "-march=native", "-shared", "-fPIC", "-pthread", "-Wall", "-Wextra"]
"""-march=native: the library is built on the machine that runs it (it is not committed)."""


def compiler() -> str | None:
    """The C compiler to use: $CC, else cc or gcc on the PATH."""
    for name in (os.environ.get("CC"), "cc", "gcc"):
        if name and shutil.which(name):
            return name
    return None


def up_to_date() -> bool:
    """True when the library exists and is newer than its source."""
    return LIBRARY.exists() and LIBRARY.stat().st_mtime >= SOURCE.stat().st_mtime


def build() -> str | None:
    """Compile the library if it is missing or stale; None when done, else why it failed."""
    if up_to_date():
        return None
    cc = compiler()
    if cc is None:
        return "no C compiler (cc, gcc or $CC) on the PATH"
    temp = LIBRARY.with_suffix(f".{os.getpid()}.tmp")
    command = [cc, *FLAGS, "-o", str(temp), str(SOURCE), "-lm"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as e:
        return f"{cc} could not run: {e}"
    if done.returncode != 0:
        temp.unlink(missing_ok=True)
        return f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}"
    os.replace(temp, LIBRARY)  # atomic: a concurrent loader never sees half a file
    return None


if __name__ == "__main__":
    problem = build()
    if problem:
        print(f"solver: the compiled core was not built: {problem}", file=sys.stderr)
    sys.exit(0)  # the pure search stands in; the build must not fail `make`
