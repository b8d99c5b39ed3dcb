"""One bot process of the scale benchmark: its members play as fast as the referee accepts.

Run by bench.scale as `python -m bench.scale_child PLAN.json`. It opens its games, prints
`ready`, reads the start time (a Unix time) from standard input, lets every member play from
then until the warm-up and the window have passed, and prints one JSON line: every move it had
accepted, how many were accepted inside the window, and the transactions its store tried again
or gave up as busy inside the window (`store.retries`).

It drives the referee the way the bot does, without Discord: the store on the shared database,
the referee hearing other processes' changes, `Referee.move` for each member's move. Each
process has a guild of its own, as a shard has, so its members' games are its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bench.child import run_child
from bench.stats import percentile
from db import open_store
from referee import Referee, RefereeError
from referee.match import ACTIVE, LOBBY
from referee.store import StoreBusy
from rules import GAMES

IDLE_WAIT_S = 0.2
"""A member with no game awaiting it looks again after this at the latest."""
TICK_S = 0.005
"""The ticker's sleep: how much later it wakes is the event loop's lag."""


@dataclass
class Table:
    """Two members' current game of one kind; the host opens the next when it ends."""

    slug: str
    host: int
    guest: int
    channel_id: int
    match_id: int = 0


@dataclass
class Counts:
    """What the members did."""

    accepted: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(match, step, seat, move) of every accepted move, in the window or not."""
    done_at: list[float] = field(default_factory=list)
    """When each accepted move was answered (perf_counter), in the same order."""
    took_ms: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    busy: int = 0
    """Moves the store gave up on (StoreBusy: the member would be told to try again)."""
    games_opened: int = 0
    open_busy: int = 0
    """Games whose opening the store gave up on (opened again)."""


class Members:
    """The process's members, each a task moving in whichever of its games awaits it."""

    def __init__(self, referee: Referee, plan: dict[str, Any]) -> None:
        self.referee = referee
        self.guild = int(plan["guild_id"])
        self.users: list[int] = plan["members"]
        self.rng = random.Random(plan["seed"])
        self.tables: dict[int, list[Table]] = {u: [] for u in self.users}
        self.woken = {u: asyncio.Event() for u in self.users}
        self.counts = Counts()
        self.stop = asyncio.Event()
        slugs = list(GAMES)
        channels = plan["channels"]
        n = len(self.users)
        # Each member hosts a table with each of the next `partners` members: every member
        # sits at 2 * partners tables, all of them in this process's guild.
        for i, host in enumerate(self.users):
            for k in range(1, plan["partners"] + 1):
                number = i * plan["partners"] + k
                table = Table(
                    slugs[number % len(slugs)],
                    host,
                    self.users[(i + k) % n],
                    channels[number % len(channels)],
                )
                self.tables[host].append(table)
                self.tables[table.guest].append(table)

    async def open(self, table: Table) -> None:
        """A new game at the table: opened by the host, joined by the guest, started."""
        # Again from the start if the store gives up on a step: a lobby left behind holds no
        # moves, so the log check is not affected.
        while True:
            try:
                out = await self.referee.new_match(
                    self.guild, table.channel_id, table.host, f"m{table.host}", table.slug, {}
                )
                match_id = out.posts[0].match_id
                await self.referee.join(match_id, table.guest, f"m{table.guest}")
                if (await self.referee.get(match_id)).status == LOBBY:
                    await self.referee.start(match_id, table.host)
            except StoreBusy:
                self.counts.open_busy += 1
                continue
            table.match_id = match_id
            self.counts.games_opened += 1
            return

    async def open_all(self) -> None:
        """Every table's first game, the hosts opening theirs side by side."""

        async def hosted(user: int) -> None:
            for table in self.tables[user]:
                if table.host == user:
                    await self.open(table)

        await asyncio.gather(*(hosted(u) for u in self.users))

    async def play(self, user: int) -> None:
        """The member's moves until stopped: the next of its games that awaits it, in turn."""
        tables = self.tables[user]
        turn = 0
        while not self.stop.is_set():
            self.woken[user].clear()
            for k in range(len(tables)):
                table = tables[(turn + k) % len(tables)]
                if await self._moved(user, table):
                    turn += k + 1
                    break
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.woken[user].wait(), IDLE_WAIT_S)

    async def _moved(self, user: int, table: Table) -> bool:
        """Move at this table if the member is awaited there (or open its next game)."""
        match = await self.referee.get(table.match_id)
        if match.status != ACTIVE:
            if user != table.host:
                return False
            await self.open(table)
            self.woken[table.guest].set()
            return True
        seat = match.seat_of(user)
        if seat is None or seat.seat not in match.waiting_on():
            return False
        progress = match.require_progress()
        move = str(progress.game.sample(progress.state, seat.seat, self.rng))
        step = match.row.step
        start = time.perf_counter()
        try:
            await self.referee.move(match.id, user, move)
        except RefereeError as e:
            self.counts.refused.append(str(e))
            return False
        except StoreBusy:
            self.counts.busy += 1
            return False
        done = time.perf_counter()
        self.counts.accepted.append((match.id, step, seat.seat, move))
        self.counts.done_at.append(done)
        self.counts.took_ms.append((done - start) * 1000)
        for other in (table.host, table.guest):
            self.woken[other].set()
        return True


