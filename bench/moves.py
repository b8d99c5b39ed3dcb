"""Moves through Discord (DM and /move) against the floor, with 10 to 1,000 games open."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import simcord

from bench.actions import BenchError, accepted, next_move
from bench.floor import COMMAND, add_floor
from bench.populate import open_background, open_game, table_size
from bench.stats import percentile
from bench.world import AckClock, World, build_world, close_bot, install_ack_clock, make_bot
from db.copies import clone_games
from referee.match import ACTIVE, Match
from rules import GAMES

log = logging.getLogger(__name__)

BACKGROUND_CHANNELS = 8
POOL = 96
WARMUP_ROUNDS = 2


@dataclass(frozen=True)
class Sample:
    """One measured action: to the acknowledgement, and to the end of all its work."""

    kind: str
    ack_ms: float
    settled_ms: float
    ended: bool = False


@dataclass
class Lane:
    """A channel with its own members, playing one game after another of one kind."""

    slug: str
    channel: Any
    members: list[Any]
    match_id: int = 0


@dataclass
class Phase:
    """The samples taken with a given number of games open."""

    open_games: int
    moves: list[Sample] = field(default_factory=list)
    floors: list[Sample] = field(default_factory=list)

    def of(self, kind: str | None) -> list[Sample]:
        """The moves of one kind ('dm', 'slash', 'ended'), or all of them."""
        if kind == "ended":
            return [s for s in self.moves if s.ended]
        return [s for s in self.moves if kind in (None, s.kind)]

    def p(self, q: float, kind: str | None = None) -> float:
        """A percentile of the moves' acknowledgement times (of one kind, if given)."""
        return percentile([s.ack_ms for s in self.of(kind)], q)

    def floor(self, q: float) -> float:
        """A percentile of the floor's acknowledgement times (the cheapest command)."""
        return percentile([s.ack_ms for s in self.floors], q)


@dataclass
class MovesResult:
    """Every phase, and the database left behind (for the restart benchmark)."""

    phases: list[Phase]
    database: str
    """A SQLite file's path or a postgresql:// URL."""
    background: list[int]
    world: dict[str, Any]


class MoveBench:
    """Plays random moves in every lane through simcord and times them."""

    def __init__(self, world: World, clock: AckClock, rng: random.Random) -> None:
        self.world = world
        self.clock = clock
        self.rng = rng
        self.lanes = [
            Lane(slug, channel, members)
            for slug, channel, members in zip(
                GAMES, world.lane_channels, world.lane_members, strict=True
            )
        ]

    async def open_lanes(self) -> None:
        """Start a game in every lane."""
        for lane in self.lanes:
            await self._new_game(lane)

    async def _new_game(self, lane: Lane) -> None:
        players = lane.members[: table_size(lane.slug, self.rng)]
        guild_id = self.world.guild.id
        referee = self.world.bot.referee
        lane.match_id = await open_game(
            referee, guild_id, lane.channel.id, players, lane.slug, 0, self.rng
        )

    async def _move(self, lane: Lane) -> Sample:
        """The next awaited move of a lane's game: a bare DM if sealed, else /move."""
        referee = self.world.bot.referee
        match = await referee.get(lane.match_id)
        if match.status != ACTIVE:
            await self._new_game(lane)
            match = await referee.get(lane.match_id)
        seat, move = next_move(match, self.rng)
        member = next(m for m in lane.members if m.id == match.seats[seat].user_id)
        if match.is_sealed():
            dm = member.user.dm_channel.id
            sample = await self._timed(
                "dm", "POST", f"/channels/{dm}/messages", member.send_dm(move)
            )
        else:
            action = member.slash(lane.channel, "move", move=move)
            sample = await self._timed("slash", "POST", "/interactions/", action)
        ended = await self._check(match, seat)
        if ended:
            await self._new_game(lane)  # keeps the number of open games steady
        return replace(sample, ended=ended)

    async def _check(self, before: Match, seat: int) -> bool:
        """Raise BenchError unless the move was taken; True if it ended the game."""
        after = await self.world.bot.referee.get(before.id)
        if not accepted(before, after, seat):
            entry = self.clock.entry
            raise BenchError(f"#{before.id}: move not accepted: {entry.json if entry else None}")
        return after.status != ACTIVE

    async def _timed(
        self, kind: str, method: str, prefix: str, action: Awaitable[object]
    ) -> Sample:
        self.clock.expect(method, prefix)
        start = time.perf_counter()
        await action
        end = time.perf_counter()
        if self.clock.at is None:
            raise BenchError(f"no acknowledgement for a {kind} action")
        return Sample(kind, (self.clock.at - start) * 1000, (end - start) * 1000)

    async def _floor(self, lane: Lane) -> Sample:
        action = lane.members[0].slash(lane.channel, COMMAND)
        return await self._timed("floor", "POST", "/interactions/", action)

    async def measure(self, phase: Phase, moves: int) -> None:
        """Take `moves` moves, round robin over the lanes, each followed by one floor."""
        while len(phase.moves) < moves:
            for lane in self.lanes:
                phase.moves.append(await self._move(lane))
                phase.floors.append(await self._floor(lane))
                if len(phase.moves) >= moves:
                    return

    async def warm_up(self) -> None:
        """A few unmeasured rounds: first calls, caches and imports."""
        await self.measure(Phase(0), WARMUP_ROUNDS * len(self.lanes))


