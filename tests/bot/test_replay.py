"""/replay: a game's board at any step of its record, privately, stepped through with buttons
that outlive a restart, animated as a GIF, and never ahead of the record a spectator may see."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import discord
from PIL import Image

import boards
from cogs.boards import PICTURE_NAME
from rules import GAMES
from rules.base import english
from rules.record import Progress, Record, replay
from tests.boards.helpers import decoded
from tests.bot.table import Table
from tests.bot.test_pictures import started
from tests.conftest import make_bot

SLUG = "numbers-to-number"
OPTIONS = {"m": 3, "rounds": 2}
"""A sealed game of 6 steps: two rounds of three."""


def attachment(env: Any, message: Any, name: str) -> tuple[bytes, str]:
    """The bytes and alt text of a message's attachment of this name."""
    (found,) = [a for a in message.attachments if a.filename == name]
    data = env.backend.cdn.get(found.url)
    assert data is not None
    return data, found.description or ""


def spectators_at(history: dict[str, Any]) -> list[tuple[dict[str, Any], list[str]]]:
    """The spectators' view after each resolved step of a /history record, with what the rules
    say of the step, worked out from the rules alone."""
    game = GAMES[history["game"]]
    names = [s["name"] for s in history["seats"]]
    p = Progress.begin(game, history["players"], history["options"])
    out: list[tuple[dict[str, Any], list[str]]] = [(game.view(p.state, None), [])]
    moves: dict[int, str] = {}
    for seat, move, *_ in history["moves"]:
        before = p.state
        p = p.submit(seat, move)
        moves[seat] = move
        if not p.pending:
            out.append(
                (game.view(p.state, None), english(game.describe(before, moves, p.state), names))
            )
            moves = {}
    return out


def shows(env: Any, message: Any, history: dict[str, Any], step: int) -> None:
    """The replay message shows this step: its place, the rules' account, and exactly the
    picture of the spectators' view after it, with the text board as alt text."""
    at = spectators_at(history)
    view, lines = at[step]
    assert f"replay, step {step} of {len(at) - 1}" in message.content
    for line in lines:
        assert line in message.content
    names = [s["name"] for s in history["seats"]]
    # The last step of a finished game names its result.
    result = replay(Record.from_json(history)).final() if step == len(at) - 1 else None
    png, alt = attachment(env, message, PICTURE_NAME)
    assert png == boards.picture(history["game"], view, names, result)
    assert alt == boards.text(history["game"], view, names, result)
    labels = [c["label"] for row in message.components for c in row["components"]]
    assert labels == ["First", "Previous", "Next", "Last", "Animation"]


async def finished(table: Table, rng_seed: int = 3) -> int:
    """A whole game of alice and bob, played to its end."""
    match_id = await started(table, SLUG, **OPTIONS)
    await table.play_out(match_id, random.Random(rng_seed))
    return match_id


async def test_a_finished_game_at_its_first_middle_and_last_steps(simcord_env: Any) -> None:
    """Each step shows what the channel said of it and the board after it; the last, who won."""
    table = Table.make(simcord_env, players=3)
    match_id = await finished(table)
    history = await table.history("alice", match_id)
    carol = table.members["carol"]
    for step in (0, 3, 6):
        result = await carol.slash(table.channel, "replay", game=match_id, step=step)
        assert result.ephemeral
        shows(simcord_env, result.response, history, step)
    assert "Game over: 🏆" in result.response.content
    posts = "\n".join(m.embeds[0].description or "" for m in table.channel.history() if m.embeds)
    for _view, lines in spectators_at(history)[1:]:
        assert all(line in posts for line in lines)
    first = await carol.slash(table.channel, "replay", game=match_id)
    assert "replay, step 0 of 6" in first.response.content
    assert "The start. Players: 1. alice" in first.response.content


