"""Playing the computer through Discord: every game, sealed steps, mixed tables, restarts, and
standings kept apart from the standings among members."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rules import GAMES
from tests.bot.table import Table
from tests.bot.test_full_games import SMALL
from tests.conftest import make_bot

SLOW = pytest.mark.simcord(settle_timeout=60)


@SLOW
@pytest.mark.parametrize("slug", list(GAMES))
async def test_a_member_plays_every_game_against_the_computer(simcord_env: Any, slug: str) -> None:
    """`computer:easy` fills the table and starts it; the computer moves by itself, unseen at a
    sealed step; the stored result is the replay; the record names the level; the standings
    among members do not change, the record against the computer does."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    match_id = await table.open("alice", slug, computer="easy", **SMALL[slug])
    match = await table.match(match_id)
    assert match.status == "active"
    assert [s.name for s in match.seats] == ["alice-home", "Computer (easy)"]
    await table.play_out(match_id, random.Random(slug))

    record = await table.history("alice", match_id)
    assert record["seats"] == [
        {"seat": 0, "name": "alice-home"},
        {"seat": 1, "name": "Computer (easy)", "computer": "easy"},
    ]
    assert any(entry[0] == 1 for entry in record["moves"])
    final = table.channel.history()[-1]
    assert final.embeds[0].title.endswith("game over")
    assert "Computer (easy)" in final.embeds[0].description

    among = await alice.slash(table.channel, "leaderboard")
    assert among.ephemeral and "No finished game among members" in among.response.content
    versus = await alice.slash(table.channel, "leaderboard", vs="computer", game=slug)
    lines = versus.response.embeds[0].description.splitlines()
    assert "alice-home" in lines[1], lines
    assert lines[2].startswith("Levels: easy"), lines


async def test_no_message_goes_to_a_computer(simcord_env: Any) -> None:
    """At a sealed step the computer seals at once, as unseen as anyone's move: nobody is
    told what it is, and it is neither mentioned nor sent a message."""
    table = Table.make(simcord_env, players=1)
    match_id = await table.open("alice", "numbers-to-number", computer="medium", m=3, rounds=2)
    match = await table.match(match_id)
    computer = match.seats[1]
    assert computer.user_id is None and computer.computer == "medium"
    assert match.progress is not None and 1 in match.progress.pending
    sealed = match.progress.pending[1]
    for message in table.channel.history():
        text = message.content + "".join(e.description or "" for e in message.embeds)
        assert f"`{sealed}`" not in text
        assert "<@None>" not in text
    prompts = table.members["alice"].user.dm_channel.history()
    assert len(prompts) == 1 and "Numbers To Number" in prompts[0].content


@SLOW
async def test_members_and_computers_share_a_table(simcord_env: Any) -> None:
    """The host adds computers of two levels from the lobby's menu, a second member joins, and
    a four-player sealed game runs to the end; only the host may add or remove computers."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await table.open("alice", "numerical-cards", m=5)

    refused = await bob.select(table.lobby_message(match_id), ["hard"])
    assert refused.ephemeral and "Only the host" in refused.response.content
    none_yet = await alice.select(table.lobby_message(match_id), ["remove"])
    assert none_yet.ephemeral and "There is no computer" in none_yet.response.content
    for level in ("easy", "hard", "hard"):
        added = await alice.select(table.lobby_message(match_id), [level])
        assert added.ephemeral and "takes seat" in added.response.content
    removed = await alice.select(table.lobby_message(match_id), ["remove"])
    assert "Removed Computer 2 (hard)" in removed.response.content
    await table.seat(match_id, ["bob"])
    lobby = table.lobby_message(match_id).embeds[0].description
    assert "Computer (easy)" in lobby and "Computer (hard)" in lobby
    await alice.click(table.lobby_message(match_id), label="Start")

    match = await table.match(match_id)
    assert [s.computer for s in match.seats] == [None, "easy", "hard", None]
    await table.play_out(match_id, random.Random(4))
    match = await table.match(match_id)
    assert match.status == "over"


async def test_a_restart_while_the_computer_is_to_move(simcord_env: Any, database: Path) -> None:
    """The process stops before the computer's search ends; after the start the computer's
    move is worked out again and played."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    match_id = await table.open("alice", "binary-scramble", computer="medium")
    match = await table.match(match_id)
    assert match.awaited_seats() == {0}
    # The computers stop thinking, as they do when the process stops mid-search.
    await table.bot.remove_cog("Computers")
    p = match.require_progress()
    move = p.game.sample(p.state, 0, random.Random(1))
    await alice.slash(table.channel, "move", move=move, game=match_id)
    waiting = await table.match(match_id)
    assert waiting.awaited_seats() == {1} and waiting.row.step == match.row.step + 1

    await simcord_env.restart_bot(await make_bot(database))
    await simcord_env.settle()
    moved = await table.match(match_id)
    assert moved.status != "active" or moved.awaited_seats() != {1}
    assert moved.moves[len(waiting.moves)][0] == 1


@SLOW
async def test_the_computers_finish_a_game_every_member_has_left(simcord_env: Any) -> None:
    """The only member resigns from a table of three: the computers play the game to its end
    by themselves, and the result is the replay of the record."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    match_id = await table.open("alice", "numerical-cards", m=4)
    for level in ("hard", "medium"):
        await alice.select(table.lobby_message(match_id), [level])
    await alice.click(table.lobby_message(match_id), label="Start")
    resigned = await table.resign(alice, game=match_id)
    assert resigned.ephemeral and "You resigned" in resigned.response.content
    await simcord_env.settle()
    assert (await table.match(match_id)).status == "over"
    result = await table.result_is_the_replay(match_id)
    assert result["resigned"] == [0] and 0 not in result["winners"]


async def test_a_game_against_the_computer_cannot_be_cancelled_to_dodge_a_loss(
    simcord_env: Any,
) -> None:
    """Once the first move is made, the host alone cannot cancel a game with a computer (a
    computer never agrees): the answer says who can, and nothing changes."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    match_id = await table.open("alice", "binary-scramble", computer="easy")
    match = await table.match(match_id)
    p = match.require_progress()
    move = p.game.sample(p.state, 0, random.Random(2))
    await alice.slash(table.channel, "move", move=move, game=match_id)
    before = await table.match(match_id)
    refused = await alice.slash(table.channel, "cancel", game=match_id)
    assert refused.ephemeral and "only a member with Manage Server" in refused.response.content
    assert await table.match(match_id) == before
