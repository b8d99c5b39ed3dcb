"""Two real processes writing to one PostgreSQL database at once: moves of different games
never make either try a transaction again, and of moves racing for one game's step exactly one
is accepted."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from db import SqlStore, open_store
from db.audit import log_entries
from tests.db.test_store import active

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
GAMES_EACH = 6
"""Games per process, all moving side by side: as many as its pool has connections."""
STEPS = 80


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[SqlStore]:
    """A store on a fresh PostgreSQL database, to set up games and read the log."""
    opened = await open_store(postgres_url)
    yield opened
    await opened.close()


def run_movers(url: str, mode: str, plans: list[tuple[list[int], str]]) -> list[dict[str, Any]]:
    """Start one tests.db.mover process per plan (its games, its name), let them all begin at
    once, and return each one's report."""
    command = [sys.executable, "-m", "tests.db.mover", url, mode]
    children = [
        subprocess.Popen(
            [*command, ",".join(map(str, ids)), str(STEPS), name],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for ids, name in plans
    ]
    try:
        for child in children:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "ready", child.communicate()[1][-2000:]
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        reports = []
        for child in children:
            out, err = child.communicate(timeout=300)
            assert child.returncode == 0, err[-3000:]
            reports.append(json.loads(out.strip().splitlines()[-1]))
        return reports
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def accepted(reports: list[dict[str, Any]]) -> Counter[tuple[int, int, int, str]]:
    """Every move the processes were told was accepted."""
    return Counter(tuple(a) for r in reports for a in r["accepted"])


async def test_moves_of_different_games_never_retry(store: SqlStore, postgres_url: str) -> None:
    """Two processes, each moving in its own games, all at once: every move goes through on
    its first attempt, none is given up, and the log holds exactly the accepted moves."""
    games = [await active(store, 10 + 2 * i, 11 + 2 * i) for i in range(2 * GAMES_EACH)]
    plans = [(games[:GAMES_EACH], "a"), (games[GAMES_EACH:], "b")]
    reports = await asyncio.to_thread(run_movers, postgres_url, "own", plans)
    assert [(r["retries"], r["given_up"]) for r in reports] == [(0, 0), (0, 0)]
    moves = accepted(reports)
    assert sum(moves.values()) == 2 * GAMES_EACH * STEPS
    assert Counter(await store._db.read(log_entries)) == moves


async def test_moves_racing_for_one_step_are_accepted_once(
    store: SqlStore, postgres_url: str
) -> None:
    """Two processes recording the next step of the same game at the version each read: every
    step is accepted from exactly one of them, the other is refused and reads again."""
    match_id = await active(store, 10, 11)
    racing = [([match_id], "a"), ([match_id], "b")]
    reports = await asyncio.to_thread(run_movers, postgres_url, "same", racing)
    moves = accepted(reports)
    assert sorted(step for _, step, _, _ in moves.elements()) == list(range(STEPS))
    assert Counter(await store._db.read(log_entries)) == moves
    data = await store.load_match(match_id)
    assert data is not None and data.row.step == STEPS
    assert [r["given_up"] for r in reports] == [0, 0]
