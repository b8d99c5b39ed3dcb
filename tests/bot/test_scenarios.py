"""Closed DMs, two games at once, restarts, bad input, and separate servers."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.bot.table import Table, close_dms
from tests.conftest import make_bot


async def sealed_game(table: Table, **options: Any) -> int:
    """A started Numbers To Number game between alice and bob."""
    match_id = await table.open("alice", "numbers-to-number", **(options or {"m": 2, "rounds": 1}))
    await table.seat(match_id, ["bob"])
    return match_id


def dms(member: Any) -> list[str]:
    """Everything in a member's DM channel."""
    return [m.content for m in member.user.dm_channel.history()]


async def test_closed_dms_finish_through_the_form(simcord_env: Any) -> None:
    """A member whose DMs are closed gets a button in the channel and plays through a form."""
    table = Table.make(simcord_env, players=2)
    bob = table.members["bob"]
    close_dms(simcord_env, bob)
    match_id = await sealed_game(table)
    offer = table.channel.history()[-1]
    assert "cannot DM you" in offer.embeds[0].description
    assert offer.content == bob.mention
    alice_try = await table.members["alice"].click(offer, label="Submit secret move")
    assert alice_try.ephemeral and "another player" in alice_try.response.content
    await table.members["alice"].send_dm("3")
    for move in ("2", "1"):
        offer = next(
            m
            for m in reversed(table.channel.history())
            if m.embeds and "cannot DM" in (m.embeds[0].description or "")
        )
        shown = await bob.click(offer, label="Submit secret move")
        assert shown.modal is not None
        answer = await bob.submit_modal(shown, {"move": move})
        assert answer.ephemeral and "Locked in" in answer.response.content
        if move == "2":
            await table.members["alice"].send_dm("1")
    match = await table.match(match_id)
    assert match.status == "over"
    assert match.row.result is not None
    await table.result_is_the_replay(match_id)


async def test_two_games_by_dm(simcord_env: Any) -> None:
    """A bare DM is refused with the list when two games wait; `#id move` picks one."""
    table = Table.make(simcord_env, players=3)
    first = await sealed_game(table)
    second = await table.open("carol", "numbers-to-number", m=2, rounds=1)
    await table.seat(second, ["alice"])
    alice = table.members["alice"]
    await alice.send_dm("3")
    assert f"Numbers To Number #{first}, Numbers To Number #{second}" in dms(alice)[-1]
    assert (await table.match(first)).require_progress().pending == {}
    await alice.send_dm(f"#{second} 3")
    assert "Locked in `3`" in dms(alice)[-1] and f"#{second}" in dms(alice)[-1]
    await alice.send_dm("2")
    assert f"for Numbers To Number #{first}" in dms(alice)[-1]
    await alice.send_dm("1")
    assert "Several games are waiting" in dms(alice)[-1]
    await alice.send_dm(f"#{first} 1")
    assert "Changed to `1`" in dms(alice)[-1]
    assert (await table.match(first)).require_progress().pending == {0: "1"}
    await alice.send_dm("#999 1")
    assert "not playing a game #999" in dms(alice)[-1]


async def test_restart_mid_sealed_step_and_mid_turn(simcord_env: Any, database: Path) -> None:
    """Close the bot and start a new one on the same file: nothing lost, buttons still work."""
    table = Table.make(simcord_env, players=2)
    sealed = await sealed_game(table, m=3, rounds=1)
    await table.members["alice"].send_dm("5")
    turn = await table.open("bob", "lengths-of-lengths", n=4)
    await table.seat(turn, ["alice"])
    bob = table.members["bob"]
    started = await bob.click(table.lobby_message(turn), label="Start")
    assert "has started" in started.response.content
    await bob.slash(table.channel, "move", move="1", game=turn)
    digits_post = table.channel.history()[-1]
    await simcord_env.restart_bot(await make_bot(database))
    back = [m for m in table.channel.history() if m.embeds and "I am back" in m.embeds[0].title]
    assert len(back) == 1
    text = back[0].embeds[0].description
    assert f"Numbers To Number #{sealed}: waiting for" in text and f"#{turn}: waiting" in text
    assert "Move 1/3" in dms(table.members["bob"])[-1]
    assert (await table.match(sealed)).require_progress().pending == {0: "5"}
    await bob.send_dm("4")
    assert (await table.match(sealed)).require_progress().state.pairs == ((5, 4),)
    result = await table.members["alice"].click(digits_post, label="0")
    assert not result.ephemeral and "appended 0" in result.response.embeds[0].description
    match = await table.match(turn)
    assert match.moves == ((0, "1"), (1, "0"))
    stale = await table.members["bob"].click(digits_post, label="1")
    assert stale.ephemeral and "already resolved" in stale.response.content


