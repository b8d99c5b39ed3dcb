"""/stats: a member's games, wins, ratings and bests in a server, with a chart of the rating."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from babel.dates import format_date
from discord import app_commands
from discord.ext import commands

from boards.chart import Line, Panel, rating_chart
from cogs.boards import ALT_TEXT
from cogs.catalogue import N_
from cogs.delivery import embed_for
from cogs.info import GAME_CHOICES, LevelColumns, rating_note
from cogs.replies import NO_MENTIONS, reply, words_for
from cogs.speech import Words
from cogs.words import prose_name
from referee.notices import Style
from referee.rows import ALL_GAMES, MemberStats, RatingPoint
from referee.safe_text import board_name, clean_name
from referee.standings import CENTRE, provisional, shown_rating
from referee.stats import VS, GameStats, game_stats, has_games, rating_series
from rules import GAMES

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

CHART_NAME = "rating.png"
TITLE_WIDTH = 18
"""The widest a game's title is in the tables (code spans must fit a phone)."""
PANEL_TITLES = {"members": N_("Among members"), "computer": N_("Against the computer")}
ALL = N_("All games")
MEMBERS_HEAD = N_("game")
MEMBERS_COLUMNS = N_("games wins draws win%  rating     best")
VERSUS_TITLE = N_("**Against the computer**")
VERSUS_COLUMN = N_("rating")
"""Table heads, in code spans: a translation keeps each column's width."""
PANEL_SAID = N_("{panel}: {first} after the first game, {last} after game {n}")
GAME_NOW = N_("{game} now {rating}")
CHART_ALT = N_("Rating after each game, {said}")
CHART_TITLE = N_("Rating of {member}")
NONE_YOURS = N_("You have no finished games in this server yet; `/newgame` starts one.")
NONE_THEIRS = N_("{member} has no finished games in this server yet.")
IN_THIS_SERVER = N_("**{member}** in this server")
BEST_NOTE = N_(
    "Best: the highest total in one finished game played to the end (the lowest where the "
    "lowest wins). {rating}"
)
NO_RATED_GAME = N_("No rated game of {game} yet: the chart shows all games.")
STATS = N_("Stats")
DAY = "d MMM y"
"""How the chart dates a game (CLDR's pattern: 24 Nov 2026, in the reader's language)."""


def title_of(game: str, words: Words) -> str:
    """A game's title in a table, cut to TITLE_WIDTH."""
    title = words(ALL) if game == ALL_GAMES else GAMES[game].title
    return title if len(title) <= TITLE_WIDTH else title[: TITLE_WIDTH - 1] + "…"


def number(value: int | None, width: int = 8) -> str:
    """A total for a table column: '-' for none, cut with … when too long."""
    if value is None:
        return "-"
    text = str(value)
    return text if len(text) <= width else text[: width - 2] + "…"


def member_lines(rows: list[GameStats], words: Words) -> list[str]:
    """The table among members: games, wins, draws, win rate, rating and best, by game."""
    lines = [f"`{words(MEMBERS_HEAD):<{TITLE_WIDTH}} {words(MEMBERS_COLUMNS)}`"]
    for r in rows:
        rate = "-" if r.win_rate is None else f"{round(100 * r.win_rate)}%"
        rating = "-" if r.rating is None else f"{r.rating}{'?' if r.provisional else ''}"
        lines.append(
            f"`{title_of(r.game, words):<{TITLE_WIDTH}} {r.games:>5} {r.wins:>4} {r.draws:>5} "
            f"{rate:>4} {rating:>7} {number(r.best):>8}`"
        )
    return lines


def versus_lines(rows: list[GameStats], words: Words) -> list[str]:
    """The table against the computer: rating and wins-draws-losses per level, by game."""
    played = [r for r in rows if r.versus is not None]
    if not played:
        return []
    columns = LevelColumns(words)
    head = f"{words(MEMBERS_HEAD):<{TITLE_WIDTH}}  {words(VERSUS_COLUMN)} {columns.head}"
    lines = [words(VERSUS_TITLE), f"`{head}`"]
    for r in played:
        assert r.versus is not None
        v = r.versus
        rating = f"{shown_rating(v.mu, v.sigma)}{'?' if provisional(v.games) else ''}"
        records = columns.row(v.records)
        lines.append(f"`{title_of(r.game, words):<{TITLE_WIDTH}} {rating:>7} {records}`")
    return lines


