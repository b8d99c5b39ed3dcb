"""Privacy: /forget-me and its confirm button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import ForgetButton
from cogs.catalogue import N_
from cogs.context import act
from cogs.lists import MESSAGE_TEXT
from cogs.replies import NO_MENTIONS, answer_failure, reply, words_for
from referee.errors import RefereeError

if TYPE_CHECKING:
    from bot import RefereeBot


OTHERS_BUTTON = N_(
    "This button confirms another member's `/forget-me`; nothing was removed. "
    "Use `/forget-me` for your own data."
)


class Privacy(commands.Cog):
    """Forgetting a member who asks: standings, bests, and their name in finished games."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="forget-me",
        description="Delete your standings and bests and your name in finished games (asks first).",
    )
    async def forget_me(self, interaction: discord.Interaction) -> None:
        try:
            question = await self.bot.referee.forget_question(interaction.user.id)
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        view = discord.ui.View(timeout=None)
        words = words_for(interaction)
        view.add_item(ForgetButton(interaction.user.id, words))
        text = words.text(question, MESSAGE_TEXT)
        await interaction.response.send_message(
            text, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def on_forget_button(self, interaction: discord.Interaction, user_id: int) -> None:
        """The member's confirmation; the button of someone else's question is refused."""
        if interaction.user.id != user_id:
            await reply(interaction, words_for(interaction)(OTHERS_BUTTON))
            return
        await act(interaction, lambda: self.bot.referee.forget(user_id))


async def setup(bot: RefereeBot) -> None:
    """Add the privacy cog."""
    await bot.add_cog(Privacy(bot))
