"""One-player games: /solitaire lists the server's best scores, apart from the leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalogue import N_
from cogs.delivery import embed_for
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, reply, words_for
from cogs.speech import Words
from cogs.words import prose_name
from referee.notices import Style
from referee.rows import SolitaireBest
from referee.speech import Options
from rules import GAMES

if TYPE_CHECKING:
    from bot import RefereeBot


BEST_POSSIBLE = N_("the best possible ({best})")
SHARE_OF_BEST = N_("{percent}% of the best possible ({best})")
BEST_UNKNOWN = N_("the best possible is not known")
BEST_LINE = N_("**{options}**: {score} by {player} (#{number}), {verdict}\n  order: {order}")
NONE_FINISHED = N_(
    "No one-player game has been finished here yet: `/newgame integer-sequence` and `/start` "
    "with nobody else seated."
)
NOT_ON_LEADERBOARD = N_("One-player games never count for the leaderboard: they have this table.")
BEST_SCORES = N_("Best one-player scores")


def verdict(score: int, best: int | None, words: Words) -> str:
    """How a one-player score compares with the proven best for its options."""
    if best is None:
        return words(BEST_UNKNOWN)
    if score == best:
        return words(BEST_POSSIBLE, best=best)
    return words(SHARE_OF_BEST, percent=score * 100 // best, best=best)


def best_line(best: SolitaireBest, words: Words) -> str:
    """One table's best: options, score, who, the order of moves, and the proven best."""
    proven = GAMES[best.game].proven_best(best.options)
    return words(
        BEST_LINE,
        options=words.options(Options.of(best.options)),
        score=best.score,
        player=prose_name(best.name),
        number=best.match_id,
        verdict=verdict(best.score, proven, words),
        order=f"`{' '.join(best.moves)}`",
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
        words = words_for(interaction)
        bests = await self.bot.referee.solitaire_bests(interaction.guild_id or 0)
        if not bests:
            await reply(interaction, words(NONE_FINISHED))
            return
        text = fit_list(
            [best_line(b, words) for b in bests],
            EMBED_TEXT,
            tail="\n" + words(NOT_ON_LEADERBOARD),
            sep="\n",
            more=words.more(),
        )
        await interaction.response.send_message(
            embed=embed_for(words(BEST_SCORES), [text], Style.NOTICE, words),
            allowed_mentions=NO_MENTIONS,
        )


async def setup(bot: RefereeBot) -> None:
    """Add the solitaire cog."""
    await bot.add_cog(Solitaire(bot))
