"""SIGKILL one of two bot processes sharing a PostgreSQL database; nothing is lost or doubled."""

from __future__ import annotations

import random
import time
from pathlib import Path

import psycopg
import pytest

from tests.kill.acks import read_acks
from tests.kill.audit import audit
from tests.kill.player import SHARDS, TWO
from tests.kill.processes import PlayerProcess

KILLS = 50
PAUSE = (0.5, 2.0)
"""Seconds between kills; a start takes about half a second, so most kills land in play."""
FINISH_SECONDS = 60.0
"""How long the two processes get to finish the open games once told how many to play."""


@pytest.mark.postgres
def test_two_processes_sigkilled_lose_and_double_nothing(postgres_url: str, tmp_path: Path) -> None:
    """Kill one of the two shards' processes 50 times mid-play, let both finish, and audit."""
    games, acks = tmp_path / "games", [tmp_path / f"acks-{shard}.log" for shard in range(SHARDS)]
    clock = str(time.time())
    players = [
        PlayerProcess(
            tmp_path / f"player-{shard}.err",
            "two",
            postgres_url,
            str(acks[shard]),
            f"--shard={shard}",
            f"--clock={clock}",
            f"--games={games}",
        )
        for shard in range(SHARDS)
    ]
    for player in players:
        player.start()
    rng = random.Random(2025)
    kills = 0
    while kills < KILLS and all(player.running() for player in players):
        time.sleep(rng.uniform(*PAUSE))
        victim = rng.choice(players)
        if victim.running():
            victim.kill()
            kills += 1
            victim.start()
    with psycopg.connect(postgres_url) as conn:
        (opened,) = conn.execute("SELECT COUNT(*) FROM matches").fetchone() or (0,)
    # A game may be opening as this is read: the players are told one more.
    games.with_suffix(".new").write_text(f"{opened + 1}\n")
    games.with_suffix(".new").rename(games)
    # A player that failed leaves the games it was in unfinished: the other is stopped at once,
    # and the audit says what the database holds.
    failed = kills < KILLS
    ended = [player.finish(0.1 if failed else FINISH_SECONDS) for player in players]
    stopped = [player for player, code in zip(players, ended, strict=True) if code != 0]
    script = [game.slug for game in TWO] * (opened // len(TWO) + 2)
    with psycopg.connect(postgres_url) as conn:
        try:
            audit(conn, read_acks(*acks), kills + len(stopped), script)
        except AssertionError as e:
            raise AssertionError("\n\n".join([str(e), *(p.tail() for p in stopped)])) from None
        (timed_out,) = conn.execute(
            "SELECT COUNT(*) FROM moves WHERE note = 'auto'"
        ).fetchone() or (0,)
    assert not stopped, "\n\n".join(p.tail() for p in stopped)
    # What the audit passed must have happened: both processes played, and deadlines fired.
    assert all(read_acks(log) for log in acks) and timed_out, (kills, timed_out)
