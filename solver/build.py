"""Build the compiled core (solver/core.c) into a shared library beside it."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "core.c"
LIBRARY = HERE / "_core.so"
STAMP = HERE / "_core.stamp"
"""What the library was built from: its flags and its source's hash."""
FLAGS = ["-O3", "-march=native", "-shared", "-fPIC", "-pthread", "-Wall", "-Wextra"]
"""-march=native: the library is built on the machine that runs it (it is not committed)."""


def compiler() -> str | None:
    """The C compiler to use: $CC, else cc or gcc on the PATH."""
    for name in (os.environ.get("CC"), "cc", "gcc"):
        if name and shutil.which(name):
            return name
    return None


def recipe() -> str:
    """The flags and the source's hash the library must be built from."""
    return f"{' '.join(FLAGS)}\n{hashlib.sha256(SOURCE.read_bytes()).hexdigest()}\n"


def up_to_date() -> bool:
    """True when the library exists and was built from today's source with today's flags."""
    try:
        return LIBRARY.exists() and STAMP.read_text() == recipe()
    except OSError:
        return False


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
    STAMP.write_text(recipe())
    return None


if __name__ == "__main__":
    problem = build()
    if problem:
        print(f"solver: the compiled core was not built: {problem}", file=sys.stderr)
    sys.exit(0)  # the pure search stands in; the build must not fail `make`
