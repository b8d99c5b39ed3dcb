"""Moves by tap: a menu of the legal moves under a sealed-move prompt and a turn post, where
they fit in one menu; stale and other members' picks refused."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from bench.requests import UNLIMITED
from cogs.picker import groups
from rules import GAMES
from tests.bot.table import Table, staying_move
from tests.conftest import make_bot

MENU = 25
"""Discord's most options in one select menu."""
OPTIONS = {
    "numbers-to-number": {"m": 3, "rounds": 2},
    "numerical-cards": {},
    "lengths-of-lengths": {},
    "binary-scramble": {},
    "labyrinthine-loop": {"n": 3},
    "integer-sequence": {},
    "arcs-and-marks": {},
}
MANY = 400
"""Legal moves looked at: more than a menu holds is all a test needs to know."""


def menu(message: Any, match_id: int, step: int, kind: str = "pick") -> Any:
    """The menu of moves (or of groups of moves) of this step on a message, or None."""
    wanted = f"qr:{kind}:{match_id}:{step}"
    for row in message.components:
        for c in row.children:
            if getattr(c, "custom_id", None) == wanted:
                return c
    return None


def newest_with_menu(messages: list[Any], match_id: int, step: int, kind: str = "pick") -> Any:
    """The newest message carrying the menu of this step, or None."""
    return next((m for m in reversed(messages) if menu(m, match_id, step, kind)), None)


def picks(message: Any, match_id: int, step: int) -> list[str]:
    """The options of a message's menu of this step."""
    return [o.value for o in menu(message, match_id, step).options]


def staying(game: Any, state: Any, seat: int) -> list[str]:
    """A seat's legal moves that keep it in the game (up to MANY)."""
    leaving = game.leaving_moves(state, seat)
    moves = islice(game.legal(state, seat), MANY)
    return list(dict.fromkeys(m for m in moves if m not in leaving))


def offers_menu(moves: list[str]) -> bool:
    """True when these moves fit one menu, and are not the 0/1 buttons' digits."""
    return 0 < len(moves) <= MENU and sorted(moves) != ["0", "1"]


async def tap_in_two(
    member: Any,
    where: list[Any],
    match_id: int,
    step: int,
    moves: list[str],
    sealed: bool,
    rng: random.Random,
) -> Any:
    """Pick a move in two taps: its group from the message's first menu, then the move from
    the private menu that answers it (checking the groups hold exactly these moves)."""
    shown = newest_with_menu(where, match_id, step, "group")
    assert shown is not None, (match_id, step, len(moves))
    found = groups(moves)
    assert sorted(m for _, group in found for m in group) == sorted(moves)
    assert [o.label for o in menu(shown, match_id, step, "group").options] == [
        label for label, _ in found
    ]
    move = rng.choice(moves)
    index = next(i for i, (_, group) in enumerate(found) if move in group)
    chooser = member.user if sealed else member
    first = await chooser.select(shown, [str(index)])
    assert first.ephemeral, first
    (row,) = first.response.components
    (second,) = row["components"]
    assert second["custom_id"] == f"qr:pick:{match_id}:{step}"
    assert [o["value"] for o in second["options"]] == list(found[index][1])
    return move, await chooser.select(first.response, [move])


async def start(table: Table, slug: str, **options: Any) -> int:
    """Open a two-player game of alice and bob and start it."""
    match_id = await table.open("alice", slug, **options)
    await table.seat(match_id, ["bob"])
    if (await table.match(match_id)).status == "lobby":
        await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    return match_id


