"""A process that records moves through its own store, for the tests of processes racing.

Run as `python -m tests.db.mover URL MODE MATCHES STEPS NAME`. It opens the store, prints
`ready`, waits for a line on standard input, then, with MODE `own`, records STEPS turn moves in
each of its MATCHES (comma-separated ids) side by side, each at the version its previous one
left; with MODE `same`, records the next step of the one match in MATCHES, at the version it
reads, again and again until the match has STEPS steps, whoever wins each step. It prints one
JSON line: the moves it had accepted, the refusals (StaleStep), and its store's retries and
given-up transactions.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from db import SqlStore, open_store
from referee.rows import Deadline
from referee.store import StaleStep

Accepted = list[tuple[int, int, int, str]]
"""(match, step, seat, move) of each accepted move."""


async def own(store: SqlStore, match_id: int, steps: int, name: str, out: Accepted) -> None:
    """STEPS turn moves in a match only this process changes."""
    version = await store.version_of(match_id)
    assert version is not None
    for step in range(steps):
        move = f"{name}{step}"
        entry = (step, (step % 2, move))
        await store.record(match_id, version, [entry], step + 1, None, Deadline(), 5.0 + step)
        version += 1
        out.append((match_id, step, step % 2, move))


async def same(store: SqlStore, match_id: int, steps: int, name: str, out: Accepted) -> int:
    """The match's next step at the version read, until it has STEPS; the steps lost."""
    lost = 0
    while True:
        data = await store.load_match(match_id)
        assert data is not None
        step, version = data.row.step, data.row.version
        if step >= steps:
            return lost
        move = f"{name}{step}"
        try:
            await store.record(
                match_id, version, [(step, (step % 2, move))], step + 1, None, Deadline(), 5.0
            )
        except StaleStep:
            lost += 1
            continue
        out.append((match_id, step, step % 2, move))


async def main(url: str, mode: str, matches: list[int], steps: int, name: str) -> dict[str, Any]:
    """Open the store, wait for the word, move, and say what happened."""
    store = await open_store(url)
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        accepted: Accepted = []
        lost = 0
        if mode == "own":
            await asyncio.gather(*(own(store, m, steps, name, accepted) for m in matches))
        else:
            (match_id,) = matches
            lost = await same(store, match_id, steps, name, accepted)
        return {
            "accepted": accepted,
            "lost": lost,
            "retries": store.retries.totals()[0],
            "given_up": store.retries.totals()[1],
        }
    finally:
        await store.close()


if __name__ == "__main__":
    url, mode, ids, steps, name = sys.argv[1:]
    result = asyncio.run(main(url, mode, [int(i) for i in ids.split(",")], int(steps), name))
    print(json.dumps(result))
