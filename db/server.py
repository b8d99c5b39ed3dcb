"""A throwaway PostgreSQL server for the tests and the benchmark: a new cluster in a temporary
directory, deleted when stopped."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

INITDB = ("-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync")
"""Anyone on the socket may connect as postgres. initdb does not sync the new files: a cluster
made to be dropped need not survive a power cut before its first start (the server's own
settings decide whether commits are synced)."""
SPEED = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
"""Test-only settings: a crash may lose the cluster, which is thrown away anyway."""
DURABLE = ("fsync=on", "synchronous_commit=on", "full_page_writes=on")
"""PostgreSQL's defaults, said outright: a commit is on disk before it is acknowledged, as
SQLite's synchronous=FULL is, so the benchmark compares like with like."""


RAM = Path("/dev/shm")
"""Where the cluster lives if it can: creating a database there takes a tenth of the time."""


def cluster_parent() -> str | None:
    """A directory in memory with room for a small cluster, else None (the usual temp dir)."""
    try:
        roomy = shutil.disk_usage(RAM).free > 512 * 2**20
    except OSError:
        return None
    return str(RAM) if roomy and os.access(RAM, os.W_OK) else None


def find_bindir() -> Path | None:
    """The directory of initdb and pg_ctl: on the PATH, else Debian's newest version."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in Path(path).parts[-3].split(".") if p.isdigit())


class PostgresServer:
    """A cluster in its own directory, reachable only through a Unix socket there."""

    def __init__(self, directory: Path, bindir: Path, as_postgres: bool) -> None:
        self.directory = directory
        self._bindir = bindir
        self._as_postgres = as_postgres
        self._data = directory / "data"

    @classmethod
    def start(cls, durable: bool = False) -> PostgresServer:
        """Create and start a cluster; RuntimeError (with the tools' output) if it cannot."""
        # A durable cluster is on disk and syncs every commit; otherwise it trades safety for
        # speed, as tests may.
        bindir = find_bindir()
        if bindir is None:
            raise RuntimeError("no PostgreSQL server programs (initdb, pg_ctl) found")
        # PostgreSQL refuses to run as root: then the cluster belongs to the postgres user.
        as_postgres = os.geteuid() == 0
        parent = None if durable else cluster_parent()
        directory = Path(tempfile.mkdtemp(prefix="referee-pg-", dir=parent))
        if as_postgres:
            shutil.chown(directory, "postgres", "postgres")
        server = cls(directory, bindir, as_postgres)
        try:
            data, log = str(server._data), str(directory / "server.log")
            server._run("initdb", "-D", data, *INITDB)
            # No TCP: the socket in the directory is the only way in.
            settings = DURABLE if durable else SPEED
            options = " ".join(f"-c {s}" for s in ("listen_addresses=''", *settings))
            server._run(
                "pg_ctl", "start", "-w", "-D", data, "-l", log, "-o", f"{options} -k {directory}"
            )
        except BaseException:
            server.stop()
            raise
        return server

    def _run(self, program: str, *args: str) -> None:
        command = [str(self._bindir / program), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.directory / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}{tail}".strip())

    def pid(self) -> int:
        """The process id of the server's postmaster (its first process)."""
        return int((self._data / "postmaster.pid").read_text().split()[0])

    def url(self, dbname: str = "postgres") -> str:
        """A URL of one of the cluster's databases."""
        return f"postgresql://postgres@/{dbname}?host={quote(str(self.directory), safe='')}"

    def stop(self) -> None:
        """Stop the server at once and delete the cluster."""
        if (self._data / "postmaster.pid").exists():
            try:
                self._run("pg_ctl", "stop", "-m", "immediate", "-w", "-D", str(self._data))
            except RuntimeError:
                time.sleep(0.5)
        shutil.rmtree(self.directory, ignore_errors=True)
