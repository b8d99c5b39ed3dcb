"""The thinking processes: searches in worker processes, and what happens when they fail."""

from __future__ import annotations

import os
import signal
from dataclasses import replace

from players import Request, think
from referee.thinker import Thinker
from rules import GAMES

GAME = "binary-scramble"


def request(level: str) -> Request:
    """The first move of a two-player game at default options, at this level."""
    return Request(GAME, 2, GAMES[GAME].settle_options(2, {}), (), 0, level, seed=5)


async def test_a_failed_pool_gives_way_to_the_easy_move_and_starts_again() -> None:
    """A worker killed mid-life breaks the pool: that search is answered by the easy level,
    worked out at once, and the next search gets new workers."""
    thinker = Thinker(processes=1)
    try:
        first = await thinker.decide(request("medium"))
        assert GAMES[GAME].parse(GAMES[GAME].start(2, request("medium").options), 0, first)
        pool = thinker._pool
        assert pool is not None
        worker = pool.submit(os.getpid).result()
        os.kill(worker, signal.SIGKILL)
        easy = think(replace(request("medium"), level="easy"))
        assert await thinker.decide(request("medium")) == easy
        assert thinker._pool is None
        again = await thinker.decide(request("medium"))
        assert thinker._pool is not None and thinker._pool is not pool
        assert GAMES[GAME].parse(GAMES[GAME].start(2, request("medium").options), 0, again)
    finally:
        thinker.close()
