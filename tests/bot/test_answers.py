"""Answers that fit and name the real situation: long lists in a busy channel, and a game
that is not yet, or no longer, what a command needs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.bot.table import Table
from tests.conftest import make_bot

LOBBIES = 70
GAMES = 90
TITLE = "Lengths Of Lengths Of Lengths"


async def test_long_lists_are_cut_between_entries_and_keep_their_instruction(
    simcord_env: Any,
) -> None:
    """With more lobbies than one answer can name, /join names whole entries, counts the rest
    and ends with its instruction; /games does the same within its embed."""
    table = Table.make(simcord_env, players=2)
    ids = [await table.open("alice", "lengths-of-lengths", n=4) for _ in range(LOBBIES)]

    answer = await table.members["bob"].slash(table.channel, "join")
    text = answer.response.content
    assert answer.ephemeral and len(text) <= 2000
    head, tail = "Several games are open here: ", ". Add `game:` with the number."
    assert text.startswith(head) and text.endswith(tail), text
    *entries, more = text[len(head) : -len(tail)].split(", ")
    assert entries == [f"{TITLE} #{i}" for i in ids[: len(entries)]]
    assert more == f"… and {LOBBIES - len(entries)} more"
    assert await table.bot.referee.matches_of_in(table.members["bob"].id, table.channel.id) == []

    listed = await table.members["bob"].slash(table.channel, "games")
    assert listed.ephemeral
    *lines, more = (listed.response.embeds[0].description or "").split("\n")
    line = re.compile(rf"#(\d+) {TITLE} in <#{table.channel.id}>, lobby: alice-home")
    shown = [int(m[1]) for m in map(line.fullmatch, lines) if m]
    assert len(shown) == len(lines) > 40 and shown == ids[: len(lines)]
    assert more == f"… and {LOBBIES - len(lines)} more"


async def test_many_waiting_games_by_dm_and_after_a_restart(
    simcord_env: Any, database: Path
) -> None:
    """A bare DM to a member with more waiting games than a message can name, and the notice
    after a restart, list whole entries, count the rest and keep their instruction."""
    table = Table.make(simcord_env, players=2)
    alice = table.members["alice"]
    ids = []
    for _ in range(GAMES):
        ids.append(await table.open("bob", "numbers-to-number", m=2, rounds=1))
        joined = await alice.slash(table.channel, "join", game=ids[-1])
        assert "joined" in joined.response.content
    await alice.send_dm("1")
    text = alice.user.dm_channel.history()[-1].content
    head = "Several games are waiting for you: "
    tail = f". Answer with the game number first, e.g. `#{ids[0]} 1`."
    assert len(text) <= 2000 and text.startswith(head) and text.endswith(tail), text
    *entries, more = text[len(head) : -len(tail)].split(", ")
    assert entries == [f"Numbers To Number #{i}" for i in ids[: len(entries)]]
    assert more == f"… and {GAMES - len(entries)} more"

    await simcord_env.restart_bot(await make_bot(database))
    back = table.channel.history()[-1].embeds[0]
    assert back.title == "I am back: the games here go on"
    hint, *lines, more = (back.description or "").split("\n")
    assert hint == "Waiting for a move (`/games` lists every open game):"
    line = re.compile(r"Numbers To Number #(\d+): waiting for <@\d+>, <@\d+> \(secret moves\)\.")
    shown = [int(m[1]) for m in map(line.fullmatch, lines) if m]
    assert len(shown) == len(lines) > 30 and shown == ids[: len(lines)]
    assert more == f"… and {GAMES - len(lines)} more"


async def test_answers_name_the_game_that_is_here(simcord_env: Any) -> None:
    """A command for a game under way meets a lobby, and a lobby command meets a started game:
    the answer names the game and what to do, privately, and nothing changes."""
    table = Table.make(simcord_env, players=3)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    nothing = await alice.slash(table.channel, "move", move="1")
    assert nothing.ephemeral and "There is no open game in this channel" in nothing.response.content

    match_id = await table.open("alice", "lengths-of-lengths", n=4)
    lobby = await table.match(match_id)
    for command, options in (("move", {"move": "1"}), ("resign", {}), ("board", {}), ("score", {})):
        for member in (alice, carol):
            answer = await member.slash(table.channel, command, **options)
            assert answer.ephemeral and answer.response.content == (
                f"{TITLE} #{match_id} is still a lobby: the host presses Start "
                "(it starts by itself when full)."
            ), (command, answer.response.content)
    assert await table.match(match_id) == lobby

    await table.seat(match_id, ["bob"])
    await alice.click(table.lobby_message(match_id), label="Start")
    started = await table.match(match_id)
    for member, command in ((carol, "join"), (carol, "leave"), (alice, "start"), (bob, "leave")):
        answer = await member.slash(table.channel, command)
        assert answer.ephemeral and answer.response.content == (
            f"{TITLE} #{match_id} has already started; `/newgame` opens a new one."
        ), (command, answer.response.content)
    assert await table.match(match_id) == started

    await alice.slash(table.channel, "cancel")
    second = await table.open("carol", "lengths-of-lengths", n=4)
    third = await table.open("carol", "lengths-of-lengths", n=4)
    answer = await carol.slash(table.channel, "move", move="1")
    assert answer.ephemeral and answer.response.content == (
        f"The games here are still lobbies: {TITLE} #{second}, {TITLE} #{third}. "
        "Their hosts press Start (each starts by itself when full)."
    )


async def test_a_refusal_names_the_members_own_game_here(simcord_env: Any) -> None:
    """Alice hosts a lobby in a channel where bob and carol play: her `/move` and `/resign` are
    answered about her lobby, not about their game, and nothing changes."""
    table = Table.make(simcord_env, players=3)
    alice = table.members["alice"]
    theirs = await table.open("bob", "lengths-of-lengths", n=4)
    await table.seat(theirs, ["carol"])
    await table.members["bob"].click(table.lobby_message(theirs), label="Start")
    hers = await table.open("alice", "lengths-of-lengths", n=4)
    before = (await table.match(theirs), await table.match(hers))
    for command, options in (("move", {"move": "1"}), ("resign", {})):
        answer = await alice.slash(table.channel, command, **options)
        assert answer.ephemeral and answer.response.content == (
            f"{TITLE} #{hers} is still a lobby: the host presses Start "
            "(it starts by itself when full)."
        ), (command, answer.response.content)
    assert (await table.match(theirs), await table.match(hers)) == before
