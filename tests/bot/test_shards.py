"""Processes that each run some of the bot's shards, on one database: DMs reach shard 0's
process, posts need no fetch, one process syncs, each speaks for its own guilds."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import simcord

from tests.bot.process import Process
from tests.bot.table import Table
from tests.bot.test_scenarios import dms, sealed_game
from tests.conftest import MADE, close_made, make_bot

BACK = "I am back: the games here go on"


@pytest.fixture
async def made() -> AsyncIterator[None]:
    """Every bot a test makes is closed afterwards, with its store."""
    MADE.clear()
    yield
    await close_made()


def lookups(requests: list[Any]) -> list[str]:
    """The requests that fetch a channel or a user by id."""
    return [
        f"{r.method} {r.path}"
        for r in requests
        if r.method == "GET" and re.fullmatch(r"/(channels|users)/\d+", r.path)
    ]


def syncs(requests: list[Any]) -> list[str]:
    """The requests that sync the slash commands."""
    return [r.path for r in requests if r.method == "PUT" and r.path.endswith("/commands")]


async def dm_move(member: Any, text: str) -> str:
    """DM a move to the bot; the bot's answer (empty if none came)."""
    before = len(dms(member))
    await member.send_dm(text)
    answers = dms(member)[before + 1 :]
    return answers[0] if answers else ""


def notices(table: Table) -> list[str]:
    """The restart notices posted in a table's channel."""
    return [m.embeds[0].title for m in table.channel.history() if m.embeds and m.embeds[0].title]


async def test_one_process_runs_both_shards(database: Path, made: None) -> None:
    """With two shards in one process, a game in a guild of shard 1 is played by DM (DMs come
    on shard 0); posts and DMs cost no lookup of a channel or a user; the commands sync once."""
    bot = await make_bot(database, shard_count=2)
    async with simcord.run(bot) as env:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        table = Table.make(env, "far", players=2, shard_id=1)
        assert table.guild.id >> 22 & 1 == 1 and bot.owns_guild(table.guild.id)
        match_id = await sealed_game(table, m=3, rounds=2)
        for name, move in (("alice", "3"), ("bob", "1")):
            assert "Locked in" in await dm_move(table.members[name], move)
        match = await table.match(match_id)
        assert match.moves == ((0, "3"), (1, "1"))
        posted = [m.embeds[0].description or "" for m in table.channel.history() if m.embeds]
        assert any("the list gets" in text for text in posted)
        for name in ("alice", "bob"):
            await table.members[name].send_dm("2")
        assert (await table.match(match_id)).row.step == 2
        assert not lookups(env.http_requests)
        assert len(syncs(env.http_requests)) == 1
        opened = [r for r in env.http_requests if r.path == "/users/@me/channels"]
        assert len(opened) <= 2, "a member's DM channel is opened at most once"


async def test_a_process_without_shard_zero(database: Path, made: None) -> None:
    """A process of shard 1 alone never syncs and never hears a DM; the process of shard 0
    plays by DM the game the other one opened, and posts in that guild's channel, which it
    never received, without fetching it."""
    far = await make_bot(database, shard_count=2, shard_ids=[1])
    # Shard 0's process syncs the commands; this simulated Discord has them as if it had.
    async with simcord.run(far, strict_sync=False) as env:
        assert sorted(far.shards) == [1]
        assert not syncs(env.http_requests)
        table = Table.make(env, "far", players=2, shard_id=1)
        match_id = await sealed_game(table)
        alice = table.members["alice"]
        assert "send a number" in dms(alice)[-1]
        assert await dm_move(alice, "3") == "", "no process of shard 0 runs to hear it"
        assert (await table.match(match_id)).require_progress().pending == {}
        assert not lookups(env.http_requests)

        near = await make_bot(database, shard_count=2, shard_ids=[0])
        seen = len(env.http_requests)
        await env.restart_bot(near)
        assert len(syncs(env.http_requests[seen:])) == 1
        assert near.get_channel(table.channel.id) is None
        posted = len(table.channel.history())
        for name, move in (("alice", "2"), ("bob", "1")):
            assert "Locked in" in await dm_move(table.members[name], move)
        assert (await table.match(match_id)).moves == ((0, "2"), (1, "1"))
        news = [m.embeds[0].description for m in table.channel.history()[posted:] if m.embeds]
        assert any("the list gets" in (text or "") for text in news), news
        assert not lookups(env.http_requests[seen:])
        assert BACK not in notices(table), "the far guild is not the near process's"


