"""Shared by the cogs: finding the match a command means, and answering with an outcome."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from cogs.catalogue import Ask
from cogs.delivery import answer
from cogs.replies import answer_failure, answered, defer
from cogs.servers import match_in
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER, Match
from referee.notices import Outcome
from referee.speech import Listed
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


async def act(
    interaction: discord.Interaction,
    action: Callable[[], Awaitable[Outcome]],
    move: bool = False,
) -> None:
    """Run a referee action and answer (deferred if slow): privately, or for a `move` whose
    result is posted here, with that post; a refusal changes nothing."""
    running = asyncio.ensure_future(action())
    done, _ = await asyncio.wait((running,), timeout=DEFER_AFTER)
    if not done:
        await defer(interaction)
    try:
        outcome = await running
    except (RefereeError, StoreBusy) as e:
        await answer_failure(interaction, e)
        if move:
            answered(bot_of(interaction), interaction)
        return
    await answer(bot_of(interaction), interaction, outcome, move)


async def find_match(
    interaction: discord.Interaction,
    game_id: int | None,
    statuses: tuple[str, ...],
    member: int | None = None,
) -> Match:
    """The match a command means: by id, else the only fitting one in this channel."""
    referee = bot_of(interaction).referee
    guild_id = interaction.guild_id
    if guild_id is None:
        raise RefereeError(Ask.SERVER_ONLY)
    if game_id is not None:
        return await match_in(referee, guild_id, game_id)
    try:
        return await _fitting(interaction, guild_id, statuses, member)
    except RefereeError:
        if not referee.store.shared:
            raise
    # Another process may have changed a game this one holds a copy of: the answer is decided
    # again on the games as stored.
    await referee.current(await referee.open_matches(guild_id, stored=True))
    return await _fitting(interaction, guild_id, statuses, member)


async def _fitting(
    interaction: discord.Interaction,
    guild_id: int,
    statuses: tuple[str, ...],
    member: int | None,
) -> Match:
    """The only match in this channel that fits, preferring the member's own."""
    referee = bot_of(interaction).referee
    user = interaction.user.id if member is None else member
    here: list[Match] = []
    in_channel: list[Match] = []
    if LOBBY not in statuses or ACTIVE in statuses:
        # Your own games first: no need to read every open game of the server.
        mine = await referee.matches_of_in(user, interaction.channel_id or 0)
        here = [m for m in mine if m.status in statuses]
        if mine and not here and OVER not in statuses:
            # An action in her own game (a move, resigning) while hers is not under way: the
            # answer is about hers, not about a game of others that happens to be here.
            raise none_fits(mine, statuses)
    if not here:
        in_channel = [
            m
            for m in await referee.open_matches(guild_id)
            if m.row.channel_id == interaction.channel_id
        ]
        here = [m for m in in_channel if m.status in statuses]
    if len(here) > 1:
        waiting = [m for m in here if any(m.seats[s].user_id == user for s in m.awaited_seats())]
        here = waiting if len(waiting) == 1 else here
    if not here:
        raise none_fits(in_channel, statuses)
    if len(here) > 1:
        raise RefereeError(Ask.SEVERAL_HERE, games=games_listed(here))
    return here[0]


def games_listed(matches: list[Match]) -> Listed:
    """Matches named in a list (cut to fit where it is shown)."""
    return Listed.of(m.ref for m in matches)


def none_fits(in_channel: list[Match], statuses: tuple[str, ...]) -> RefereeError:
    """Why no game in this channel fits a command: what its open games are, if it has any."""
    lobbies = [m for m in in_channel if m.status == LOBBY]
    if lobbies and LOBBY not in statuses:
        if len(lobbies) == 1:
            return RefereeError(Ask.STILL_A_LOBBY, game=lobbies[0].ref)
        return RefereeError(Ask.STILL_LOBBIES, games=games_listed(lobbies))
    started = [m for m in in_channel if m.status == ACTIVE]
    if started and ACTIVE not in statuses:
        if len(started) == 1:
            return RefereeError(Ask.STARTED_ALREADY, game=started[0].ref)
        return RefereeError(Ask.ALL_STARTED, games=games_listed(started))
    return RefereeError(Ask.NO_OPEN_LOBBY if statuses == (LOBBY,) else Ask.NO_OPEN_GAME)


def is_moderator(interaction: discord.Interaction) -> bool:
    """True for a member with Manage Server in this server."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)