async def test_each_button_edits_the_same_private_message(simcord_env: Any) -> None:
    """Next, Last, Previous and First move the replay; the ends grey out the buttons that lead
    nowhere."""
    table = Table.make(simcord_env, players=2)
    match_id = await finished(table)
    history = await table.history("alice", match_id)
    bob = table.members["bob"]
    message = (await bob.slash(table.channel, "replay", game=match_id)).response
    disabled = {
        c["label"] for row in message.components for c in row["components"] if c.get("disabled")
    }
    assert disabled == {"First", "Previous"}
    for label, step in (("Next", 1), ("Next", 2), ("Last", 6), ("Previous", 5), ("First", 0)):
        result = await bob.click(message, label=label)
        assert result.response.id == message.id
        message = result.response
        shows(simcord_env, message, history, step)
    message = (await bob.click(message, label="Last")).response
    disabled = {
        c["label"] for row in message.components for c in row["components"] if c.get("disabled")
    }
    assert disabled == {"Next", "Last"}


async def test_the_buttons_work_after_a_restart(simcord_env: Any, database: Path) -> None:
    """The step and the game are in the buttons' custom ids: a new bot on the same database
    answers them."""
    table = Table.make(simcord_env, players=2)
    match_id = await finished(table)
    history = await table.history("alice", match_id)
    alice = table.members["alice"]
    message = (await alice.slash(table.channel, "replay", game=match_id, step=2)).response
    await simcord_env.restart_bot(await make_bot(database))
    message = (await alice.click(message, label="Next")).response
    shows(simcord_env, message, history, 3)
    animated = (await alice.click(message, label="Animation")).response
    assert len(decoded(attachment(simcord_env, animated, f"game-{match_id}-replay.gif")[0])) == 7


async def test_the_animation_has_a_frame_for_each_step(simcord_env: Any) -> None:
    """The Animation button and `animated:true` attach a GIF whose frames are the boards after
    each step, the last one the final board."""
    table = Table.make(simcord_env, players=2)
    match_id = await finished(table)
    history = await table.history("alice", match_id)
    alice = table.members["alice"]
    answer = await alice.slash(table.channel, "replay", game=match_id, animated=True)
    (followup,) = answer.followups
    assert followup.ephemeral and "7 frames, one for each step" in followup.content
    gif, alt = attachment(simcord_env, followup, f"game-{match_id}-replay.gif")
    assert alt.startswith("Animation of")
    frames = decoded(gif)
    assert len(frames) == 7
    names = [s["name"] for s in history["seats"]]
    final = Image.open(io.BytesIO(boards.picture(SLUG, spectators_at(history)[-1][0], names)))
    assert frames[-1].crop((0, 0, *final.size)).tobytes() == final.convert("RGB").tobytes()

    # The button defers (an animation takes a moment), so its answer replaces the "thinking".
    again = (await alice.click(answer.response, label="Animation")).response
    assert len(decoded(attachment(simcord_env, again, f"game-{match_id}-replay.gif")[0])) == 7


async def test_a_running_sealed_game_shows_only_resolved_steps(simcord_env: Any) -> None:
    """While a move is sealed and not yet revealed, the replay ends at the last resolved step,
    whose board is exactly the spectators' board now; nothing of the sealed move shows."""
    table = Table.make(simcord_env, players=3)
    match_id = await started(table, SLUG, **OPTIONS)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    await alice.send_dm("5")
    await bob.send_dm("2")
    await alice.send_dm("7")  # sealed, step 2 not resolved
    match = await table.match(match_id)
    assert match.row.step == 1 and match.progress is not None and match.progress.pending
    p = match.require_progress()
    public = boards.picture(SLUG, p.game.view(p.state, None), match.names)
    history = await table.history("alice", match_id)
    for member in (carol, alice, bob):
        message = (await member.slash(table.channel, "replay", game=match_id, step=1)).response
        assert "step 1 of 1" in message.content and "still going" in message.content
        assert "7" not in message.content.split("\n", 1)[1]
        assert attachment(simcord_env, message, PICTURE_NAME)[0] == public
        shows(simcord_env, message, history, 1)
        message = (await member.click(message, label="Previous")).response
        shows(simcord_env, message, history, 0)
        message = (await member.click(message, label="Last")).response
        assert attachment(simcord_env, message, PICTURE_NAME)[0] == public
    refused = await carol.slash(table.channel, "replay", game=match_id, step=2)
    assert refused.ephemeral and "has steps 0 to 1" in refused.response.content
    animated = await carol.slash(table.channel, "replay", game=match_id, animated=True)
    (followup,) = animated.followups
    frames = decoded(attachment(simcord_env, followup, f"game-{match_id}-replay.gif")[0])
    assert len(frames) == 2
    final = Image.open(io.BytesIO(public)).convert("RGB")
    assert frames[-1].crop((0, 0, *final.size)).tobytes() == final.tobytes()
    assert (await table.match(match_id)).progress.pending == {0: "7"}  # type: ignore[union-attr]


