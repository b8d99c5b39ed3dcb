"""How `/leaderboard` names a season's table, and which seasons it offers to show."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.catalogue import N_
from cogs.replies import words_for
from cogs.speech import Words
from referee.season_records import Board
from referee.seasons import ALL_TIME, OFF, Season

if TYPE_CHECKING:
    from bot import RefereeBot

AUTOCOMPLETE_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""

LEADERBOARD_SEASON = N_("Leaderboard: {games}, {season}")
LEADERBOARD_ALL_TIME = N_("Leaderboard: {games}, all-time")
THIS_SEASON = N_(
    "This season's table, {season}: its ratings started afresh on {first}, and it ends after "
    "{last} (UTC). `/leaderboard season:all-time` shows the table of every game."
)
PAST_SEASON = N_(
    "The table of a past season, {season}, from {first} to {last} (UTC). "
    "`/leaderboard season:all-time` shows the table of every game."
)
ALL_TIME_NOTE = N_(
    "The table of every game since the first; `/leaderboard` alone shows the current season's."
)
SEASON_EMPTY = N_(
    "No game among members has finished in {season} yet. `/leaderboard season:all-time` "
    "shows the table of every game."
)
CHOICE_CURRENT = N_("{season} ({key}), the current season")
CHOICE_PAST = N_("{season} ({key})")
CHOICE_ALL_TIME = N_("all-time: every game since the first")


def board_title(board: Board, where: str, asked: str | None, words: Words) -> str | None:
    """The leaderboard's title for a season's table, or the all-time one asked for by name
    (None: the title of a server without seasons)."""
    if board.season is not None:
        return words(LEADERBOARD_SEASON, games=where, season=words.season(board.season.key))
    if asked is not None or board.length != OFF:
        return words(LEADERBOARD_ALL_TIME, games=where)
    return None


def board_note(board: Board, words: Words) -> str | None:
    """What the table is: the current season's, a past one's, or every game's with seasons on."""
    season = board.season
    if season is None:
        return words(ALL_TIME_NOTE) if board.length != OFF else None
    spans = {
        "season": words.season(season.key),
        "first": words.day(season.first),
        "last": words.day(season.last),
    }
    return words(THIS_SEASON if board.current else PAST_SEASON, **spans)


def empty_season(season: Season, words: Words) -> str:
    """Why a season's table has no line."""
    return words(SEASON_EMPTY, season=words.season(season.key))


async def season_choices(
    bot: RefereeBot, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The seasons a leaderboard can show, newest first, then the all-time table, among those
    whose name or key holds what was typed."""
    words = words_for(interaction)
    guild_id = interaction.guild_id or 0
    _, now = await bot.referee.season_now(guild_id)
    offered = []
    for season in await bot.referee.seasons(guild_id):
        wording = CHOICE_CURRENT if season == now else CHOICE_PAST
        name = words(wording, season=words.season(season.key), key=season.key)
        offered.append(app_commands.Choice(name=name[:100], value=season.key))
    offered.append(app_commands.Choice(name=words(CHOICE_ALL_TIME)[:100], value=ALL_TIME))
    wanted = typed.strip().lower()
    hits = [c for c in offered if wanted in c.name.lower() or wanted in c.value.lower()]
    return hits[:AUTOCOMPLETE_CHOICES]
