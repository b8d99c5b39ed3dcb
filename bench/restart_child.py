"""A new bot process on a database of open games: times its start until moves are accepted.

Run by bench.restart as `python -m bench.restart_child PLAN.json`; prints one JSON line.
The heavy imports happen inside, so their time is measured too.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from bench.child import run_child

STARTED = time.time()


async def restart(plan: dict[str, Any]) -> dict[str, Any]:
    """Start the bot, move once, send the start-up reminders as on_ready does, move again."""
    import simcord

    from bench.actions import move_on
    from bench.world import build_world, close_bot, install_ack_clock, make_bot, members_by_id
    from cogs.delivery import deliver

    imported = time.time()
    rng = random.Random(plan["seed"])
    begin = time.perf_counter()
    marks: dict[str, float] = {}
    # simcord's start waits (at most 5 s) for on_ready to finish, and the reminders of
    # thousands of games take longer: so they are sent here, exactly as on_ready sends them.
    bot = await make_bot(plan["database"], remind_on_start=False)
    try:
        async with simcord.run(bot) as env:
            marks["ready"] = time.perf_counter()
            world = build_world(env, plan["lanes"], plan["channels"], plan["pool"])
            if world.ids != plan["ids"]:
                raise RuntimeError("the simulated server's ids differ from the database's")
            clock = install_ack_clock(env)
            members = members_by_id(world)
            channels = {c.id: c for c in world.channels + world.lane_channels}
            first, second = plan["moves"]
            acks = [await move_on(bot.referee, clock, members, channels, first, rng)]
            marks["first_move"] = time.perf_counter()
            outcome = await bot.referee.reminders()
            marks["reminders_built"] = time.perf_counter()
            await deliver(bot, outcome)
            await env.settle()
            marks["reminders_sent"] = time.perf_counter()
            acks.append(await move_on(bot.referee, clock, members, channels, second, rng))
            marks["second_move"] = time.perf_counter()
            done = time.time()
    finally:
        await close_bot(bot)
    return {
        "process_s": done - plan["spawned_at"],
        "interpreter_s": STARTED - plan["spawned_at"],
        "imports_s": imported - STARTED,
        "phases_s": {k: v - begin for k, v in marks.items()},
        "posts": len(outcome.posts),
        "directs": len(outcome.directs),
        "ack_ms": [a * 1000 for a in acks],
    }


if __name__ == "__main__":
    sys.exit(run_child(restart))
