"""Boards reach Discord as pictures: every post and DM that shows a board carries its PNG, drawn
from the view of whoever reads it, with the text board as the picture's alt text."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import boards
from cogs.boards import PICTURE_NAME
from rules import GAMES
from tests.bot.table import Table
from tests.bot.test_full_games import SMALL


def picture_of(env: Any, message: Any) -> tuple[bytes, str]:
    """The one picture a message carries, and its alt text."""
    (attachment,) = message.attachments
    assert attachment.filename == PICTURE_NAME
    data = env.backend.cdn.get(attachment.url)
    assert data is not None
    return data, attachment.description or ""


def check_png(data: bytes) -> None:
    """A PNG made for a phone screen: wide enough, and light."""
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.width >= 800
    assert len(data) < 300_000


async def started(table: Table, slug: str, **options: Any) -> int:
    """A two-player game of alice and bob, started."""
    match_id = await table.open("alice", slug, **options)
    await table.seat(match_id, ["bob"])
    if (await table.match(match_id)).status == "lobby":
        await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    return match_id


@pytest.mark.parametrize("slug", list(GAMES))
async def test_every_board_post_and_dm_carries_its_picture(simcord_env: Any, slug: str) -> None:
    """A whole game: each channel post with a board shows its picture in the embed, each
    secret-move prompt by DM carries the player's own; the alt text is the text board."""
    table = Table.make(simcord_env, players=2)
    match_id = await started(table, slug, **SMALL[slug])
    await table.play_out(match_id, random.Random(7))

    shown = [m for m in table.channel.history() if m.attachments]
    assert len(shown) >= 2
    for message in shown:
        assert message.embeds[0].image.url == f"attachment://{PICTURE_NAME}"
        data, alt = picture_of(simcord_env, message)
        check_png(data)
        assert alt and "```" not in (message.content or "")
    prompts = [
        m
        for member in table.members.values()
        for m in member.user.dm_channel.history()
        if m.author.bot and m.attachments
    ]
    if GAMES[slug].is_sealed(GAMES[slug].start(2, GAMES[slug].settle_options(2, SMALL[slug]))):
        assert prompts
    for message in prompts:
        check_png(picture_of(simcord_env, message)[0])


async def test_a_secret_pile_is_in_its_owners_picture_only(simcord_env: Any) -> None:
    """The DM prompt's picture is drawn from that player's view; the channel's from the
    spectator's: exactly the pictures the renderer makes of those views."""
    table = Table.make(simcord_env, players=2)
    match_id = await started(table, "numerical-cards", m=6)
    match = await table.match(match_id)
    p = match.require_progress()
    names = [s.name for s in match.seats]
    alice_dm = [m for m in table.members["alice"].user.dm_channel.history() if m.attachments][-1]
    post = [m for m in table.channel.history() if m.attachments][-1]
    assert picture_of(simcord_env, alice_dm)[0] == boards.picture(
        "numerical-cards", p.game.view(p.state, 0), names
    )
    assert picture_of(simcord_env, post)[0] == boards.picture(
        "numerical-cards", p.game.view(p.state, None), names
    )
    assert picture_of(simcord_env, alice_dm)[0] != picture_of(simcord_env, post)[0]


async def test_board_answers_privately_with_the_members_own_picture(simcord_env: Any) -> None:
    """/board shows the asking player's view as a picture, with its text as alt text."""
    table = Table.make(simcord_env, players=2)
    match_id = await started(table, "numerical-cards", m=6)
    result = await table.members["bob"].slash(table.channel, "board", game=match_id)
    assert result.ephemeral
    data, alt = picture_of(simcord_env, result.response)
    check_png(data)
    match = await table.match(match_id)
    p = match.require_progress()
    assert alt == p.game.render(p.state, 1, [s.name for s in match.seats])
