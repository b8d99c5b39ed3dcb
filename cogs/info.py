"""Looking on: /board, /score, /rules, /games, /history and /leaderboard."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.boards import draw
from cogs.catalogue import Ask
from cogs.context import GAME_ID, find_match
from cogs.delivery import embed_for
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, answer_failure, reply, words_for
from cogs.words import prose_name
from players import LEVELS
from referee import announce
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER
from referee.notices import Style
from referee.safe_text import board_name
from referee.standings import PROVISIONAL_GAMES, provisional, shown_rating
from rules import GAMES
from rules.base import clip

if TYPE_CHECKING:
    from bot import RefereeBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=slug) for slug, g in GAMES.items()]


class Info(commands.Cog):
    """Boards, scores, rules, lists and records."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="board", description="Show a game's board (privately).")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        try:
            match = await find_match(interaction, game, (ACTIVE, OVER))
            seat = match.seat_of(interaction.user.id)
            viewer = seat.seat if seat else None
            drawn = await draw(announce.board(match, viewer), words_for(interaction))
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        await reply(interaction, f"**{match.label}**\n{drawn.fallback()}", drawn.files())

    @app_commands.command(name="score", description="Show a game's scores (privately).")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        try:
            match = await find_match(interaction, game, (ACTIVE, OVER))
            p = match.require_progress()
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        totals = p.game.scores(p.state)
        lines = [
            f"{prose_name(s.name)}: {totals[s.seat]}"
            + (" (left)" if match.resigned(s.seat) else "")
            for s in match.seats
        ]
        waiting = ", ".join(prose_name(match.seats[s].name) for s in match.waiting_on())
        if waiting:
            lines.append(f"Waiting for: {waiting}")
        await reply(interaction, f"**{match.label}**\n" + "\n".join(lines))

    @app_commands.command(name="rules", description="A game's rules and move notation.")
    @app_commands.describe(game="which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        g = GAMES.get(game)
        if g is None:
            await reply(interaction, f"There is no game `{clip(game)}`.")
            return
        options = "\n".join(
            f"`{o.name}`: {o.help}; {o.low} to {o.high}"
            + (" or none" if o.none_allowed else "")
            + f", default {o.default_help}"
            for o in g.options
        )
        lines = [
            g.summary,
            "",
            f"**Players:** {g.player_range()}",
            f"**Moves:** {g.notation}",
            f"**Options:**\n{options}",
            f"**Start:** `/newgame {g.slug}`",
        ]
        await interaction.response.send_message(
            embed=embed_for(g.title, lines, Style.NOTICE), ephemeral=True
        )

    @app_commands.command(name="games", description="This server's open games.")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        matches = await self.bot.referee.open_matches(interaction.guild_id or 0)
        if not matches:
            await reply(interaction, "No games are open in this server. `/newgame` starts one.")
            return
        lines = []
        for m in matches:
            players = ", ".join(prose_name(s.name) for s in m.seats)
            state = "lobby" if m.status == LOBBY else "playing"
            lines.append(f"#{m.id} {m.game.title} in <#{m.row.channel_id}>, {state}: {players}")
        text = fit_list(lines, EMBED_TEXT, sep="\n")
        await interaction.response.send_message(
            embed=embed_for("Open games", [text], Style.NOTICE), ephemeral=True
        )

    @app_commands.command(name="history", description="A game's record as a JSON file.")
    @app_commands.describe(game="the game's number (#id)")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, game: int) -> None:
        try:
            match = await find_match(interaction, game, (LOBBY, ACTIVE, OVER))
            if match.row.settled is None:
                raise RefereeError(Ask.NEVER_STARTED, game=match.ref)
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        data = json.dumps(match.history(), indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"game-{match.id}-{match.row.game}.json")
        note = (
            ""
            if match.status == OVER
            else " (moves so far; sealed moves not yet revealed stay out)"
        )
        await interaction.response.send_message(
            f"Record of {match.label}{note}. Replay it with `python -m rules replay FILE`.",
            file=file,
            ephemeral=True,
        )

    @app_commands.command(name="leaderboard", description="This server's standings.")
    @app_commands.describe(
        game="one game; all games when left out",
        vs="members: games among members (the default); computer: games against the computer",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        vs: Literal["members", "computer"] | None = None,
    ) -> None:
        where = GAMES[game].title if game else "all games"
        if vs == "computer":
            lines = await self._versus_lines(interaction.guild_id or 0, game)
            title = f"Against the computer: {where}"
        else:
            lines = await self._standing_lines(interaction.guild_id or 0, game)
            title = f"Leaderboard: {where}"
        if not lines:
            await reply(interaction, "No finished games here yet.")
            return
        await interaction.response.send_message(
            embed=embed_for(title, lines, Style.NOTICE), allowed_mentions=NO_MENTIONS
        )

    async def _standing_lines(self, guild_id: int, game: str | None) -> list[str]:
        """The standings among members, a line each."""
        rows = await self.bot.referee.standings(guild_id, game)
        if not rows:
            return []
        lines = ["`#  player           games wins draws   points  rating`"]
        for i, r in enumerate(rows, 1):
            points = str(r.points) if len(str(r.points)) <= 8 else f"{str(r.points)[:6]}…"
            lines.append(
                f"`{i:<2} {board_name(r.name, 16):<16} {r.games:>5} {r.wins:>4} {r.draws:>5} "
                f"{points:>8} {rating_text(r.mu, r.sigma, r.games):>7}`"
            )
        lines.append(RATING_NOTE)
        return lines

    async def _versus_lines(self, guild_id: int, game: str | None) -> list[str]:
        """Each member's rating and wins-draws-losses against each level, then the levels'."""
        rows, levels = await self.bot.referee.versus_standings(guild_id, game)
        if not rows:
            return []
        lines = [f"`#  player           rating {'  '.join(f'{lv:<7}' for lv in LEVELS).rstrip()}`"]
        for i, r in enumerate(rows, 1):
            records = "  ".join(f"{wdl(r.records.get(lv)):<7}" for lv in LEVELS).rstrip()
            lines.append(
                f"`{i:<2} {board_name(r.name, 16):<16} {rating_text(r.mu, r.sigma, r.games):>6} "
                f"{records}`"
            )
        if levels:
            rated = " · ".join(
                f"{lv.level} {shown_rating(lv.mu, lv.sigma)} "
                f"({lv.games} game{'s' if lv.games != 1 else ''})"
                for lv in sorted(levels, key=lambda lv: list(LEVELS).index(lv.level))
            )
            lines.append(f"Levels: {rated}")
        lines.append(
            "Against each level: wins-draws-losses. Members and levels are rated on one scale, "
            f"from games with a computer only. {RATING_NOTE}"
        )
        return lines


RATING_NOTE = (
    "Rating: a newcomer has 1000; it rises as the bot grows sure of a player "
    f"(OpenSkill, 1000 + 40 × (mu − 3 sigma)); ? = fewer than {PROVISIONAL_GAMES} games."
)


def rating_text(mu: float, sigma: float, games: int) -> str:
    """A rating as the tables show it, marked ? while provisional."""
    return f"{shown_rating(mu, sigma)}{'?' if provisional(games) else ''}"


def wdl(record: tuple[int, int, int] | None) -> str:
    """Games, wins and draws against a level as 'wins-draws-losses' ('-' for none)."""
    if record is None:
        return "-"
    games, wins, draws = record
    return f"{wins}-{draws}-{games - wins - draws}"


async def setup(bot: RefereeBot) -> None:
    """Add the info cog."""
    await bot.add_cog(Info(bot))
