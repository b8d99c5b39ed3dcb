"""Rematch through Discord: the button under a finished game opens a lobby with the same game,
options and table, which starts by itself once everyone invited has joined; refusals; restarts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.bot.table import Table
from tests.bot.test_privacy import ask
from tests.conftest import make_bot
from tests.rows import database_dump

OPTIONS = {"n": 6, "deadline": 30, "on_timeout": "forfeit"}


def buttons(message: Any) -> list[str]:
    """The labels of a message's buttons."""
    return [c.label for row in message.components for c in getattr(row, "children", [])]


def final_post(table: Table, match_id: int) -> Any:
    """The 'game over' post of a match."""
    for message in reversed(table.channel.history()):
        if message.embeds and (message.embeds[0].title or "").endswith(f"#{match_id}: game over"):
            return message
    raise AssertionError(f"no final post for #{match_id}")


async def finished(table: Table, host: str, others: list[str], slug: str, **options: Any) -> int:
    """A game hosted by `host` with the others seated, started and played to its end."""
    match_id = await table.open(host, slug, **options)
    await table.seat(match_id, others)
    if (await table.match(match_id)).status == "lobby":
        await table.members[host].click(table.lobby_message(match_id), label="Start")
    await table.play_out(match_id, random.Random(match_id))
    return match_id


async def rematch(table: Table, name: str, old: int) -> str:
    """The member presses Rematch under a finished game; the private answer."""
    result = await table.members[name].click(final_post(table, old), label="Rematch")
    assert result.ephemeral, result
    return str(result.response.content)


def opened(answer: str) -> int:
    """The id of the rematch lobby an answer says was opened."""
    assert answer.startswith("Opened "), answer
    return int(answer.split("#")[1].split(",")[0].split(" ")[0])


async def test_the_table_plays_again_with_the_same_options(simcord_env: Any) -> None:
    """After a three-player game, bob presses Rematch: a lobby he hosts invites alice and carol,
    with the same options, deadline and policy; carol joins with Join, alice with Rematch on
    the old post, and the game starts by itself and plays to its end. Once it has started,
    Rematch on the old post opens a fresh lobby; once that one is cancelled, another."""
    table = Table.make(simcord_env, players=4)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    old = await finished(table, "alice", ["bob", "carol"], "lengths-of-lengths", **OPTIONS)
    assert buttons(final_post(table, old)) == ["Rematch"]

    answer = await rematch(table, "bob", old)
    new = opened(answer)
    assert f"the rematch of #{old}" in answer
    assert f"once {alice.mention}, {carol.mention} have joined" in answer
    lobby = table.lobby_message(new)
    text = lobby.embeds[0].description
    assert f"Host: {bob.mention}" in text
    assert f"Rematch of Lengths Of Lengths Of Lengths #{old}." in text
    assert f"Invited: {alice.mention}, {carol.mention}" in text
    assert "Move deadline: 30 min (forfeit at expiry)" in text
    assert alice.mention in lobby.content and carol.mention in lobby.content
    match = await table.match(new)
    before = await table.match(old)
    assert match.row.options == before.row.options == {"n": 6}
    assert (match.row.move_seconds, match.row.deadline_policy) == (1800, "forfeit")
    assert match.row.rematch_of == old and match.invited == (alice.id, carol.id)

    await table.seat(new, ["carol"])
    assert (await table.match(new)).status == "lobby"
    text = table.lobby_message(new).embeds[0].description
    assert f"Invited: {alice.mention}, {carol.mention} (joined)" in text
    answer = await rematch(table, "alice", old)
    assert (
        answer
        == f"You joined Lengths Of Lengths Of Lengths #{new}, the rematch of #{old} (seat 3)."
    )
    match = await table.match(new)
    assert match.status == "active" and match.row.settled == before.row.settled
    assert [s.user_id for s in match.seats] == [bob.id, carol.id, alice.id]
    assert "This game has started." in table.lobby_message(new).embeds[0].description
    begins = [
        m for m in table.channel.history() if m.embeds and "the game begins" in m.embeds[0].title
    ]
    assert len(begins) == 2
    await table.play_out(new, random.Random(new))
    assert buttons(final_post(table, new)) == ["Rematch"]

    fresh = opened(await rematch(table, "carol", old))
    assert fresh not in (old, new) and (await table.match(fresh)).invited == (alice.id, bob.id)
    await carol.click(table.lobby_message(fresh), label="Cancel")
    again = opened(await rematch(table, "alice", old))
    assert again not in (old, new, fresh)
    assert (await table.match(again)).row.host_id == alice.id


async def test_a_rematch_against_the_computer_starts_at_once(simcord_env: Any) -> None:
    """A game against the computer: Rematch seats the computer again at its level, and with
    nobody else to wait for the game starts at once and plays to its end."""
    table = Table.make(simcord_env, players=1)
    alice = table.members["alice"]
    old = await table.open("alice", "numbers-to-number", computer="easy", m=3, rounds=2)
    await table.play_out(old, random.Random(old))
    answer = await rematch(table, "alice", old)
    assert "against Computer (easy): it has started" in answer, answer
    new = opened(answer)
    match = await table.match(new)
    assert match.status == "active" and match.row.options == {"m": 3, "rounds": 2}
    assert [(s.user_id, s.computer, s.name) for s in match.seats] == [
        (alice.id, None, "alice-home"),
        (None, "easy", "Computer (easy)"),
    ]
    await table.play_out(new, random.Random(new))