async def test_bad_input_is_private_and_changes_nothing(simcord_env: Any) -> None:
    """Each mistake gets a private reason, and the game is exactly as before."""
    table = Table.make(simcord_env, players=3)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    lobby_id = await table.open("alice", "lengths-of-lengths", n=4)
    start = await bob.slash(table.channel, "start")
    assert start.ephemeral and "Only the host" in start.response.content
    early = await alice.slash(table.channel, "start")
    assert early.ephemeral and "needs 2 or 4 players; 1 seated" in early.response.content
    await table.seat(lobby_id, ["bob"])
    again = await bob.click(table.lobby_message(lobby_id), label="Join")
    assert again.ephemeral and "already seated" in again.response.content
    await alice.click(table.lobby_message(lobby_id), label="Start")
    before = await table.match(lobby_id)

    cases: list[tuple[Any, dict[str, Any], str]] = [
        (carol, {"move": "1"}, "not a player"),
        (bob, {"move": "1"}, "not your move"),
        (alice, {"move": "2"}, "`2`"),
        (alice, {"move": "1", "game": 999}, "no game #999"),
    ]
    for member, options, words in cases:
        result = await member.slash(table.channel, "move", **options)
        assert result.ephemeral, options
        assert words in result.response.content, (options, result.response.content)
    late = await carol.slash(table.channel, "join", game=lobby_id)
    assert late.ephemeral and "already started" in late.response.content
    cancel = await bob.slash(table.channel, "cancel", game=lobby_id)
    assert cancel.ephemeral and "Only the host" in cancel.response.content
    assert await table.match(lobby_id) == before

    full = await table.open("carol", "numbers-to-number", m=2, rounds=1)
    await table.seat(full, ["alice"])
    over_full = await bob.slash(table.channel, "join", game=full)
    assert over_full.ephemeral and "already started" in over_full.response.content
    await table.play_out(full, random.Random(1))
    done = await alice.slash(table.channel, "move", move="1", game=full)
    assert done.ephemeral and "is over" in done.response.content
    bad_option = await alice.slash(table.channel, "newgame numbers-to-number", m=3, rounds=3)
    assert (
        bad_option.ephemeral
        and "`rounds` must be from 1 to 2 when m is 3" in bad_option.response.content
    )


async def test_leaderboards_of_two_servers_stay_apart(simcord_env: Any) -> None:
    """A game in one server shows on that server's leaderboard only."""
    home = Table.make(simcord_env, "home", players=2)
    away = Table.make(simcord_env, "away", players=2)
    match_id = await sealed_game(home)
    await home.play_out(match_id, random.Random(3))
    here = await home.members["alice"].slash(home.channel, "leaderboard")
    assert "alice-home" in here.response.embeds[0].description
    there = await away.members["alice"].slash(away.channel, "leaderboard")
    assert there.ephemeral and "No finished games here yet" in there.response.content


async def test_autocomplete_offers_moves_that_start_with_what_is_typed(simcord_env: Any) -> None:
    """/move's autocomplete: numbers that start with the typed digits, shortest first, only
    ones not played yet, and nothing for a member who is not to move."""
    table = Table.make(simcord_env, players=3)
    match_id = await sealed_game(table, m=10, rounds=1)
    alice = table.members["alice"]
    choices = await alice.autocomplete(table.channel, "move", "move", "10")
    expected = ["10", *map(str, range(100, 110)), *map(str, range(1000, 1014))]
    assert [c["value"] for c in choices] == expected
    await alice.send_dm(f"#{match_id} 100")
    await table.members["bob"].send_dm("5")
    assert (await table.match(match_id)).row.step == 1
    choices = await alice.autocomplete(table.channel, "move", "move", "10")
    assert "100" not in [c["value"] for c in choices] and len(choices) == 25
    assert await table.members["carol"].autocomplete(table.channel, "move", "move", "1") == []