async def tap_out(table: Table, match_id: int, rng: random.Random) -> tuple[int, int]:
    """Play the game to its end by taps where a menu is offered (typed moves elsewhere), checking
    every menu lists exactly its seat's staying moves; the counts of taps and typed moves."""
    taps = typed = 0
    while (match := await table.match(match_id)).status == "active":
        p = match.require_progress()
        step = match.row.step
        for seat in sorted(match.awaited_seats()):
            member = table.member(match.seats[seat].member_id)
            moves = staying(p.game, p.state, seat)
            if match.is_sealed():
                where = member.user.dm_channel.history()
            else:
                where = table.channel.history()
            shown = newest_with_menu(where, match_id, step)
            if not offers_menu(moves) and groups(moves):
                assert shown is None
                move, result = await tap_in_two(
                    member, where, match_id, step, moves, match.is_sealed(), rng
                )
                if match.is_sealed():
                    assert f"`{move}`" in result.response.content, result.response.content
                else:
                    assert not result.ephemeral and result.response.embeds, result
                taps += 1
                continue
            if not offers_menu(moves):
                assert shown is None, (match.label, step, moves)
                move = staying_move(p.game, p.state, seat, rng)
                if match.is_sealed():
                    await member.send_dm(move)
                elif sorted(moves) == ["0", "1"]:
                    await member.click(table.channel.history()[-1], label=move)
                else:
                    await member.slash(table.channel, "move", move=move, game=match_id)
                typed += 1
                continue
            assert shown is not None, (match.label, step, moves)
            assert picks(shown, match_id, step) == moves
            move = rng.choice(moves)
            if match.is_sealed():
                result = await member.user.select(shown, [move])
                # Answered as a DM move is: naming the move, in the DM, for the member alone.
                assert f"`{move}`" in result.response.content, result.response.content
            else:
                result = await member.select(shown, [move])
                # Answered as /move is: in public, by the post of what it did.
                assert not result.ephemeral and result.response.embeds, result
            taps += 1
    assert match.status == "over", match.status
    await table.result_is_the_replay(match_id)
    return taps, typed


@pytest.mark.parametrize("slug", list(GAMES))
async def test_whole_game_by_taps(simcord_env: Any, slug: str) -> None:
    """Every game played to its end by taps wherever a menu is offered."""
    table = Table.make(simcord_env, players=3)
    match_id = await start(table, slug, **OPTIONS[slug])
    taps, typed = await tap_out(table, match_id, random.Random(7))
    if slug != "lengths-of-lengths":
        assert taps > 0, (slug, taps, typed)


@pytest.mark.parametrize(
    ("slug", "options"),
    [
        ("labyrinthine-loop", {}),
        ("numbers-to-number", {"m": 6, "rounds": 1}),
        ("arcs-and-marks", {"m": 40}),
    ],
)
async def test_more_moves_than_a_menu_in_two_taps(
    simcord_env: Any, slug: str, options: dict[str, Any]
) -> None:
    """Where the moves outnumber one menu, a first menu of their groups (a segment's first dot,
    an arc's size, else runs of numbers) opens a private menu of the group's moves: the game is
    played to its end by taps."""
    table = Table.make(simcord_env, players=3)
    match_id = await start(table, slug, **options)
    taps, _ = await tap_out(table, match_id, random.Random(8))
    assert taps > 0


async def test_stale_pick_refused(simcord_env: Any) -> None:
    """A pick from a step that has resolved is refused privately and changes nothing."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await start(table, "numerical-cards", m=6)
    old = alice.user.dm_channel.history()[-1]
    first = (await table.match(match_id)).row.step
    await alice.user.select(old, [picks(old, match_id, first)[0]])
    await bob.user.select(bob.user.dm_channel.history()[-1], ["1"])
    before = await table.match(match_id)
    assert before.row.step == first + 1
    result = await alice.user.select(old, [picks(old, match_id, first)[-1]])
    assert result.ephemeral and "already resolved" in result.response.content
    assert await table.match(match_id) == before


async def test_others_pick_on_a_turn_post_refused(simcord_env: Any) -> None:
    """A turn post's menu is the mover's: another player's or a spectator's pick is refused
    privately and changes nothing."""
    table = Table.make(simcord_env, players=3)
    match_id = await start(table, "integer-sequence")
    match = await table.match(match_id)
    post = newest_with_menu(table.channel.history(), match_id, match.row.step)
    assert post is not None
    mover = table.member(match.seats[min(match.awaited_seats())].member_id)
    for name, said in (("bob", "not your move"), ("carol", "not a player")):
        member = table.members[name if mover.id != table.members[name].id else "alice"]
        option = picks(post, match_id, match.row.step)[0]
        result = await member.select(post, [option])
        assert result.ephemeral and said in result.response.content, result.response.content
        assert await table.match(match_id) == match


async def test_sealed_menu_is_the_seat_own(simcord_env: Any) -> None:
    """Each member's prompt lists their own fresh pile alone, once the piles differ."""
    table = Table.make(simcord_env, players=3)
    alice, bob = table.members["alice"], table.members["bob"]
    match_id = await start(table, "numerical-cards", m=6)
    step = (await table.match(match_id)).row.step
    await alice.user.select(alice.user.dm_channel.history()[-1], ["1"])
    await bob.user.select(bob.user.dm_channel.history()[-1], ["6"])
    match = await table.match(match_id)
    p = match.require_progress()
    assert match.row.step == step + 1
    menus = {}
    for seat in sorted(match.awaited_seats()):
        member = table.member(match.seats[seat].member_id)
        shown = newest_with_menu(member.user.dm_channel.history(), match_id, match.row.step)
        menus[seat] = picks(shown, match_id, match.row.step)
        assert menus[seat] == staying(p.game, p.state, seat)
    assert menus[0] != menus[1], menus