async def tick(stop: asyncio.Event, lag_ms: list[float]) -> None:
    """Sleep TICK_S again and again, recording how late each wake-up is."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(TICK_S)
        lag_ms.append(max(0.0, time.perf_counter() - start - TICK_S) * 1000)


def wait_for_start() -> float:
    """Say `ready`, then read the Unix time at which to start from standard input."""
    print("ready", flush=True)
    return float(sys.stdin.readline())


async def run(plan: dict[str, Any]) -> dict[str, Any]:
    """Open the games, wait for the start, play through warm-up and window; the counts."""
    store = await open_store(plan["url"])
    referee = Referee(store)
    await referee.watch()
    try:
        members = Members(referee, plan)
        setup = time.perf_counter()
        await members.open_all()
        setup_s = time.perf_counter() - setup
        opened_before = members.counts.games_opened
        start_at = await asyncio.to_thread(wait_for_start)
        await asyncio.sleep(max(0.0, start_at - time.time()))
        tasks = [asyncio.create_task(members.play(u)) for u in members.users]
        await asyncio.sleep(plan["warmup_s"])
        lag_ms: list[float] = []
        tasks.append(asyncio.create_task(tick(members.stop, lag_ms)))
        window_start, cpu_start = time.perf_counter(), time.process_time()
        retries, given_up = store.retries.totals()
        await asyncio.sleep(plan["window_s"])
        window_end, cpu_end = time.perf_counter(), time.process_time()
        now_retried, now_given_up = store.retries.totals()
        retried, gave_up = now_retried - retries, now_given_up - given_up
        lag = list(lag_ms)
        members.stop.set()
        for user in members.users:
            members.woken[user].set()
        await asyncio.gather(*tasks)
    finally:
        referee.thinker.close()
        await store.close()
    counts = members.counts
    inside = [
        ms
        for ms, at in zip(counts.took_ms, counts.done_at, strict=True)
        if window_start <= at <= window_end
    ]
    return {
        "accepted": counts.accepted,
        "in_window": len(inside),
        "window_s": window_end - window_start,
        "cpu_s": cpu_end - cpu_start,
        "move_p50_ms": percentile(inside, 50),
        "move_p99_ms": percentile(inside, 99),
        "setup_s": setup_s,
        "loop_lag_p50_ms": percentile(lag, 50),
        "loop_lag_p99_ms": percentile(lag, 99),
        "retried": retried,
        "given_up": gave_up,
        "refused": counts.refused[:5],
        "refused_count": len(counts.refused),
        "busy": counts.busy,
        "open_busy": counts.open_busy,
        "games_opened_in_play": counts.games_opened - opened_before,
    }


if __name__ == "__main__":
    sys.exit(run_child(run))
