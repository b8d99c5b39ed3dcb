"""Deadlines on the simulated clock: reminders, auto, forfeit, restarts, lobbies; moderators."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from tests.bot.table import Table
from tests.conftest import make_bot


def channel_text(table: Table) -> str:
    """Every embed description in the channel, in order."""
    return "\n".join(m.embeds[0].description or "" for m in table.channel.history() if m.embeds)


async def sealed(table: Table, **extra: Any) -> int:
    """A started Numbers To Number game (alice, bob) with the given match options."""
    match_id = await table.open("alice", "numbers-to-number", m=3, rounds=1, **extra)
    await table.seat(match_id, ["bob"])
    return match_id


async def test_reminder_then_auto_move(simcord_env: Any) -> None:
    """Bob is reminded before the deadline, then the referee plays for him."""
    table = Table.make(simcord_env, players=2)
    match_id = await sealed(table, deadline=10)
    await table.members["alice"].send_dm("5")
    await simcord_env.advance_time(8 * 60)
    assert "left to move in Numbers To Number" in channel_text(table)
    bob_dms = [m.content for m in table.members["bob"].user.dm_channel.history()]
    assert any("left to move" in t for t in bob_dms)
    assert (await table.match(match_id)).require_progress().state.pairs == ()
    await simcord_env.advance_time(3 * 60)
    assert "Time ran out for bob-home: the referee played a move for them." in channel_text(table)
    match = await table.match(match_id)
    assert match.require_progress().state.pairs[0][0] == 5
    assert match.row.deadline_at is not None


async def test_forfeit_in_a_two_player_game(simcord_env: Any) -> None:
    """With on_timeout forfeit, the absent player leaves and the other wins."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open(
        "alice", "lengths-of-lengths", n=4, deadline=5, on_timeout="forfeit"
    )
    await table.seat(match_id, ["bob"])
    await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    await table.members["alice"].slash(table.channel, "move", move="1")
    await simcord_env.advance_time(6 * 60)
    match = await table.match(match_id)
    assert match.status == "over" and match.row.result is not None
    assert match.row.result["winners"] == [0]
    assert "bob-home ran out of time and leaves." in channel_text(table)
    replayed = await table.result_is_the_replay(match_id)
    assert replayed["resigned"] == [1]
    assert (await table.history("alice", match_id))["moves"][-1] == [1, "resign", "timeout"]


async def test_deadline_survives_a_restart(simcord_env: Any, database: Path) -> None:
    """A deadline set before a restart is applied by the new bot."""
    table = Table.make(simcord_env, players=2)
    match_id = await sealed(table, deadline=10)
    await simcord_env.restart_bot(await make_bot(database))
    await simcord_env.advance_time(11 * 60)
    assert "Time ran out for alice-home, bob-home" in channel_text(table)
    assert len((await table.match(match_id)).require_progress().state.pairs) == 1


async def test_no_deadline_means_no_expiry(simcord_env: Any) -> None:
    """deadline:0 lets a game wait as long as it takes."""
    table = Table.make(simcord_env, players=2)
    match_id = await sealed(table, deadline=0)
    await simcord_env.advance_time(30 * 24 * 3600)
    match = await table.match(match_id)
    assert match.status == "active" and match.require_progress().state.pairs == ()


async def test_a_lobby_nobody_starts_expires(simcord_env: Any) -> None:
    """A lobby closes by itself and says so."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", "lengths-of-lengths")
    await simcord_env.advance_time(7 * 3600)
    assert (await table.match(match_id)).status == "cancelled"
    assert "nobody started it in time" in channel_text(table)


async def test_only_host_or_moderator_removes_and_cancels(simcord_env: Any) -> None:
    """Removing a player and cancelling need the host or Manage Server."""
    table = Table.make(simcord_env, players=3)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    match_id = await table.open("alice", "lengths-of-lengths", n=6)
    await table.seat(match_id, ["bob", "carol"])
    await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    bob, carol = table.members["bob"], table.members["carol"]
    refused = await bob.slash(table.channel, "remove", player=carol, game=match_id)
    assert refused.ephemeral and "Only the host" in refused.response.content
    early = await table.members["alice"].slash(table.channel, "remove", player=carol)
    assert early.ephemeral and "is not waiting on carol-home" in early.response.content
    removed = await mod.slash(table.channel, "remove", player=carol, game=match_id)
    assert removed.ephemeral and "Removed" in removed.response.content
    match = await table.match(match_id)
    assert match.resigned(2) and match.status == "active"
    cancel = await mod.slash(table.channel, "cancel", game=match_id)
    assert cancel.ephemeral and "cancelled" in cancel.response.content
    assert (await table.match(match_id)).status == "cancelled"
    board = await bob.slash(table.channel, "leaderboard")
    assert "No finished games" in board.response.content
