"""Fair play through the bot: removal, cancellation, solitaire, automatic moves, resignation;
every result is the replay of the game's record."""

from __future__ import annotations

import random
from typing import Any

import discord

from tests.bot.table import Table


def moderator(table: Table) -> Any:
    """A member with Manage Server."""
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("mod"), roles=[mods])


async def turn_game(table: Table, names: list[str], **options: Any) -> int:
    """A started Lengths Of Lengths game hosted by the first of names."""
    match_id = await table.open(names[0], "lengths-of-lengths", **options)
    await table.seat(match_id, names[1:])
    if (await table.match(match_id)).status == "lobby":
        await table.members[names[0]].click(table.lobby_message(match_id), label="Start")
    return match_id


async def test_a_host_cannot_remove_a_player_who_is_on_time(simcord_env: Any) -> None:
    """The host who is behind cannot remove an opponent who just moved, nor one whose move is
    awaited for less than a quarter of the deadline; after that he can, and it is a resignation
    in the record."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await turn_game(table, ["alice", "bob"], n=4, deadline=60)
    await alice.slash(table.channel, "move", move="1")
    await bob.slash(table.channel, "move", move="1")
    moves = (await table.match(match_id)).moves
    refused = await alice.slash(table.channel, "remove", player=bob)
    assert refused.ephemeral and "is not waiting on bob-home" in refused.response.content
    assert "15 min (a quarter of the move deadline)" in refused.response.content
    await alice.slash(table.channel, "move", move="0")
    await simcord_env.advance_time(10 * 60)
    early = await alice.slash(table.channel, "remove", player=bob)
    assert early.ephemeral and "has waited on bob-home for 10 min" in early.response.content
    match = await table.match(match_id)
    assert match.status == "active" and match.moves == (*moves, (0, "0"))
    await simcord_env.advance_time(5 * 60)
    removed = await alice.slash(table.channel, "remove", player=bob)
    assert removed.ephemeral and "Removed" in removed.response.content
    replayed = await table.result_is_the_replay(match_id)
    assert replayed["winners"] == [0] and replayed["resigned"] == [1]
    assert (await table.history("bob", match_id))["moves"][-1] == [1, "resign", "removed"]


async def test_without_a_deadline_the_host_waits_six_hours(simcord_env: Any) -> None:
    """With no move deadline, the host may remove a player awaited for six hours."""
    table = Table.make(simcord_env, players=2)
    alice = table.members["alice"]
    match_id = await turn_game(table, ["alice", "bob"], n=4, deadline=0)
    await alice.slash(table.channel, "move", move="1")
    await simcord_env.advance_time(5 * 3600)
    early = await alice.slash(table.channel, "remove", player=table.members["bob"])
    assert "6 h (without a move deadline)" in early.response.content
    await simcord_env.advance_time(3600)
    removed = await alice.slash(table.channel, "remove", player=table.members["bob"])
    assert "Removed" in removed.response.content
    await table.result_is_the_replay(match_id)


async def test_a_moderator_removes_anyone_and_the_game_goes_on(simcord_env: Any) -> None:
    """A moderator removes a player who is on time; with three players the game goes on, the
    referee plays the removed seat's moves (noted `auto`), and it cannot win."""
    table = Table.make(simcord_env, players=3)
    mod = moderator(table)
    match_id = await turn_game(table, ["alice", "bob", "carol"], n=3)
    removed = await mod.slash(table.channel, "remove", player=table.members["carol"], game=match_id)
    assert removed.ephemeral and "Removed" in removed.response.content
    await table.play_out(match_id, random.Random(5))
    record = await table.history("alice", match_id)
    assert record["moves"][0] == [2, "resign", "removed"]
    carol_moves = [e for e in record["moves"][1:] if e[0] == 2]
    assert carol_moves and all(e[2:] == ["auto"] for e in carol_moves)
    replayed = await table.result_is_the_replay(match_id)
    assert 2 not in replayed["winners"] and replayed["resigned"] == [2]


