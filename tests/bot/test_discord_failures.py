"""Discord failing under the bot never corrupts a game: it is committed, logged, and told."""

from __future__ import annotations

from typing import Any

from tests.bot.table import Table


async def turn_game(table: Table) -> int:
    """A started Lengths Of Lengths game between alice and bob."""
    match_id = await table.open("alice", "lengths-of-lengths", n=4)
    await table.seat(match_id, ["bob"])
    await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    return match_id


async def test_missing_permissions_in_the_channel(simcord_env: Any) -> None:
    """With posting forbidden, the secret moves still count and the players hear the reveal by
    DM."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", "numbers-to-number", m=2, rounds=1)
    await table.seat(match_id, ["bob"])
    simcord_env.inject_error(
        "POST",
        f"/channels/{table.channel.id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    await table.members["alice"].send_dm("1")
    await table.members["bob"].send_dm("2")
    assert len((await table.match(match_id)).moves) == 2
    for name in ("alice", "bob"):
        last = table.members[name].user.dm_channel.history()
        assert any("I could not post in" in m.content for m in last), name


async def test_a_turn_move_is_answered_by_its_post(simcord_env: Any) -> None:
    """A turn move costs one interaction response, which carries the board: no channel post
    and no private answer besides."""
    table = Table.make(simcord_env, players=2)
    match_id = await turn_game(table)
    before = len(simcord_env.http_requests)
    result = await table.members["alice"].slash(table.channel, "move", move="1")
    sent = [r for r in simcord_env.http_requests[before:] if r.method in ("POST", "PATCH")]
    assert [r.path.split("/")[1] for r in sent] == ["interactions"], sent
    assert not result.ephemeral and result.response.attachments
    assert "appended 1" in result.response.embeds[0].description
    assert (await table.match(match_id)).moves == ((0, "1"),)


async def test_a_passing_server_error_is_retried(simcord_env: Any) -> None:
    """One 500 from Discord: the post goes through on a retry and the game goes on."""
    table = Table.make(simcord_env, players=2)
    match_id = await turn_game(table)
    posts = len(table.channel.history())
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500, times=1)
    await table.members["alice"].slash(table.channel, "move", move="0")
    await simcord_env.advance_time(10)
    assert len(table.channel.history()) == posts + 1
    assert (await table.match(match_id)).moves == ((0, "0"),)


async def test_a_deleted_channel_does_not_block_the_other_games(simcord_env: Any) -> None:
    """A channel that is gone (404) loses its posts; the move is committed all the same."""
    table = Table.make(simcord_env, players=2)
    match_id = await turn_game(table)
    simcord_env.inject_error(
        "POST",
        f"/channels/{table.channel.id}/messages",
        status=404,
        code=10003,
        message="Unknown Channel",
        times=None,
    )
    await table.members["alice"].slash(table.channel, "move", move="1")
    await table.members["bob"].slash(table.channel, "move", move="1")
    assert (await table.match(match_id)).moves == ((0, "1"), (1, "1"))


async def test_a_moment_of_service_unavailable_is_sent_again(simcord_env: Any) -> None:
    """Discord answers 503 (which discord.py does not send again by itself) to a channel post
    and to a secret-move prompt: each goes through on the next attempt, picture and all."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", "numbers-to-number", m=2, rounds=1)
    bob = table.members["bob"]
    prompts = len(bob.user.dm_channel.history()) if bob.user.dm_channel is not None else 0
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=1)
    await table.seat(match_id, ["bob"])
    await simcord_env.advance_time(10)
    begins = [m for m in table.channel.history() if m.embeds and "begins" in m.embeds[0].title]
    assert len(begins) == 1 and begins[0].attachments
    bob_dms = bob.user.dm_channel
    assert len(bob_dms.history()) == prompts + 1
    simcord_env.inject_error("POST", f"/channels/{bob_dms.id}/messages", status=503, times=1)
    await table.members["alice"].send_dm("1")
    before = len(bob_dms.history())
    await bob.send_dm("2")
    await simcord_env.advance_time(10)
    assert (await table.match(match_id)).row.step == 1
    answer = [m.content for m in bob_dms.history()[before:] if m.author.bot]
    assert len(answer) == 1 and "`2`" in answer[0] and "Move 2/2" in answer[0], answer
