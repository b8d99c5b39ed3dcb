"""/season: a server's seasons (the current one, when it ends, the past seasons' winners) and
their length, which a moderator sets; and how `/leaderboard` names a season's table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalogue import N_
from cogs.context import is_moderator
from cogs.delivery import embed_for
from cogs.info import ALL_GAMES, GAME_CHOICES, rating_text
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, answer_failure, words_for
from cogs.speech import Words
from referee.errors import RefereeError
from referee.notices import Style
from referee.rows import Standing
from referee.season_records import Overview
from referee.seasons import LENGTHS, OFF
from referee.speech import Listed, Person
from rules import GAMES

if TYPE_CHECKING:
    from bot import RefereeBot

LENGTH_CHOICES = {
    "off": "off: no seasons",
    "weekly": "weekly: ISO weeks, Monday to Sunday (UTC)",
    "monthly": "monthly: calendar months (UTC)",
    "quarterly": "quarterly: calendar quarters (UTC)",
}
"""How the command offers each length of the registry (`referee.seasons`)."""

SEASONS_TITLE = N_("Seasons")
ABOUT = {
    "off": N_(
        "This server has no seasons: `/leaderboard` shows the table of every game. A member "
        "with Manage Server can start seasons with `/season length:`."
    ),
    "weekly": N_(
        "Seasons here are weekly: each ISO week, Monday to Sunday (UTC), is a season, whose "
        "ratings start afresh."
    ),
    "monthly": N_(
        "Seasons here are monthly: each calendar month (UTC) is a season, whose ratings start "
        "afresh."
    ),
    "quarterly": N_(
        "Seasons here are quarterly: each calendar quarter (UTC) is a season, whose ratings "
        "start afresh."
    ),
}
"""What each length means, by its name in the registry."""
NOW = N_("**Now: {season}** (`{key}`), from {first} to {last} (UTC).")
LEADING = N_("Leading: {players}, rating {rating}")
NOBODY_YET = N_("No game among members has finished this season yet.")
PAST_HEAD = N_("**Past winners: {games}**")
PAST_WINNER = N_("{season} (`{key}`): 🏆 {players}, rating {rating}")
NONE_PAST = N_("No season is over yet.")
SEASON_TABLES = N_(
    "`/leaderboard season:` shows any season's table, and `/leaderboard season:all-time` the "
    "table of every game."
)


def named(players: list[Standing], words: Words) -> str:
    """Members of a table named in prose, tied ones together."""
    return words.field(Listed.of(Person(words.seat_name(s.name, False)) for s in players))


def overview_lines(overview: Overview, game: str | None, words: Words) -> list[str]:
    """What `/season` shows: the length, the current season and its leaders, past winners."""
    lines = [words(ABOUT.get(overview.length, ABOUT[OFF]))]
    now = overview.current
    if now is not None:
        lines.append(
            words(
                NOW,
                season=words.season(now.key),
                key=now.key,
                first=words.day(now.first),
                last=words.day(now.last),
            )
        )
        if overview.leaders:
            top = overview.leaders[0]
            rating = rating_text(top.mu, top.sigma, top.games)
            lines.append(words(LEADING, players=named(overview.leaders, words), rating=rating))
        else:
            lines.append(words(NOBODY_YET))
    if overview.past or now is not None:
        where = GAMES[game].title if game else words(ALL_GAMES)
        lines.append(words(PAST_HEAD, games=where))
    past = [
        words(
            PAST_WINNER,
            season=words.season(won.season.key),
            key=won.season.key,
            players=named(won.standings, words),
            rating=rating_text(won.standings[0].mu, won.standings[0].sigma, won.standings[0].games),
        )
        for won in overview.past
    ]
    if past:
        lines.append(fit_list(past, EMBED_TEXT // 2, sep="\n", more=words.more()))
    elif now is not None:
        lines.append(words(NONE_PAST))
    if past or now is not None:
        lines.append(words(SEASON_TABLES))
    return lines


class Seasons(commands.Cog):
    """A server's seasons."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="season",
        description="This server's seasons: the current one, when it ends, past winners.",
    )
    @app_commands.describe(
        length="set how long seasons last (members with Manage Server only)",
        game="the past winners of one game (all games when left out)",
    )
    @app_commands.choices(
        length=[
            app_commands.Choice(name=LENGTH_CHOICES.get(name, name), value=name) for name in LENGTHS
        ],
        game=GAME_CHOICES,
    )
    @app_commands.guild_only()
    async def season(
        self,
        interaction: discord.Interaction,
        length: str | None = None,
        game: str | None = None,
    ) -> None:
        words = words_for(interaction)
        guild_id = interaction.guild_id or 0
        referee = self.bot.referee
        if length is not None:
            try:
                said = await referee.set_season_length(guild_id, length, is_moderator(interaction))
            except RefereeError as e:
                await answer_failure(interaction, e)
                return
            # The whole server's leaderboard changes: the channel hears it.
            await interaction.response.send_message(words.text(said), allowed_mentions=NO_MENTIONS)
            return
        overview = await referee.season_overview(guild_id, game)
        embed = embed_for(
            words(SEASONS_TITLE), overview_lines(overview, game, words), Style.NOTICE, words
        )
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)


async def setup(bot: RefereeBot) -> None:
    """Add the seasons cog."""
    await bot.add_cog(Seasons(bot))
