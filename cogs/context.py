"""Shared by the cogs: finding the match a command means, and answering with an outcome."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from cogs.delivery import answer
from cogs.replies import answer_failure, defer
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, Match
from referee.notices import Outcome
from referee.store import StoreBusy

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

GAME_ID = "the game's number (#id); not needed when only one fits in this channel"
"""How the optional `game:` option of a command is described."""
DEFER_AFTER = 2.0
"""Discord forgets an interaction not answered within 3 s; an action still running after this
long is deferred (only then: every request counts against Discord's limits)."""


def bot_of(interaction: discord.Interaction) -> RefereeBot:
    """The referee bot handling this interaction."""
    return interaction.client  # type: ignore[return-value]


async def act(interaction: discord.Interaction, action: Callable[[], Awaitable[Outcome]]) -> None:
    """Run a referee action and answer privately (deferred if slow); a refusal changes nothing."""
    running = asyncio.ensure_future(action())
    done, _ = await asyncio.wait((running,), timeout=DEFER_AFTER)
    if not done:
        await defer(interaction)
    try:
        outcome = await running
    except (RefereeError, StoreBusy) as e:
        await answer_failure(interaction, e)
        return
    await answer(bot_of(interaction), interaction, outcome)


def match_list(matches: list[Match]) -> str:
    """Matches as '#3 Numbers To Number, #5 Binary Scramble'."""
    return ", ".join(f"#{m.id} {m.game.title}" for m in matches)


async def find_match(
    interaction: discord.Interaction,
    game_id: int | None,
    statuses: tuple[str, ...],
    member: int | None = None,
) -> Match:
    """The match a command means: by id, else the only fitting one in this channel."""
    referee = bot_of(interaction).referee
    guild_id = interaction.guild_id
    if game_id is not None:
        try:
            match = await referee.get(game_id)
        except RefereeError:
            match = None
        if match is None or match.row.guild_id != guild_id:
            raise RefereeError(f"There is no game #{game_id} in this server.")
        return match
    if guild_id is None:
        raise RefereeError("Use this command in a server channel.")
    user = interaction.user.id if member is None else member
    here: list[Match] = []
    if LOBBY not in statuses or ACTIVE in statuses:
        # Your own games first: no need to read every open game of the server.
        here = [
            m
            for m in await referee.matches_of_in(user, interaction.channel_id or 0)
            if m.status in statuses
        ]
    if not here:
        here = [
            m
            for m in await referee.open_matches(guild_id)
            if m.row.channel_id == interaction.channel_id and m.status in statuses
        ]
    if len(here) > 1:
        waiting = [m for m in here if any(m.seats[s].user_id == user for s in m.awaited_seats())]
        here = waiting if len(waiting) == 1 else here
    if not here:
        what = "lobby" if statuses == (LOBBY,) else "game"
        raise RefereeError(
            f"There is no open {what} in this channel. `/games` lists this server's games; "
            "`/newgame` starts one."
        )
    if len(here) > 1:
        raise RefereeError(
            f"Several games are open here: {match_list(here)}. Add `game:` with the number."
        )
    return here[0]


def is_moderator(interaction: discord.Interaction) -> bool:
    """True for a member with Manage Server in this server."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)
