"""One bot process of the claims run: it races the other for every computer decision.

Run by bench.claims as `python -m bench.claims_child PLAN.json`. Every process watches every
computer game of the plan and asks the referee for the computer's move whenever one is awaited
(the worst case: in the bot only the process that took a member's move asks), while the members
of its own games play theirs. It prints one JSON line: how each decision it was told of ended
(`searched`, or the easy move standing in) and how often it asked.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from collections import Counter
from typing import Any

from bench.child import run_child
from bench.scale_child import wait_for_start
from db import open_store
from referee import Referee, RefereeError
from referee.match import ACTIVE
from referee.store import StoreBusy

POLL_S = 0.01
"""How long a game's watcher sleeps between looks, unless its member just moved."""


async def watch(
    referee: Referee, match_id: int, human: int | None, until: float, asked: Counter[str]
) -> None:
    """Until the game ends or time is up: the computer's move whenever it is awaited, and the
    member's (when this process has the member) whenever theirs is."""
    rng = random.Random(match_id)
    while time.monotonic() < until:
        match = await referee.get(match_id)
        if match.status != ACTIVE:
            return
        seat = None if human is None else match.seat_of(human)
        try:
            if match.thinking():
                # While the other process searches, its claim answers this with nothing.
                asked["computer"] += 1
                await referee.computer_moves(match_id)
            elif human is not None and seat is not None and seat.seat in match.waiting_on():
                progress = match.require_progress()
                move = str(progress.game.sample(progress.state, seat.seat, rng))
                await referee.move(match_id, human, move)
                continue
        except (RefereeError, StoreBusy):
            asked["refused"] += 1  # a copy a step behind: looked at again below
        await asyncio.sleep(POLL_S)


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    """Wait for the start, then watch every game until they end or the time is up."""
    store = await open_store(plan["url"])
    referee = Referee(store)
    await referee.watch()
    decided: Counter[str] = Counter()
    referee.thinker.on_decided = lambda level, how, seconds: decided.update([how])
    asked: Counter[str] = Counter()
    mine = {int(k): v for k, v in plan["humans"].items()}
    try:
        start_at = await asyncio.to_thread(wait_for_start)
        await asyncio.sleep(max(0.0, start_at - time.time()))
        until = time.monotonic() + plan["seconds"]
        await asyncio.gather(*(watch(referee, m, mine.get(m), until, asked) for m in plan["games"]))
    finally:
        referee.thinker.close()
        await store.close()
    return {"decided": dict(decided), "asked": dict(asked)}


if __name__ == "__main__":
    sys.exit(run_child(run))
