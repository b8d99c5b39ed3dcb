"""The floor: a bare slash command that writes one row with one commit and replies."""

from __future__ import annotations

import time

import discord
from discord import app_commands
from discord.ext import commands

from db import floor as floor_rows
from db.database import Database
from db.open import POSTGRES_SCHEMES
from db.postgres import PostgresDatabase
from db.sql import Engine

COMMAND = "benchfloor"


class Floor(commands.Cog):
    """A cog the benchmark adds to the bot; the product does not know it."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.db: Engine | None = None

    async def cog_load(self) -> None:
        """Open the database through the engine the store uses, and the floor's table."""
        self.db = await open_engine(self.database)
        await self.db.write(floor_rows.create_table)

    async def cog_unload(self) -> None:
        """Drop the floor's table and release the connection."""
        if self.db is not None:
            await self.db.write(floor_rows.drop_table)
            await self.db.close()
            self.db = None

    @app_commands.command(name=COMMAND, description="Benchmark floor: one committed row.")
    @app_commands.guild_only()
    async def floor(self, interaction: discord.Interaction) -> None:
        assert self.db is not None
        # One transaction of one row, one commit: the least any move can write.
        await self.db.write(floor_rows.add_row, interaction.user.id, time.time())
        await interaction.response.send_message("ok", ephemeral=True)


async def open_engine(target: str) -> Engine:
    """The engine the store would run on at target (a postgresql:// URL or a SQLite path)."""
    if target.startswith(POSTGRES_SCHEMES):
        return await PostgresDatabase.open(target)
    return await Database.open(target)


async def add_floor(bot: commands.AutoShardedBot, database: str) -> Floor:
    """Add the floor cog to a running bot and sync its command."""
    cog = Floor(database)
    await bot.add_cog(cog)
    await bot.tree.sync()
    return cog
