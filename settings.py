"""Settings from the environment and an optional .env file."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None
    database: str
    log_level: str
    dev_guild_id: int | None

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Settings:
        """Read settings from the environment, after loading env_file if it exists."""
        if env_file:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database=os.environ.get("DATABASE_PATH", "").strip() or "data/referee.sqlite3",
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            dev_guild_id=int(guild) if guild.isdigit() else None,
        )
