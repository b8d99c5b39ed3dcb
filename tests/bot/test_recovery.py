"""What outlives the process or a moderator's mistake: an open secret-move form, a lobby."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import discord

from tests.bot.table import Table, close_dms
from tests.bot.test_scenarios import sealed_game
from tests.conftest import make_bot


async def open_form(table: Table, member: Any) -> Any:
    """The member presses the latest 'Submit secret move' button; the form shown."""
    offer = next(
        m
        for m in reversed(table.channel.history())
        if m.embeds and "cannot DM" in (m.embeds[0].description or "")
    )
    shown = await member.click(offer, label="Submit secret move")
    assert shown.modal is not None, shown
    return shown


async def test_a_form_opened_before_a_restart_is_answered_after(
    simcord_env: Any, database: Path
) -> None:
    """A form submitted after a restart locks the move in; forms of a resolved step or of a
    finished game are refused privately and change nothing."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    close_dms(simcord_env, bob)
    match_id = await sealed_game(table)
    first = await open_form(table, bob)
    stale = await open_form(table, bob)
    await alice.send_dm("3")
    await simcord_env.restart_bot(await make_bot(database))

    answer = await bob.submit_modal(first, {"move": "2"})
    assert answer.ephemeral and "Locked in `2`" in answer.response.content
    match = await table.match(match_id)
    assert match.row.step == 1 and match.moves == ((0, "3"), (1, "2"))

    second = await open_form(table, bob)
    late = await open_form(table, bob)
    refused = await bob.submit_modal(stale, {"move": "1"})
    assert refused.ephemeral and "already resolved" in refused.response.content
    assert (await table.match(match_id)) == match

    await alice.send_dm("1")
    answer = await bob.submit_modal(second, {"move": "1"})
    assert answer.ephemeral and "everyone has moved" in answer.response.content
    over = await table.match(match_id)
    assert over.status == "over"
    refused = await bob.submit_modal(late, {"move": "1"})
    assert refused.ephemeral and "is over" in refused.response.content
    assert (await table.match(match_id)) == over


async def test_a_deleted_lobby_message_is_posted_again(simcord_env: Any) -> None:
    """A moderator deletes the lobby message: the next change posts it again, with buttons;
    once the game has started, a deleted lobby message is simply left gone."""
    table = Table.make(simcord_env, players=4)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    match_id = await table.open("alice", "lengths-of-lengths", n=4)
    deleted = table.lobby_message(match_id)
    await mod.delete(deleted)

    joined = await table.members["bob"].slash(table.channel, "join")
    assert joined.ephemeral and "joined" in joined.response.content
    lobby = table.lobby_message(match_id)
    assert lobby.id != deleted.id and "bob-home" in (lobby.embeds[0].description or "")
    assert (await table.match(match_id)).row.lobby_message_id == lobby.id

    await table.seat(match_id, ["carol"])
    again = table.lobby_message(match_id)
    assert again.id == lobby.id and "carol-home" in (again.embeds[0].description or "")

    await mod.delete(again)
    started = await table.members["dave"].slash(table.channel, "join")
    assert started.ephemeral and "joined" in started.response.content
    assert (await table.match(match_id)).status == "active"
    titles = [m.embeds[0].title for m in table.channel.history() if m.embeds]
    assert [t.split(": ")[1] for t in titles] == ["the game begins"]
    for member in table.members.values():
        assert not any("could not post" in m.content for m in member.user.dm_channel.history())


async def test_the_games_a_start_loads_are_left_out_of_the_collectors_passes(
    simcord_env: Any, database: Path
) -> None:
    """After a restart has loaded the open games (for its post of whom they wait for), a bot
    that owns its process has them frozen out of the garbage collector's full passes; closed,
    it leaves nothing frozen. A bot in a process that makes many freezes nothing."""
    table = Table.make(simcord_env, players=2)
    match_id = await sealed_game(table)
    assert gc.get_freeze_count() == 0
    bot = await make_bot(database, owns_process=True)
    await simcord_env.restart_bot(bot)
    loaded = await bot.referee.get(match_id)
    assert gc.get_freeze_count() > 0
    assert not any(o is loaded for o in gc.get_objects())
    await bot.close()
    assert gc.get_freeze_count() == 0
