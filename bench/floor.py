"""The floor: a bare slash command that writes one row with one commit and replies."""

from __future__ import annotations

import time
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from db import floor as floor_rows
from db.database import Database

COMMAND = "benchfloor"


class Floor(commands.Cog):
    """A cog the benchmark adds to the bot; the product does not know it."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.db: Database | None = None

    async def cog_load(self) -> None:
        """Open a connection as the store does (own thread, WAL, fully synced commits)."""
        self.db = await Database.open(self.database)
        await self.db.write(floor_rows.create_table)

    async def cog_unload(self) -> None:
        """Release the connection."""
        if self.db is not None:
            await self.db.close()
            self.db = None

    @app_commands.command(name=COMMAND, description="Benchmark floor: one committed row.")
    @app_commands.guild_only()
    async def floor(self, interaction: discord.Interaction) -> None:
        assert self.db is not None
        # One transaction of one row, one commit: the least any move can write.
        await self.db.write(floor_rows.add_row, interaction.user.id, time.time())
        await interaction.response.send_message("ok", ephemeral=True)


async def add_floor(bot: commands.AutoShardedBot, database: Path) -> Floor:
    """Add the floor cog to a running bot and sync its command."""
    cog = Floor(database)
    await bot.add_cog(cog)
    await bot.tree.sync()
    return cog