async def test_cancelling_a_game_under_way_needs_everyone(simcord_env: Any) -> None:
    """Before the first move the host cancels alone; after it, every other player must agree,
    a refusal or a move ends the vote, and a moderator can always cancel."""
    table = Table.make(simcord_env, players=4)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    first = await turn_game(table, ["alice", "bob"], n=4)
    cancelled = await alice.slash(table.channel, "cancel", game=first)
    assert cancelled.ephemeral and "is cancelled" in cancelled.response.content
    match_id = await turn_game(table, ["alice", "bob", "carol"], n=3)
    await alice.slash(table.channel, "move", move="1")
    not_host = await bob.slash(table.channel, "cancel", game=match_id)
    assert not_host.ephemeral and "Only the host can propose" in not_host.response.content
    proposed = await alice.slash(table.channel, "cancel", game=match_id)
    assert "waiting for" in proposed.response.content
    vote = table.channel.history()[-1]
    assert vote.embeds[0].title.endswith("cancel?")
    agreed = await bob.click(vote, label="Agree to cancel")
    assert "waiting for" in agreed.response.content and carol.mention in agreed.response.content
    refused = await carol.click(vote, label="Keep playing")
    assert refused.ephemeral and "it goes on" in refused.response.content
    late = await carol.click(vote, label="Agree to cancel")
    assert late.ephemeral and "no proposal" in late.response.content
    assert (await table.match(match_id)).status == "active"
    await alice.slash(table.channel, "cancel", game=match_id)
    vote = table.channel.history()[-1]
    await bob.click(vote, label="Agree to cancel")
    await bob.slash(table.channel, "move", move="0")  # a move ends the vote
    stale = await carol.click(vote, label="Agree to cancel")
    assert stale.ephemeral and "no proposal" in stale.response.content
    assert (await table.match(match_id)).status == "active"
    await alice.slash(table.channel, "cancel", game=match_id)
    vote = table.channel.history()[-1]
    outsider = await table.members["dave"].click(vote, label="Agree to cancel")
    assert outsider.ephemeral and "Only the players" in outsider.response.content
    await bob.click(vote, label="Agree to cancel")
    done = await carol.click(vote, label="Agree to cancel")
    assert "is cancelled" in done.response.content
    assert (await table.match(match_id)).status == "cancelled"
    again = await turn_game(table, ["alice", "bob"], n=4)
    await alice.slash(table.channel, "move", move="1", game=again)
    by_mod = await moderator(table).slash(table.channel, "cancel", game=again)
    assert "is cancelled" in by_mod.response.content


async def test_solitaire_games_never_reach_the_leaderboard(simcord_env: Any) -> None:
    """One-move solitaires add no win anywhere; /solitaire keeps the best per n against a(n)."""
    table = Table.make(simcord_env, players=2)
    alice = table.members["alice"]
    for _ in range(3):
        match_id = await table.open("alice", "integer-sequence", n=1)
        await alice.click(table.lobby_message(match_id), label="Start")
        await alice.slash(table.channel, "move", move="1")
        await table.result_is_the_replay(match_id)
    board = await alice.slash(table.channel, "leaderboard")
    assert board.ephemeral and "No finished games" in board.response.content
    match_id = await table.open("bob", "integer-sequence", n=3)
    await table.members["bob"].click(table.lobby_message(match_id), label="Start")
    for move in ("3", "1", "2"):
        await table.members["bob"].slash(table.channel, "move", move=move)
    final = table.channel.history()[-1].embeds[0].description
    assert "7 is the best possible: the proven best with n=3 is 7." in final
    bests = (await alice.slash(table.channel, "solitaire")).response.embeds[0].description
    assert "**n=1**: 1 by alice-home (#1), the best possible (1)" in bests
    assert f"**n=3**: 7 by bob-home (#{match_id}), the best possible (7)\n  order: `3 1 2`" in bests