async def test_restart_notices_come_from_the_guilds_process(database: Path, made: None) -> None:
    """After a restart, each process tells only the guilds of its own shards that their games
    go on."""
    bot = await make_bot(database, shard_count=2)
    async with simcord.run(bot) as env:
        tables = [Table.make(env, f"g{s}", players=2, shard_id=s) for s in (0, 1)]
        for table in tables:
            await sealed_game(table)
        for shard in (1, 0):
            await env.restart_bot(await make_bot(database, shard_count=2, shard_ids=[shard]))
            assert notices(tables[shard]).count(BACK) == 1
            assert notices(tables[1 - shard]).count(BACK) == (1 if shard == 0 else 0)


async def test_computers_resume_in_the_guilds_process(database: Path, made: None) -> None:
    """A computer that was to move when the processes stopped moves once the process of its
    guild's shard starts, not when another process does."""
    bot = await make_bot(database, shard_count=2)
    async with simcord.run(bot) as env:
        table = Table.make(env, "far", players=1, shard_id=1)
        match_id = await table.open("alice", "binary-scramble", computer="medium")
        match = await table.match(match_id)
        # The computers stop thinking, as they do when the process stops mid-search.
        await bot.remove_cog("Computers")
        p = match.require_progress()
        move = p.game.sample(p.state, 0, random.Random(1))
        await table.members["alice"].slash(table.channel, "move", move=move, game=match_id)
        waiting = await table.match(match_id)
        assert waiting.awaited_seats() == {1}

        near = await make_bot(database, shard_count=2, shard_ids=[0])
        await env.restart_bot(near)
        await env.settle()
        still = await near.store.load_match(match_id)
        assert still is not None and still.moves == waiting.moves

        far = await make_bot(database, shard_count=2, shard_ids=[1])
        await env.restart_bot(far)
        await env.settle()
        moved = await far.store.load_match(match_id)
        assert moved is not None and moved.moves[len(waiting.moves)][0] == 1


def far_guild(env: Any) -> Table:
    """The same server in each process's simulated Discord: a guild of shard 1."""
    return Table.make(env, "far", players=2, shard_id=1)


async def ids_of(table: Table) -> tuple[int, ...]:
    """The ids of a table's guild, channel and members."""
    return (table.guild.id, table.channel.id, *(m.id for m in table.members.values()))


async def two_processes_play(database: str, first: str) -> list[str]:
    """Shard 0's process starts, shard 1's opens a sealed game in its guild; alice sends
    `first` by DM, bob `1`, to shard 0's process, whose answers are returned once the move
    is checked in the database, the post in the guild's channel and the request log."""
    near, far = Process(database, 2, [0]), Process(database, 2, [1])
    await near.start(far_guild)
    try:
        await far.start(far_guild)
        assert await near.do(ids_of) == await far.do(ids_of)
        match_id = await far.do(sealed_game)

        async def play(table: Table) -> list[str]:
            posted = len(table.channel.history())
            answers = [
                await dm_move(table.members["alice"], first.format(match=match_id)),
                await dm_move(table.members["bob"], "1"),
            ]
            news = [m.embeds[0].description for m in table.channel.history()[posted:] if m.embeds]
            assert any("the list gets" in (text or "") for text in news), (answers, news)
            assert not lookups(table.env.http_requests)
            return answers

        answers = await near.do(play)

        async def stored(table: Table) -> Any:
            return await table.bot.referee.store.load_match(match_id)

        assert (await far.do(stored)).moves == ((0, "3"), (1, "1"))
        return answers
    finally:
        await far.stop()
        await near.stop()


@pytest.mark.postgres
async def test_two_processes_share_one_database(postgres_url: str) -> None:
    """Shard 1's process opens a game in its guild; shard 0's process, started before, hears
    the players' DMs, plays their secret moves and posts in that guild's channel."""
    answers = await two_processes_play(postgres_url, "#{match} 3")
    assert all("Locked in" in answer for answer in answers), answers


@pytest.mark.postgres
async def test_a_bare_dm_finds_a_game_another_process_opened(postgres_url: str) -> None:
    """A secret move by DM without the game's number, to shard 0's process, for a game that
    shard 1's process opened after shard 0's started."""
    answers = await two_processes_play(postgres_url, "3")
    assert all("Locked in" in answer for answer in answers), answers
