"""A bot process playing scripted games against the simulated Discord, logging every ack.

Run as `python -m tests.kill.player DB ACKS`; it may be killed at any instant and started
again on the same files: it finds where every game stands and plays on.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

import simcord

from bot import RefereeBot
from db import open_store
from settings import Settings
from tests.bot.table import Table

GAMES = (
    ("numbers-to-number", {"m": 3, "rounds": 2}, 2),
    ("lengths-of-lengths", {"n": 6, "rounds": 2}, 3),
    ("numerical-cards", {"m": 5}, 3),
    ("labyrinthine-loop", {"n": 3, "rounds": 1}, 2),
    ("binary-scramble", {"length": 6, "target": 3}, 2),
)
SCRIPT = GAMES * 20
"""The games, in the order they are opened: (game, options, players)."""


def log_ack(acks: Path, line: str) -> None:
    """Append one acknowledged move to the log, durably, before going on."""
    with acks.open("a", encoding="utf-8") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


async def open_game(table: Table, index: int) -> int:
    """Open and fill the index-th game of the script (or finish filling it after a restart)."""
    slug, options, players = SCRIPT[index]
    referee = table.bot.referee
    matches = sorted(m.row.id for m in await referee.store.open_matches())
    known = await referee.store.load_match(index + 1)
    if known is None:
        match_id = await table.open("alice", slug, **options, deadline=0)
        assert match_id == index + 1, (match_id, matches)
    match = await referee.get(index + 1)
    names = list(table.members)[:players]
    for name in names[1:]:
        if match.status == "lobby" and match.seat_of(table.members[name].id) is None:
            await table.members[name].slash(table.channel, "join", game=match.id)
            match = await referee.get(match.id)
    if match.status == "lobby":
        await table.members["alice"].slash(table.channel, "start", game=match.id)
    return match.id


async def play(table: Table, match_id: int, acks: Path) -> None:
    """Play the game to its end, one acknowledged move at a time."""
    referee = table.bot.referee
    while (match := await referee.get(match_id)).status == "active":
        p = match.require_progress()
        seat = min(match.awaited_seats())
        rng = random.Random(f"{match_id}:{match.row.step}:{seat}")
        move = p.game.sample(p.state, seat, rng)
        member = table.member(match.seats[seat].member_id)
        if match.is_sealed():
            seen = len(member.user.dm_channel.history())
            await member.send_dm(f"#{match_id} {move}")
            reply = member.user.dm_channel.history()[seen + 1].content
            assert "Locked in" in reply, reply
        else:
            result = await member.slash(table.channel, "move", move=move, game=match_id)
            # The move is acknowledged by its public post, sent once it is committed.
            assert not result.ephemeral and result.response.embeds, result.response.content
        log_ack(acks, f"{match_id} {match.row.step} {seat} {move}")


async def main(database: str, acks: str) -> int:
    """Play the whole script, resuming wherever the database says the games are."""
    settings = Settings(token=None, database=database, log_level="WARNING", dev_guild_id=None)
    store = await open_store(settings.database)
    bot = RefereeBot(settings, store, remind_on_start=False)
    try:
        async with simcord.run(bot, check_errors=True) as env:
            table = Table.make(env, players=3)
            for index in range(len(SCRIPT)):
                match_id = await open_game(table, index)
                await play(table, match_id, Path(acks))
    finally:
        await bot.close()
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2])))
