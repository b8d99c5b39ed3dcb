"""SIGKILL a bot process at random moments; every acknowledged move survives, none doubles."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from rules.record import Record, replay
from tests.kill.player import SCRIPT

ROOT = Path(__file__).resolve().parents[2]
KILLS = 50


def start(database: Path, acks: Path) -> subprocess.Popen[bytes]:
    """A fresh player process on the same files."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.kill.player", str(database), str(acks)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def test_sigkill_loses_and_doubles_nothing(tmp_path: Path) -> None:
    """Kill the process 50 times mid-play, then let it finish, and audit the database."""
    database, acks = tmp_path / "kill.sqlite3", tmp_path / "acks.log"
    rng = random.Random(2024)
    kills = 0
    while kills < KILLS:
        proc = start(database, acks)
        time.sleep(rng.uniform(0.7, 1.6))
        if proc.poll() is not None:
            break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        kills += 1
    proc = start(database, acks)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()[-3000:]
    assert kills == KILLS, f"the script finished after {kills} kills; make it longer"

    acked = [tuple(line.split(" ", 3)) for line in acks.read_text().splitlines()]
    conn = sqlite3.connect(database)
    logged = {
        (str(m), str(st), str(se), mv)
        for m, st, se, mv in conn.execute("SELECT match_id, step, seat, move FROM moves")
    }
    missing = [a for a in acked if a not in logged]
    assert not missing, f"acknowledged moves lost: {missing}"
    assert len(set(acked)) == len(acked), "a move was acknowledged twice"
    unacked = logged - set(acked)
    assert len(unacked) <= kills, "more unacknowledged moves than interrupted actions"
    rows = conn.execute("SELECT id, game, settled, status FROM matches ORDER BY id").fetchall()
    assert [r[1] for r in rows] == [slug for slug, _, _ in SCRIPT]
    for match_id, game, settled, status in rows:
        assert status == "over", (match_id, status)
        seats = conn.execute("SELECT COUNT(*) FROM seats WHERE match_id = ?", (match_id,))
        moves = conn.execute(
            "SELECT seat, move FROM moves WHERE match_id = ? ORDER BY idx", (match_id,)
        ).fetchall()
        record = Record(game, seats.fetchone()[0], json.loads(settled), tuple(moves))
        assert replay(record).result()["over"] is True
