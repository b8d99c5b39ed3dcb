"""A bot process playing scripted games against the simulated Discord, logging every ack."""

# Run as `python -m tests.kill.player SCRIPT DATABASE ACKS [--shard N --clock T0 --games FILE]`.
# It may be killed at any instant and started again on the same files: it finds where every
# game stands and plays on. Alone (no --shard) it is the whole bot and plays every seat. With
# --shard it runs one of the bot's two shards, and another process runs the other on the same
# database, as on Discord: the games' guild is shard 1's, so only that process hears /newgame,
# /join and /move there; every DM reaches shard 0's process, which plays its seats by DM.

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import sqlite3
import sys
import time
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
import simcord

from bot import RefereeBot
from db import open_store
from referee.match import ACTIVE, LOBBY, Match
from settings import POSTGRES_SCHEMES, Settings
from tests.bot.table import Table
from tests.kill.acks import Ack, log_ack

log = logging.getLogger("tests.kill.player")


@dataclass(frozen=True)
class Game:
    """One game of a script: what is opened, who sits (the host first), and the deadline."""

    slug: str
    options: Mapping[str, int]
    names: tuple[str, ...]
    deadline: int = 0
    """Minutes per move; 0 for none."""


ABSENT = frozenset({"dave"})
"""Members who sit down and never move: the referee plays for them at each deadline."""

KINDS = (
    ("numbers-to-number", {"m": 3, "rounds": 2}, 2),
    ("lengths-of-lengths", {"n": 6, "rounds": 2}, 3),
    ("numerical-cards", {"m": 5}, 3),
    ("labyrinthine-loop", {"n": 3, "rounds": 1}, 2),
    ("binary-scramble", {"length": 6, "target": 3}, 2),
)
"""(game, options, players) of the games the players play."""
PLAYERS = ("alice", "bob", "carol")

ONE = tuple(Game(slug, options, PLAYERS[:n]) for slug, options, n in KINDS) * 20
"""One process alone, one game at a time."""
TIMED = (
    Game("numbers-to-number", {"m": 3, "rounds": 1}, ("alice", "dave"), deadline=1),
    Game("binary-scramble", {"length": 4, "target": 2}, ("bob", "dave"), deadline=1),
    Game("numerical-cards", {"m": 3}, ("carol", "alice", "dave"), deadline=1),
)
TWO = (*(Game(slug, options, PLAYERS[:n]) for slug, options, n in KINDS), *TIMED)
"""Two processes, a few games at once, round and round until the games file says how many."""
SCRIPTS = {"one": (ONE, 1), "two": (TWO, 3)}
"""Each script with how many of its games may be open at once."""

SHARDS = 2
CLOCK_SPEED = 40.0
"""Simulated seconds per second of the shared clock: a one-minute deadline passes in 1.5 s."""
GRID = 15.0
"""The shared clock moves in steps of this many simulated seconds."""
# simcord lets an action settle until no timer of the bot is due within 5 s, waiting in real
# time for one that is. On this grid, every timer the referee sets is on it too (deadlines of
# whole minutes, reminders a quarter before, the timekeeper's look a minute on): none is ever
# due in under 15 s when a member acts.
IDLE = 0.01
"""How long a player waits before looking again when nothing is its to do."""
BEAT = 0.1
"""Seconds between the beats of the wall clock on which two processes' members send moves."""
# The process that opened a step hears of it first, the other a tenth of a second later: on a
# shared beat, both often send into the same step at once, each deciding on its own copy.


def count_games(database: str) -> int:
    """How many games have been opened, as the database counts them."""
    # Not the highest id: PostgreSQL never gives back an id a rolled back insert took.
    connect = psycopg.connect if database.startswith(POSTGRES_SCHEMES) else sqlite3.connect
    with closing(connect(database)) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM matches").fetchone() or (0,)
        return int(count)


LEAVE = "Leave the game"
"""The label of the button that confirms a move leaving the game."""


def acknowledged(texts: list[str], move: str, match: Match) -> bool:
    """True when one of the bot's answers confirms the move, False when it was refused."""
    label = re.escape(match.label)
    for text in texts:
        if re.match(rf"(Locked in|Played) `{re.escape(move)}` (for|in) {label}(?!\d)", text):
            return True
        # A player never sends a seat's sealed move twice: a change would hide a lost one.
        assert not text.startswith("Changed to"), text
    return False


