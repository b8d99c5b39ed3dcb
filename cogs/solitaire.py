"""One-player games: /solitaire lists the server's best scores, apart from the leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.delivery import embed_for
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, reply
from cogs.speech import ENGLISH
from cogs.words import prose_name
from referee.notices import Style
from referee.rows import SolitaireBest
from referee.speech import Options
from rules import GAMES

if TYPE_CHECKING:
    from bot import RefereeBot


def against_best(score: int, best: int) -> str:
    """How a one-player score compares with the proven best for its options."""
    return "the best possible" if score == best else f"{score * 100 // best}% of the best possible"


def best_line(best: SolitaireBest) -> str:
    """One table's best: options, score, who, the order of moves, and the proven best."""
    proven = GAMES[best.game].proven_best(best.options)
    verdict = (
        "the best possible is not known"
        if proven is None
        else f"{against_best(best.score, proven)} ({proven})"
    )
    order = " ".join(best.moves)
    return (
        f"**{ENGLISH.options(Options.of(best.options))}**: {best.score} "
        f"by {prose_name(best.name)} "
        f"(#{best.match_id}), {verdict}\n  order: `{order}`"
    )


class Solitaire(commands.Cog):
    """The best scores of one-player games."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="solitaire",
        description="This server's best one-player scores (not on the leaderboard).",
    )
    @app_commands.guild_only()
    async def solitaire(self, interaction: discord.Interaction) -> None:
        bests = await self.bot.referee.solitaire_bests(interaction.guild_id or 0)
        if not bests:
            await reply(
                interaction,
                "No one-player game has been finished here yet: "
                "`/newgame integer-sequence` and `/start` with nobody else seated.",
            )
            return
        tail = "\nOne-player games never count for the leaderboard: they have this table."
        text = fit_list([best_line(b) for b in bests], EMBED_TEXT, tail=tail, sep="\n")
        await interaction.response.send_message(
            embed=embed_for("Best one-player scores", [text], Style.NOTICE),
            allowed_mentions=NO_MENTIONS,
        )


async def setup(bot: RefereeBot) -> None:
    """Add the solitaire cog."""
    await bot.add_cog(Solitaire(bot))
