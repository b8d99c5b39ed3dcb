"""One bot process per SQLite file: a second is refused at start, and a process that dies lets
go of the file at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from db.single import InUse, only_process

ROOT = Path(__file__).resolve().parents[2]
HOLD = """
import sys, time
from db.single import only_process
with only_process(sys.argv[1]):
    print("held", flush=True)
    time.sleep(60)
"""


def holder(database: Path) -> subprocess.Popen[str]:
    """Another process that holds the file until it is killed."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


def test_a_second_process_is_refused_until_the_first_dies(tmp_path: Path) -> None:
    """While one process holds the file another is refused, told the holder's pid and that
    several processes need PostgreSQL; once the holder is killed the file is free."""
    database = tmp_path / "referee.sqlite3"
    first = holder(database)
    try:
        with pytest.raises(InUse) as refused, only_process(str(database)):
            pass
        assert f"pid {first.pid}" in str(refused.value)
        assert "PostgreSQL" in str(refused.value) and str(database) in str(refused.value)
    finally:
        first.kill()
        first.wait()
    with only_process(str(database)):
        assert (tmp_path / "referee.sqlite3.lock").read_text() == str(os.getpid())


def test_the_offline_mode_refuses_a_second_terminal(tmp_path: Path) -> None:
    """`python main.py` on a data folder whose offline games another terminal has open stops
    with one line saying why, and changes nothing."""
    first = holder(tmp_path / "referee-offline.sqlite3")
    try:
        env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
        env["DATABASE_PATH"] = str(tmp_path / "referee.sqlite3")
        done = subprocess.run(
            [sys.executable, "main.py"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        first.kill()
        first.wait()
    assert done.returncode == 2, done
    assert done.stderr.startswith("Cannot start: the SQLite file") and "in use" in done.stderr
    assert not (tmp_path / "referee-offline.sqlite3").exists()