def shape_of(world: World) -> dict[str, Any]:
    """What a new process needs to build the same server with the same ids (build_world)."""
    return {"lanes": len(GAMES), "channels": BACKGROUND_CHANNELS, "pool": POOL, "ids": world.ids}


async def fill(database: Path, games: int, api_limit: int, seed: int) -> MovesResult:
    """A new SQLite database of `games` open games in the server's background channels."""
    # Opened through the referee up to api_limit, the rest copies; the lanes stay empty, so
    # the moves benchmark can open its own games there.
    rng = random.Random(seed)
    bot = await make_bot(database)
    ids: list[int] = []
    try:
        async with simcord.run(bot) as env:
            world = build_world(env, len(GAMES), BACKGROUND_CHANNELS, POOL)
            await grow_background(world, str(database), ids, games, api_limit, rng)
            await env.settle()
    finally:
        await close_bot(bot)
    return MovesResult([], str(database), ids, shape_of(world))


async def grow_background(
    world: World, database: str, ids: list[int], target: int, api_limit: int, rng: random.Random
) -> None:
    """Open background games up to `target`: through the referee API, then by copying rows."""
    # Copies are made in SQLite only: a PostgreSQL database is filled beforehand (db copy).
    referee = world.bot.referee
    by_api = max(0, min(target, api_limit) - len(ids))
    ids += await open_background(
        referee, world.guild.id, world.channels, world.pool, by_api, rng, first=len(ids)
    )
    copies = clone_games(Path(database), ids, target - len(ids))
    ids += copies
    # The copies were written behind the running bot's back: load them into it, as a restart
    # would have.
    await referee.get_many(copies)


async def run_moves(
    workdir: Path,
    sizes: list[int],
    counts: list[int],
    api_limit: int,
    seed: int = 1,
    target: str | None = None,
    background: list[int] | None = None,
) -> MovesResult:
    """Measure moves and floors at each number of open games; leave the database behind."""
    # A new SQLite file in workdir, unless `target` names another database (a SQLite path or a
    # postgresql:// URL), which may already hold the `background` games.
    database = target or str(workdir / "moves.sqlite3")
    rng = random.Random(seed)
    # The start-up reminders of a filled database would go to channels the simulated server
    # has yet to create; the restart benchmark measures them.
    bot = await make_bot(database, remind_on_start=not background)
    phases = []
    try:
        async with simcord.run(bot) as env:
            world = build_world(env, len(GAMES), BACKGROUND_CHANNELS, POOL)
            clock = install_ack_clock(env)
            floor = await add_floor(bot, database)
            bench = MoveBench(world, clock, rng)
            await bench.open_lanes()
            await bench.warm_up()
            opened = list(background or [])
            for size, count in zip(sizes, counts, strict=True):
                wanted = max(0, size - len(bench.lanes))
                await grow_background(world, database, opened, wanted, api_limit, rng)
                open_now = len(await bot.referee.open_matches(world.guild.id))
                phase = Phase(open_now)
                log.info("moves: %s games open, measuring %s moves", open_now, count)
                await bench.measure(phase, count)
                phases.append(phase)
            await env.settle()
            await bot.remove_cog(floor.qualified_name)
            shape = shape_of(world)
    finally:
        await close_bot(bot)
    return MovesResult(phases, database, opened, shape)
