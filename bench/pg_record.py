"""A step's write alone: `store.record` one after another, then six games at once.

Run as `python -m bench.pg_record [--durable] [--prepare N|none] [--no-notify]
[--isolation read-committed|serializable]` (not a section of `python -m bench`: it isolates the
store's transaction from the referee and the rules). It starts a throwaway PostgreSQL server
(fsync off unless --durable), plays 1,500 turn moves in one game and reports their p50, then
500 moves in each of six games side by side (as many as the pool has connections) and reports
moves per second, this process's CPU per move and the transactions tried again.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

import db.postgres as engine
from db import SqlStore, open_store
from db.admin import Admin, drop_notifications
from db.server import PostgresServer
from referee.rows import Deadline, NewMatch

SEQUENTIAL = 1500
AT_ONCE = 6
EACH = 500


async def active(store: SqlStore, host: int) -> int:
    """A started game of two members."""
    new = NewMatch(1, 2, "numbers-to-number", {}, host, f"u{host}", None, "auto", 1.0)
    row = await store.create_match(new)
    await store.add_seat(row.id, row.version, host + 1, f"u{host + 1}", 2.0)
    await store.start_match(row.id, row.version + 1, {"m": 2}, Deadline(), 3.0)
    return row.id


async def play(store: SqlStore, match_id: int, steps: int, took: list[float]) -> None:
    """Turn moves, each at the version the previous left, timed."""
    version = await store.version_of(match_id)
    assert version is not None
    for step in range(steps):
        start = time.perf_counter()
        deadline = Deadline(100.0 + step, 50.0 + step)
        entry = (step, (step % 2, str(step)))
        await store.record(match_id, version, [entry], step + 1, None, deadline, 5.0 + step)
        took.append(time.perf_counter() - start)
        version += 1


async def measure(url: str, no_notify: bool) -> dict[str, Any]:
    """The sequential p50, then the moves per second and CPU per move of six games at once."""
    store = await open_store(url)
    if no_notify:
        drop_notifications(url)
    try:
        await play(store, await active(store, 10), 300, [])
        took: list[float] = []
        await play(store, await active(store, 20), SEQUENTIAL, took)
        games = [await active(store, 100 + 2 * i) for i in range(AT_ONCE)]
        start, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(play(store, g, EACH, []) for g in games))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        return {
            "sequential_p50_ms": round(statistics.median(took) * 1000, 3),
            "at_once_moves_per_s": round(AT_ONCE * EACH / wall),
            "client_cpu_ms_per_move": round(cpu / (AT_ONCE * EACH) * 1000, 3),
            "retries": store.retries.totals()[0],
        }
    finally:
        await store.close()


def main() -> None:
    """Parse the options, start the server, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--durable", action="store_true", help="fsync every commit")
    parser.add_argument("--prepare", default=str(engine.PREPARE_THRESHOLD))
    parser.add_argument("--no-notify", action="store_true", help="drop the NOTIFY trigger")
    parser.add_argument(
        "--isolation", choices=("read-committed", "serializable"), default="read-committed"
    )
    args = parser.parse_args()
    engine.PREPARE_THRESHOLD = None if args.prepare == "none" else int(args.prepare)
    if args.isolation == "serializable":
        engine.WRITE_ISOLATION = engine.IsolationLevel.SERIALIZABLE
    server = PostgresServer.start(durable=args.durable)
    try:
        admin = Admin(server.url())
        try:
            admin.create_database("record")
        finally:
            admin.close()
        result = asyncio.run(measure(server.url("record"), args.no_notify))
    finally:
        server.stop()
    print({**vars(args), **result})


if __name__ == "__main__":
    main()
