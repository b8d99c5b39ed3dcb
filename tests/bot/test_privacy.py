"""/forget-me through the bot: a confirmation only the member can give, refused while they play,
and afterwards no trace of them while every result stands."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import SetupError
from simcord.actors import _component_interaction

from tests.bot.table import Table
from tests.conftest import make_bot
from tests.rows import database_dump


async def finished_game(table: Table, host: str = "alice", guest: str = "bob") -> int:
    """A Numbers To Number game between two members, played to its end."""
    match_id = await table.open(host, "numbers-to-number", m=2, rounds=1)
    await table.seat(match_id, [guest])
    await table.play_out(match_id, random.Random(match_id))
    return match_id


async def ask(member: Any, table: Table) -> Any:
    """/forget-me: the private question with its Forget me button."""
    question = await member.slash(table.channel, "forget-me")
    assert question.ephemeral, question
    assert "Press the Forget me button to confirm" in question.response.content
    return question


def standing_of(board: Any, name: str) -> str | None:
    """A member's line of a /leaderboard answer (without its place), if listed."""
    lines = board.response.embeds[0].description.splitlines()
    return next((line[4:] for line in lines if f" {name} " in line), None)


async def test_forgetting_removes_her_and_every_result_stands(simcord_env: Any) -> None:
    """After alice confirms, the leaderboard and the one-player bests no longer list her, bob's
    standing is as it was, and the finished game replays the same with her seat a former
    player."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await finished_game(table)
    solo = await table.open("alice", "integer-sequence", n=1)
    await alice.click(table.lobby_message(solo), label="Start")
    await alice.slash(table.channel, "move", move="1")
    before = await bob.slash(table.channel, "leaderboard")
    assert standing_of(before, "alice-home") is not None
    record = await table.history("bob", match_id)

    question = await ask(alice, table)
    assert "- your standings: 1 game in 1 server" in question.response.content
    assert "- your one-player bests: 1" in question.response.content
    assert "in 2 finished games, 2 of them hosted by you" in question.response.content
    done = await alice.click(question.response, label="Forget me")
    assert done.ephemeral and "Forgotten. Removed:" in done.response.content
    assert "- your standings: 1 game in 1 server" in done.response.content

    after = await bob.slash(table.channel, "leaderboard")
    assert standing_of(after, "alice-home") is None
    assert standing_of(after, "bob-home") == standing_of(before, "bob-home")
    solitaire = await bob.slash(table.channel, "solitaire")
    assert "alice" not in solitaire.response.content
    after = await table.history("bob", match_id)
    assert after["seats"][0] == {"seat": 0, "name": "former player"}
    assert after["seats"][1] == record["seats"][1]
    assert {**after, "seats": record["seats"]} == record
    await table.result_is_the_replay(match_id, "bob")
    score = await bob.slash(table.channel, "score", game=match_id)
    assert "former player" in score.response.content and "alice" not in score.response.content
    for match in (await table.match(match_id), await table.match(solo)):
        assert alice.id not in {s.user_id for s in match.seats} | {match.row.host_id}
        assert "alice-home" not in match.names
    referee = table.bot.referee
    assert all(
        alice.id not in {s.user_id for s in m.seats} for m in await referee.known_open_matches()
    )
    again = await alice.slash(table.channel, "forget-me")
    assert again.ephemeral and "stores nothing about you" in again.response.content


async def test_only_she_confirms_and_the_button_outlives_a_restart(
    simcord_env: Any, database: Path
) -> None:
    """Bob cannot see alice's question, and a forged press of her button is refused and
    changes nothing; after a restart her own press still works."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    await finished_game(table)
    question = await ask(alice, table)
    with pytest.raises(SetupError):
        await bob.click(question.response, label="Forget me")
    before = database_dump(database)
    # Discord shows the question to alice alone; a modified client could still send a press
    # of her button, so the bot itself checks who pressed.
    press = {
        "custom_id": f"qr:forget:{alice.id}",
        "component_type": discord.ComponentType.button.value,
    }
    forged = await _component_interaction(bob, question.response._message, press)
    refusal = forged.response
    assert refusal is not None and refusal.ephemeral
    assert "another member's `/forget-me`" in refusal.content
    assert database_dump(database) == before

    await simcord_env.restart_bot(await make_bot(database))
    done = await alice.click(question.response, label="Forget me")
    assert done.ephemeral and "Forgotten. Removed:" in done.response.content
    board = await bob.slash(table.channel, "leaderboard")
    assert standing_of(board, "alice-home") is None and standing_of(board, "bob-home")


async def test_a_member_still_playing_is_refused_and_nothing_changes(
    simcord_env: Any, database: Path
) -> None:
    """While alice sits in a lobby, a game under way, or a game that goes on after she
    resigned, /forget-me and its button name those games and change nothing."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    await finished_game(table)
    question = await ask(alice, table)
    playing = await table.open("bob", "numbers-to-number", m=2, rounds=1)
    await table.seat(playing, ["alice"])
    lobby = await table.open("alice", "binary-scramble")
    before = database_dump(database)
    expected = (
        f"You are still in Numbers To Number #{playing}, Binary Scramble #{lobby}: leave or "
        "resign them (`/leave`, `/resign`), then `/forget-me` again."
    )
    for refused in (
        await alice.slash(table.channel, "forget-me"),
        await alice.click(question.response, label="Forget me"),
    ):
        assert refused.ephemeral and expected in refused.response.content
        assert "Nothing was removed." in refused.response.content
        assert not refused.response.components
    assert database_dump(database) == before

    await alice.slash(table.channel, "leave", game=lobby)
    await table.resign(alice, game=playing)
    three = await table.open("bob", "lengths-of-lengths", n=3)
    await table.seat(three, ["alice", "carol"])
    await table.resign(alice, game=three)
    before = database_dump(database)
    refused = await alice.slash(table.channel, "forget-me")
    assert refused.ephemeral and (
        f"Lengths Of Lengths Of Lengths #{three} goes on without you: `/forget-me` again once "
        "it has ended." in refused.response.content
    )
    assert database_dump(database) == before
    await table.play_out(three, random.Random(3))
    done = await alice.click(question.response, label="Forget me")
    assert "Forgotten. Removed:" in done.response.content
    assert alice.id not in {s.user_id for s in (await table.match(three)).seats}
    assert standing_of(await bob.slash(table.channel, "leaderboard"), "alice-home") is None