class Player:
    """Plays a script's seats that are this process's, and opens its games if they are."""

    def __init__(
        self,
        env: Any,
        database: str,
        script: tuple[Game, ...],
        window: int,
        shard: int | None,
        acks: Path,
        games: Path | None,
    ) -> None:
        self.env = env
        self.database = database
        self.script = script
        self.window = window
        self.shard = shard
        self.acks = acks
        self.games = games
        """The file that says how many games to play in all; without one, the script's own."""
        self.table = Table.make(env, players=4, shard_id=None if shard is None else 1)
        self.referee = env.bot.referee
        self.opens = shard is None or self.table.bot.owns_guild(self.table.guild.id)
        """Whether the games' guild is this process's: then it opens and fills the lobbies."""
        self.last = 0
        """The game this process played in last."""

    def plays(self, match: Match, seat: int) -> bool:
        """Whether this process plays the seat in the current step."""
        name = next(n for n, m in self.table.members.items() if m.id == match.seats[seat].user_id)
        if name in ABSENT:
            return False
        # Both send every turn move, as a member might with /move and a DM at once: one is
        # played, the other refused. A sealed move may be changed until the step resolves, so
        # each seat's sealed moves come from one process: a game's seats alternate between two.
        if self.shard is None or not match.is_sealed():
            return True
        return (match.id + seat) % SHARDS == self.shard

    async def run(self, clock: ClockSync | None) -> None:
        """Play until every game of the script is over."""
        opened = count_games(self.database) if self.opens else 0
        while True:
            if clock is not None:
                await clock.catch_up()
            guild = self.table.guild.id
            open_ids = [m.row.id for m in await self.referee.store.open_matches(guild)]
            total = self.total()
            more = total is None or opened < total
            if more and self.opens and len(open_ids) < self.window:
                await self.open_game(opened)
                opened += 1
                continue
            # The other process opens the games: once they are all there and over, so is this.
            if (
                total is not None
                and not open_ids
                and (self.opens or count_games(self.database) >= total)
            ):
                return
            if not await self.act(open_ids):
                await asyncio.sleep(IDLE)

    def total(self) -> int | None:
        """How many games to play in all, or None while the games file does not say yet."""
        if self.games is None:
            return len(self.script)
        text = self.games.read_text() if self.games.exists() else ""
        return int(text) if text.endswith("\n") else None

    def game(self, match: Match) -> Game:
        """The game of the script a match is (each game there has options of its own)."""
        return next(
            g for g in self.script if g.slug == match.row.game and g.options == match.row.options
        )

    async def open_game(self, index: int) -> None:
        """Open the index-th game of the script (counting from 0, round and round)."""
        game = self.script[index % len(self.script)]
        await self.table.open(game.names[0], game.slug, **game.options, deadline=game.deadline)

    async def act(self, open_ids: list[int]) -> bool:
        """Take one step in one open game: fill a lobby, or play a seat; False if none is ours."""
        # The games take turns (the one after the last played first), so none waits on others.
        later = [i for i in open_ids if i > self.last] + [i for i in open_ids if i <= self.last]
        for match_id in later:
            match = await self.referee.get(match_id)
            if match.status == LOBBY and self.opens:
                await self.fill(match)
                return True
            if match.status != ACTIVE:
                continue
            for seat in sorted(match.awaited_seats()):
                if self.plays(match, seat):
                    self.last = match_id
                    await self.play(match, seat)
                    return True
        return False

    async def fill(self, match: Match) -> None:
        """Seat the game's members who are not seated yet, then start it if it did not start."""
        members = self.table.members
        for name in self.game(match).names:
            if match.status == LOBBY and match.seat_of(members[name].id) is None:
                await members[name].slash(self.table.channel, "join", game=match.id)
                match = await self.referee.get(match.id)
        if match.status == LOBBY:
            host = self.game(match).names[0]
            await members[host].slash(self.table.channel, "start", game=match.id)

    async def play(self, match: Match, seat: int) -> None:
        """Play the seat's move, and log it once the bot acknowledges it."""
        p = match.require_progress()
        rng = random.Random(f"{match.id}:{match.row.step}:{seat}")
        move = p.game.sample(p.state, seat, rng)
        # A move that leaves the game is confirmed with the button of the question it brings.
        leaving = move in p.game.leaving_moves(p.state, seat)
        member = self.table.member(match.seats[seat].member_id)
        if self.shard is not None:
            await asyncio.sleep(BEAT - time.time() % BEAT)
        # Alone, the process plays sealed moves by DM; shard 0's process gets every DM, shard
        # 1's process none.
        by_dm = self.shard == 0 or (self.shard is None and match.is_sealed())
        posted = False
        if by_dm:
            texts = await self.dm(member, f"#{match.id} {move}")
            if leaving:
                texts = await self.confirm_by_dm(member)
        else:
            result = await member.slash(self.table.channel, "move", move=move, game=match.id)
            if leaving and result.ephemeral and result.response.components:
                result = await member.click(result.response, label=LEAVE)
            texts = [m.content or "" for m in (result.response, *result.followups) if m]
            # A turn move is answered in public by the post of what it did, sent once the move
            # is committed; a refusal is private.
            posted = result.response is not None and not result.ephemeral
        if posted or acknowledged(texts, move, match):
            log_ack(self.acks, Ack(match.id, match.row.step, seat, move))
        else:
            # Another process changed the game first (a deadline played this seat): the move
            # was refused, and the next look finds what is awaited now.
            assert self.shard is not None, texts
            log.info(
                "#%s step %s seat %s: %s refused: %s", match.id, match.row.step, seat, move, texts
            )

    async def confirm_by_dm(self, member: Any) -> list[str]:
        """Press the button of the bot's last DM (a question to confirm a move that leaves the
        game); its answer, or the DM itself when it asked nothing."""
        question = member.user.dm_channel.history()[-1]
        if not question.components:
            return [question.content]
        result = await member.user.click(question, label=LEAVE)
        return [m.content or "" for m in (result.response, *result.followups) if m]

    async def dm(self, member: Any, text: str) -> list[str]:
        """DM the bot; what it sent back in that DM channel since."""
        channel = member.user.dm_channel
        before = len(channel.history()) if channel is not None else 0
        await member.send_dm(text)
        after = member.user.dm_channel.history()[before:]
        return [m.content for m in after if m.author.id != member.id]