async def test_menus_outlive_a_restart(simcord_env: Any, database: Path) -> None:
    """Menus sent before a restart still play their moves after it, in a DM and on a post."""
    table = Table.make(simcord_env, players=2)
    alice = table.members["alice"]
    cards = await start(table, "numerical-cards", m=6)
    turns = await start(table, "integer-sequence")
    prompt = alice.user.dm_channel.history()[-1]
    step = (await table.match(turns)).row.step
    post = newest_with_menu(table.channel.history(), turns, step)
    await simcord_env.restart_bot(await make_bot(database))

    locked = await alice.user.select(prompt, ["2"])
    assert "`2`" in locked.response.content, locked.response.content
    assert (await table.match(cards)).require_progress().pending == {0: "2"}
    match = await table.match(turns)
    mover = table.member(match.seats[min(match.awaited_seats())].member_id)
    move = picks(post, turns, step)[0]
    played = await mover.select(post, [move])
    assert not played.ephemeral and played.response.embeds, played
    assert (await table.match(turns)).row.step == step + 1


def limited(entries: list[Any]) -> list[str]:
    """The requests among these that count against the bot's global rate limit."""
    return [f"{e.method} {e.path}" for e in entries if not e.path.startswith(UNLIMITED)]


async def test_a_tap_costs_no_more_than_a_typed_move(simcord_env: Any) -> None:
    """A pick is answered by its interaction's one response: a secret move picked in the DM
    and a turn move picked under a post cost no rate-limited request."""
    table = Table.make(simcord_env, players=2)
    alice = table.members["alice"]
    cards = await start(table, "numerical-cards", m=6)
    mark = len(simcord_env.http_requests)
    await alice.user.select(alice.user.dm_channel.history()[-1], ["3"])
    assert limited(simcord_env.http_requests[mark:]) == []
    assert (await table.match(cards)).require_progress().pending == {0: "3"}

    turns = await start(table, "integer-sequence")
    match = await table.match(turns)
    post = newest_with_menu(table.channel.history(), turns, match.row.step)
    mover = table.member(match.seats[min(match.awaited_seats())].member_id)
    mark = len(simcord_env.http_requests)
    await mover.select(post, [picks(post, turns, match.row.step)[0]])
    assert limited(simcord_env.http_requests[mark:]) == []
    assert (await table.match(turns)).row.step == match.row.step + 1


async def test_stale_pick_on_a_turn_post_refused(simcord_env: Any) -> None:
    """A turn post's menu from an earlier turn is refused privately, even to the next mover."""
    table = Table.make(simcord_env, players=2)
    match_id = await start(table, "integer-sequence")
    match = await table.match(match_id)
    old = newest_with_menu(table.channel.history(), match_id, match.row.step)
    mover = table.member(match.seats[min(match.awaited_seats())].member_id)
    await mover.select(old, [picks(old, match_id, match.row.step)[0]])
    after = await table.match(match_id)
    nxt = table.member(after.seats[min(after.awaited_seats())].member_id)
    result = await nxt.select(old, [picks(old, match_id, match.row.step)[-1]])
    assert result.ephemeral and "already resolved" in result.response.content
    assert await table.match(match_id) == after
