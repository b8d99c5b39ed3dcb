"""Start the referee: on Discord with DISCORD_TOKEN set, else the offline mode (the same bot
against a simulated Discord server, played from this terminal)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from bot import RefereeBot
from db import open_store
from db.single import InUse, only_process
from ops.logs import log_handler
from settings import POSTGRES_SCHEMES, Settings, SettingsError


def configure_logging(level: str, log_format: str = "text") -> None:
    """Log to standard error at the configured level, as text or JSON lines."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO), handlers=[log_handler(log_format)]
    )
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


async def run_bot(settings: Settings, token: str) -> None:
    """Open the store, run the bot on Discord until it stops, then close the store."""
    store = await open_store(settings.database)
    try:
        async with RefereeBot(settings, store, owns_process=True) as bot:
            await bot.start(token)
    finally:
        await store.close()


def main() -> int:
    """Run the bot, or the offline mode when there is no token."""
    try:
        settings = Settings.from_env()
    except SettingsError as e:
        print(f"Cannot start: {e}", file=sys.stderr)
        return 2
    try:
        if settings.token is None:
            from offline.terminal import offline_database, run_offline

            with only_process(str(offline_database(settings))):
                return asyncio.run(run_offline(settings))
        configure_logging(settings.log_level, settings.log_format)
        # Ctrl-C is how a bot run by hand stops; the store is closed on the way out.
        with sole_user(settings), contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_bot(settings, settings.token))
    except InUse as e:
        print(f"Cannot start: {e}", file=sys.stderr)
        return 2
    return 0


def sole_user(settings: Settings) -> contextlib.AbstractContextManager[None]:
    """This process's hold on a SQLite file (PostgreSQL serves several processes)."""
    if settings.database.startswith(POSTGRES_SCHEMES):
        return contextlib.nullcontext()
    return only_process(settings.database)


if __name__ == "__main__":
    sys.exit(main())
