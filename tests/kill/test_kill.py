"""SIGKILL a bot process at random moments; every acknowledged move survives, none doubles."""

from __future__ import annotations

import random
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from tests.kill.acks import read_acks
from tests.kill.audit import audit
from tests.kill.player import ONE
from tests.kill.processes import PlayerProcess

KILLS = 50


def test_sigkill_loses_and_doubles_nothing(tmp_path: Path) -> None:
    """Kill the process 50 times mid-play, then let it finish, and audit the database."""
    database, acks = tmp_path / "kill.sqlite3", tmp_path / "acks.log"
    player = PlayerProcess(tmp_path / "player.err", "one", str(database), str(acks))
    rng = random.Random(2024)
    kills = 0
    while kills < KILLS:
        player.start()
        time.sleep(rng.uniform(0.7, 1.6))
        if not player.running():
            break
        player.kill()
        kills += 1
    player.start()
    assert player.finish(timeout=300) == 0, player.tail()
    assert kills == KILLS, f"the script finished after {kills} kills; make it longer"
    with closing(sqlite3.connect(database)) as conn:
        audit(conn, read_acks(acks), kills, [game.slug for game in ONE])
