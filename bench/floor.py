"""The floor: a bare slash command that writes one row with one commit and replies."""

from __future__ import annotations

import time
from pathlib import Path

import aiosqlite
import discord
from discord import app_commands
from discord.ext import commands

COMMAND = "benchfloor"


class Floor(commands.Cog):
    """A cog the benchmark adds to the bot; the product does not know it."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.conn: aiosqlite.Connection | None = None

    async def cog_load(self) -> None:
        """Open a connection like the store's (WAL, fully synced) and create the floor table."""
        conn = await aiosqlite.connect(str(self.database), isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=5000"):
            async with conn.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_floor "
            "(id INTEGER PRIMARY KEY, user_id BIGINT NOT NULL, at REAL NOT NULL)"
        )
        self.conn = conn

    async def cog_unload(self) -> None:
        """Release the connection."""
        if self.conn is not None:
            await self.conn.close()
            self.conn = None

    @app_commands.command(name=COMMAND, description="Benchmark floor: one committed row.")
    @app_commands.guild_only()
    async def floor(self, interaction: discord.Interaction) -> None:
        assert self.conn is not None
        # One statement outside a transaction is one transaction: one row, one commit.
        await self.conn.execute(
            "INSERT INTO bench_floor (user_id, at) VALUES (?, ?)",
            (interaction.user.id, time.time()),
        )
        await interaction.response.send_message("ok", ephemeral=True)


async def add_floor(bot: commands.Bot, database: Path) -> Floor:
    """Add the floor cog to a running bot and sync its command."""
    cog = Floor(database)
    await bot.add_cog(cog)
    await bot.tree.sync()
    return cog