def day(at: float, words: Words) -> str:
    """A date as the chart shows it: 24 Nov 2026 (UTC)."""
    return format_date(datetime.fromtimestamp(at, UTC), DAY, locale=words.language)


def chart_panels(stats: MemberStats, game: str | None, words: Words) -> tuple[list[Panel], str]:
    """The chart's panels, one per kind of rating the member has, and the chart's alt text."""
    panels, said = [], []
    for vs in VS:
        overall = rating_series(stats, vs, ALL_GAMES)
        if not overall:
            continue
        # History began with this version: a line starts at 1000 only if it holds every game.
        whole = played(stats, vs, ALL_GAMES) == len(overall)
        lines = [line(words(ALL), overall, whole)]
        said.append(
            words(
                PANEL_SAID,
                panel=words(PANEL_TITLES[vs]).lower(),
                first=overall[0][1],
                last=overall[-1][1],
                n=overall[-1][0],
            )
        )
        if game is not None:
            one = rating_series(stats, vs, game)
            if one:
                lines.append(
                    line(GAMES[game].title, one, whole and played(stats, vs, game) == len(one))
                )
                said.append(words(GAME_NOW, game=GAMES[game].title, rating=one[-1][1]))
        first, last = overall[0][2].at, overall[-1][2].at
        panels.append(
            Panel(
                words(PANEL_TITLES[vs]),
                len(overall),
                tuple(lines),
                day(first, words),
                day(last, words),
                start=0 if whole else 1,
            )
        )
    return panels, words(CHART_ALT, said="; ".join(said))


def played(stats: MemberStats, vs: str, game: str) -> int:
    """How many rated games of one kind the member's standing or record there counts."""
    if vs == "members":
        row = stats.standings.get(game)
        return row.games if row else 0
    versus = stats.versus.get(game)
    return versus.games if versus else 0


def line(label: str, series: list[tuple[int, int, RatingPoint]], from_start: bool) -> Line:
    """A line of the chart, from where every player starts when it holds every game."""
    points = [(n, v) for n, v, _ in series]
    return Line(label, tuple([(0, CENTRE)] * from_start + points))


class Stats(commands.Cog):
    """A member's statistics, privately."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="stats", description="Games, wins, ratings and bests in this server (privately)."
    )
    @app_commands.describe(
        member="whose statistics (yours when left out)",
        game="one game's rating too on the chart",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        words = words_for(interaction)
        who = member or interaction.user
        name = clean_name(who.display_name)
        stats = await self.bot.referee.member_stats(interaction.guild_id or 0, who.id)
        if not has_games(stats):
            if who.id == interaction.user.id:
                text = words(NONE_YOURS)
            else:
                text = words(NONE_THEIRS, member=prose_name(name))
            await reply(interaction, text)
            return
        rows = game_stats(stats)
        lines = [words(IN_THIS_SERVER, member=prose_name(name)), *member_lines(rows, words)]
        lines += versus_lines(rows, words)
        lines.append(words(BEST_NOTE, rating=rating_note(words)))
        panels, alt = chart_panels(stats, game, words)
        if game is not None and not any(len(p.lines) > 1 for p in panels):
            lines.append(words(NO_RATED_GAME, game=GAMES[game].title))
        embed = embed_for(words(STATS), lines, Style.NOTICE, words)
        files = []
        if panels:
            try:
                png = await asyncio.to_thread(
                    rating_chart,
                    words(CHART_TITLE, member=board_name(name, 32)),
                    panels,
                    CENTRE,
                )
            except Exception:
                log.exception("Could not draw a rating chart; answering without it")
            else:
                alt = alt if len(alt) <= ALT_TEXT else alt[: ALT_TEXT - 1] + "…"
                files.append(discord.File(io.BytesIO(png), CHART_NAME, description=alt))
                embed.set_image(url=f"attachment://{CHART_NAME}")
        await interaction.response.send_message(
            embed=embed, files=files, ephemeral=True, allowed_mentions=NO_MENTIONS
        )


async def setup(bot: RefereeBot) -> None:
    """Add the stats cog."""
    await bot.add_cog(Stats(bot))
