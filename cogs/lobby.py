"""Lobbies: /join, /leave, /start, /cancel and the lobby message's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import GAME_ID, act, bot_of, find_match, is_moderator
from referee.match import ACTIVE, LOBBY
from referee.notices import Outcome

if TYPE_CHECKING:
    from bot import RefereeBot


class Lobby(commands.Cog):
    """Seating players and starting or cancelling games."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="join", description="Take a seat in a lobby in this channel.")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await act(interaction, lambda: self._join(interaction, game))

    async def _join(self, interaction: discord.Interaction, game: int | None) -> Outcome:
        match = await find_match(interaction, game, (LOBBY,))
        user = interaction.user
        return await self.bot.referee.join(match.id, user.id, user.display_name)

    @app_commands.command(name="leave", description="Leave a lobby before the game starts.")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (LOBBY,))
            return await self.bot.referee.leave(match.id, interaction.user.id)

        await act(interaction, run)

    @app_commands.command(name="start", description="Start your lobby with the players seated.")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (LOBBY,))
            return await self.bot.referee.start(match.id, interaction.user.id)

        await act(interaction, run)

    @app_commands.command(
        name="cancel",
        description="Cancel a lobby, or a game with every player's agreement (or Manage Server).",
    )
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (LOBBY, ACTIVE))
            return await self.bot.referee.cancel(
                match.id, interaction.user.id, is_moderator(interaction)
            )

        await act(interaction, run)

    @app_commands.command(
        name="remove", description="Remove an absent player (host or Manage Server only)."
    )
    @app_commands.describe(player="the member to remove", game=GAME_ID)
    @app_commands.guild_only()
    async def remove(
        self, interaction: discord.Interaction, player: discord.Member, game: int | None = None
    ) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (LOBBY, ACTIVE), member=player.id)
            return await self.bot.referee.remove_player(
                match.id, interaction.user.id, player.id, is_moderator(interaction)
            )

        await act(interaction, run)

    async def on_lobby_button(
        self, interaction: discord.Interaction, action: str, match_id: int
    ) -> None:
        """A click on Join, Start or Cancel."""
        referee = bot_of(interaction).referee
        user = interaction.user
        if action == "join":
            await act(interaction, lambda: referee.join(match_id, user.id, user.display_name))
        elif action == "start":
            await act(interaction, lambda: referee.start(match_id, user.id))
        else:
            moderator = is_moderator(interaction)
            await act(interaction, lambda: referee.cancel(match_id, user.id, moderator))

    async def on_rematch_button(self, interaction: discord.Interaction, match_id: int) -> None:
        """A click on Rematch under a finished game: open its rematch lobby, or join it."""
        referee = bot_of(interaction).referee
        user = interaction.user
        guild_id = interaction.guild_id or 0
        await act(
            interaction,
            lambda: referee.rematch(match_id, guild_id, user.id, user.display_name),
        )

    async def on_computer_choice(
        self, interaction: discord.Interaction, match_id: int, choice: str
    ) -> None:
        """The host seats a computer of a level in the lobby, or takes the last one out."""
        referee = bot_of(interaction).referee
        user_id = interaction.user.id
        if choice == "remove":
            await act(interaction, lambda: referee.remove_computer(match_id, user_id))
        else:
            await act(interaction, lambda: referee.add_computer(match_id, user_id, choice))

    async def on_vote_button(
        self, interaction: discord.Interaction, match_id: int, step: int, agree: bool
    ) -> None:
        """A player's answer to the host's proposal to cancel a game under way."""
        referee = bot_of(interaction).referee
        user_id = interaction.user.id
        await act(interaction, lambda: referee.vote(match_id, user_id, step, agree))


async def setup(bot: RefereeBot) -> None:
    """Add the lobby cog."""
    await bot.add_cog(Lobby(bot))
