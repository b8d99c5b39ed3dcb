"""Memory held per open game in the referee's cache, measured in a process of its own.

Run by bench.restart as `python -m bench.memory_child DATABASE`; prints one JSON line.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
import tracemalloc
from typing import Any

from db import open_store


def rss_kb() -> int:
    """This process's resident memory in KB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4


async def load_all(store: Any, ids: list[int]) -> tuple[Any, float]:
    """A fresh referee with every given game in its cache, and the seconds it took."""
    from referee import Referee

    referee = Referee(store)
    start = time.perf_counter()
    for match_id in ids:
        await referee.get(match_id)
    return referee, time.perf_counter() - start


async def measure(database: str) -> dict[str, Any]:
    """Load every open game into a fresh referee's cache: RSS, then traced bytes, per game."""

    store = await open_store(str(database))
    try:
        ids = [d.row.id for d in await store.open_matches()]
        await load_all(store, ids[:1])  # first-call allocations: imports, statement cache
        gc.collect()
        rss_before = rss_kb()
        kept, load_s = await load_all(store, ids)
        gc.collect()
        rss_after = rss_kb()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        traced, _ = await load_all(store, ids)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    finally:
        await store.close()
    games = len(ids)
    del kept, traced
    return {
        "games": games,
        "kb_per_game": (after - before) / 1024 / games,
        "rss_kb_per_game": (rss_after - rss_before) / games,
        "load_s": load_s,
    }


def main() -> int:
    """Measure and print one JSON line."""
    print(json.dumps(asyncio.run(measure(sys.argv[1]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