async def test_refusals_are_private_and_change_nothing(simcord_env: Any) -> None:
    """No such game, a lobby, a step out of range, another server's game: each a private
    answer that says why."""
    table = Table.make(simcord_env, players=2)
    match_id = await finished(table)
    lobby_id = await table.open("alice", SLUG, **OPTIONS)
    away = Table.make(simcord_env, guild_name="away", players=1)
    alice = table.members["alice"]
    before = len(simcord_env.http_requests)
    cases = [
        (alice, {"game": 999}, "There is no game #999 in this server."),
        (alice, {"game": lobby_id}, "is still a lobby"),
        (alice, {"game": match_id, "step": 7}, "has steps 0 to 6 (0 is the start)"),
        (alice, {"game": match_id, "step": -1}, "there is no step -1"),
        (
            away.members["alice"],
            {"game": match_id},
            f"There is no game #{match_id} in this server.",
        ),
    ]
    for member, options, said in cases:
        channel = away.channel if member is away.members["alice"] else table.channel
        result = await member.slash(channel, "replay", **options)
        assert result.ephemeral and said in result.response.content, result.response.content
        assert not result.response.attachments and not result.response.components
    posted = [r for r in simcord_env.http_requests[before:] if "/channels/" in r.path]
    assert posted == []
    assert (await table.match(lobby_id)).status == "lobby"


async def test_a_resignation_is_a_step_and_a_cancelled_game_replays(simcord_env: Any) -> None:
    """A seat leaving is a step of its own, told as the channel told it; a game cancelled after
    it began replays to the step it stopped at, and says so."""
    table = Table.make(simcord_env, players=3)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    match_id = await table.open("alice", "lengths-of-lengths")
    await table.seat(match_id, ["bob", "carol"])
    await alice.click(table.lobby_message(match_id), label="Start")
    await alice.slash(table.channel, "move", move="1", game=match_id)
    await table.resign(carol, game=match_id)
    await bob.slash(table.channel, "move", move="0", game=match_id)
    history = await table.history("alice", match_id)
    # After bob, the referee plays the move of carol, who left.
    moves = history["moves"]
    assert [m[1] for m in moves[:3]] == ["1", "resign", "0"] and moves[3][::2] == [2, "auto"]
    message = (await bob.slash(table.channel, "replay", game=match_id, step=2)).response
    assert "step 2 of 4" in message.content and "carol-home resigned." in message.content
    assert "still going" not in message.content
    message = (await bob.click(message, label="Last")).response
    assert "step 4 of 4" in message.content and "still going" in message.content
    assert "The referee played the move of carol-home." in message.content

    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await mod.slash(table.channel, "cancel", game=match_id)
    assert (await table.match(match_id)).status == "cancelled"
    message = (await bob.click(message, label="First")).response
    message = (await bob.click(message, label="Last")).response
    assert "step 4 of 4" in message.content and "cancelled here" in message.content
