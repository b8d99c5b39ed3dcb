"""One bot process per SQLite file: a lock the operating system holds for the process while it
lives, since the referee trusts its memory of the games and only PostgreSQL tells a process of
another's changes."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class InUse(RuntimeError):
    """Another bot process has the SQLite file; the message says what to do instead."""


def lock_path(database: str) -> Path:
    """The lock file beside an SQLite file."""
    path = Path(database)
    return path.with_name(path.name + ".lock")


@contextmanager
def only_process(database: str) -> Iterator[None]:
    """Hold the SQLite file for this process while the block runs; InUse if another has it.
    A process that dies lets go at once (the lock is the kernel's, not a file's presence)."""
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
            raise InUse(
                f"the SQLite file {database} is in use by another bot process (pid {holder}); "
                "one process at a time may use a SQLite file: stop the other, or run several "
                "processes or shards on a PostgreSQL database (DATABASE_URL=postgresql://...)"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        os.close(fd)