async def test_a_rematch_of_members_and_computers_seats_the_computers_at_once(
    simcord_env: Any,
) -> None:
    """A table of two members and two computers of two levels: the rematch seats both computers
    with their levels, invites the other member, and starts when they join."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await table.open("alice", "numerical-cards", m=5)
    for level in ("hard", "easy"):
        await alice.select(table.lobby_message(match_id), [level])
    await table.seat(match_id, ["bob"])
    await alice.click(table.lobby_message(match_id), label="Start")
    await table.play_out(match_id, random.Random(5))

    new = opened(await rematch(table, "bob", match_id))
    lobby = await table.match(new)
    assert [(s.user_id, s.computer) for s in lobby.seats] == [
        (bob.id, None),
        (None, "hard"),
        (None, "easy"),
    ]
    assert "Computer (hard)" in table.lobby_message(new).embeds[0].description
    await table.seat(new, ["alice"])
    assert (await table.match(new)).status == "active"


async def test_refusals_are_private_and_change_nothing(simcord_env: Any, database: Path) -> None:
    """A member who did not play, or who was forgotten since, is told who may ask; a member
    already in the rematch is told so; none of it changes anything. A cancelled game and a
    one-player game have no Rematch button."""
    table = Table.make(simcord_env, players=4)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    old = await finished(table, "alice", ["bob", "carol"], "lengths-of-lengths", n=6)
    question = await carol.slash(table.channel, "forget-me")
    await carol.click(question.response, label="Forget me")

    before, posts = database_dump(database), len(table.channel.history())
    for name in ("dave", "carol"):
        answer = await rematch(table, name, old)
        assert answer == (
            f"Only the members who played Lengths Of Lengths Of Lengths #{old} can ask for its "
            f"rematch: {alice.mention}, {bob.mention}. `/newgame` opens a new game."
        )
    assert database_dump(database) == before and len(table.channel.history()) == posts

    new = opened(await rematch(table, "alice", old))
    assert (await table.match(new)).invited == (bob.id,)
    before, posts = database_dump(database), len(table.channel.history())
    answer = await rematch(table, "alice", old)
    assert answer == (
        f"You are already in Lengths Of Lengths Of Lengths #{new}, the rematch of #{old}; "
        f"it starts by itself once {bob.mention} has joined."
    )
    joined = await alice.click(table.lobby_message(new), label="Join")
    assert "already seated" in joined.response.content
    assert database_dump(database) == before and len(table.channel.history()) == posts

    cancelled = await table.open("bob", "lengths-of-lengths", n=4)
    await bob.click(table.lobby_message(cancelled), label="Cancel")
    assert buttons(table.channel.history()[-1]) == []
    solo = await table.open("dave", "integer-sequence", n=2)
    await table.members["dave"].click(table.lobby_message(solo), label="Start")
    await table.play_out(solo, random.Random(2))
    assert buttons(final_post(table, solo)) == []


async def test_rematch_works_across_restarts(simcord_env: Any, database: Path) -> None:
    """The Rematch button of a game finished before a restart opens the lobby after it, and
    after another restart the other player's press joins that lobby and starts the game."""
    table = Table.make(simcord_env, players=2)
    old = await finished(table, "alice", ["bob"], "numbers-to-number", m=2, rounds=1)
    await simcord_env.restart_bot(await make_bot(database))
    new = opened(await rematch(table, "bob", old))
    await simcord_env.restart_bot(await make_bot(database))
    answer = await rematch(table, "alice", old)
    assert answer.startswith(f"You joined Numbers To Number #{new}"), answer
    match = await table.match(new)
    assert match.status == "active" and match.row.settled == (await table.match(old)).row.settled
    await table.play_out(new, random.Random(new))


async def forget(table: Table, name: str) -> None:
    """The member asks `/forget-me` and confirms it."""
    member = table.members[name]
    question = await ask(member, table)
    done = await member.click(question.response, label="Forget me")
    assert done.ephemeral and "Forgotten. Removed:" in done.response.content


async def test_a_lobby_stops_waiting_for_a_member_who_is_forgotten(simcord_env: Any) -> None:
    """The rematch lobby invites bob and carol; once carol is forgotten it names only bob,
    and starts as soon as bob joins."""
    table = Table.make(simcord_env, players=3)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    old = await finished(table, "alice", ["bob", "carol"], "lengths-of-lengths", n=6)
    new = opened(await rematch(table, "alice", old))
    assert (await table.match(new)).invited == (bob.id, carol.id)

    await forget(table, "carol")
    lobby = table.lobby_message(new)
    assert (await table.match(new)).invited == (bob.id,)
    assert f"Invited: {bob.mention}" in lobby.embeds[0].description
    assert carol.mention not in lobby.embeds[0].description

    await table.seat(new, ["bob"])
    started = await table.match(new)
    assert started.status == "active" and [s.user_id for s in started.seats] == [alice.id, bob.id]