async def test_automatic_moves_never_drop_a_player_out(simcord_env: Any) -> None:
    """Numerical Card Game with deadline `auto`: whoever misses the deadlines, the referee never
    plays `drop` for them, and the result is the replay of the record."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", "numerical-cards", m=4, deadline=1)
    await table.seat(match_id, ["bob"])
    await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    while (await table.match(match_id)).status == "active":
        await simcord_env.advance_time(61)
    record = await table.history("alice", match_id)
    assert record["moves"] and all(e[2:] == ["auto"] for e in record["moves"])
    assert not any(e[1] == "drop" for e in record["moves"])
    await table.result_is_the_replay(match_id)


async def test_resigning_ends_a_two_player_game_by_the_record(simcord_env: Any) -> None:
    """/resign is an entry of the record; the replay gives the posted and stored result."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", "numbers-to-number", m=3, rounds=1)
    await table.seat(match_id, ["bob"])
    await table.members["alice"].send_dm("5")
    result = await table.resign(table.members["alice"])
    assert result.ephemeral and "You resigned" in result.response.content
    replayed = await table.result_is_the_replay(match_id, "bob")
    assert replayed["winners"] == [1] and replayed["resigned"] == [0]
    record = await table.history("bob", match_id)
    assert record["moves"] == [[0, "resign", "resigned"]]  # the sealed 5 never happened
    final = table.channel.history()[-1].embeds[0].description
    bob = table.members["bob"].mention
    assert final.startswith(f"🏆 {bob} wins 0-0 (alice-home resigned)")
    assert "alice-home: 0 (left)" in final


async def test_a_resigned_seat_in_a_sealed_step_is_played_for(simcord_env: Any) -> None:
    """Numerical Card Game, 3 players: bob resigns while his pairing is sealed; nobody waits on
    him or mentions him, and his move is the game's own way out, noted `auto`."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await table.open("alice", "numerical-cards", m=4)
    await table.seat(match_id, ["bob", "carol"])
    await alice.click(table.lobby_message(match_id), label="Start")
    await table.resign(bob)
    post = table.channel.history()[-1]
    assert bob.mention not in (post.content or "") + post.embeds[0].description
    assert f"Waiting for secret moves from {alice.mention}." in post.embeds[0].description
    await alice.send_dm("2")
    record = await table.history("carol", match_id)
    assert record["moves"] == [[1, "resign", "resigned"], [0, "2"], [1, "drop", "auto"]]
    await table.play_out(match_id, random.Random(2))


async def test_leaving_a_game_asks_to_confirm_first(simcord_env: Any) -> None:
    """`/resign`, `/move drop` and a DM `drop` each ask privately first and change nothing; the
    confirmation does what was asked."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await table.open("alice", "numerical-cards", m=4)
    await table.seat(match_id, ["bob", "carol"])
    await alice.click(table.lobby_message(match_id), label="Start")
    before = await table.match(match_id)

    asked = await bob.slash(table.channel, "resign")
    assert asked.ephemeral and asked.response.content.startswith(
        f"Resign from Numerical Card Game #{match_id}?"
    )
    dropping = await alice.slash(table.channel, "move", move="DROP")
    assert dropping.ephemeral and dropping.response.content.startswith(
        f"`drop` leaves Numerical Card Game #{match_id}:"
    )
    await alice.send_dm("drop")
    by_dm = alice.user.dm_channel.history()[-1]
    assert "Press Leave the game to confirm" in by_dm.content
    assert await table.match(match_id) == before

    done = await bob.click(asked.response, label="Resign")
    assert done.ephemeral and "You resigned" in done.response.content
    dms = alice.user.dm_channel.history()
    by_dm = next(m for m in reversed(dms) if "Press Leave the game" in (m.content or ""))
    dropped = await alice.user.click(by_dm, label="Leave the game")
    assert "drop" in (dropped.response.content or "")
    match = await table.match(match_id)
    assert match.resigned(1) and match.status == "over"
    assert [e[1:] for e in match.moves] == [("resign", "resigned"), ("drop",), ("drop", "auto")]