class ClockSync:
    """Keeps the simulated clock at the one both processes share, so deadlines fall due in both."""

    def __init__(self, env: Any, start: float) -> None:
        self.env = env
        self.start = start
        self.epoch: datetime = env.now()

    async def catch_up(self) -> None:
        """Advance the simulated clock to the shared one, in whole steps of GRID."""
        shared = (time.time() - self.start) * CLOCK_SPEED // GRID * GRID
        behind = shared - (self.env.now() - self.epoch).total_seconds()
        if behind > 0:
            await self.env.advance_time(behind)


async def main(argv: list[str]) -> int:
    """Play the whole script, resuming wherever the database says the games are."""
    parser = argparse.ArgumentParser(prog="python -m tests.kill.player")
    parser.add_argument("script", choices=sorted(SCRIPTS))
    parser.add_argument("database")
    parser.add_argument("acks", type=Path)
    parser.add_argument("--shard", type=int, choices=range(SHARDS))
    parser.add_argument("--clock", type=float, help="the shared clock's start (epoch seconds)")
    parser.add_argument("--games", type=Path, help="a file that will say how many games in all")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    for name in ("tests.kill.player", "referee.core", "referee.clock"):
        logging.getLogger(name).setLevel(logging.INFO)
    script, window = SCRIPTS[args.script]
    settings = Settings(
        token=None,
        database=args.database,
        log_level="WARNING",
        dev_guild_id=None,
        shard_count=None if args.shard is None else SHARDS,
        shard_ids=None if args.shard is None else (args.shard,),
    )
    store = await open_store(settings.database)
    bot = RefereeBot(settings, store, remind_on_start=False)
    try:
        async with simcord.run(bot, check_errors=True) as env:
            if not bot.holds_shard(0):
                # Shard 0's process syncs the commands to the one Discord; this simulated one
                # gets them the same way.
                await bot.tree.sync()
            player = Player(env, args.database, script, window, args.shard, args.acks, args.games)
            clock = None if args.clock is None else ClockSync(env, args.clock)
            await player.run(clock)
    finally:
        await bot.close()
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
