"""Start the referee: on Discord with DISCORD_TOKEN set, else the offline mode (the same bot
against a simulated Discord server, played from this terminal)."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot import RefereeBot
from settings import Settings


def configure_logging(level: str) -> None:
    """Log to standard error at the configured level."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def main() -> int:
    """Run the bot, or the offline mode when there is no token."""
    settings = Settings.from_env()
    if settings.token is None:
        from offline.terminal import run_offline

        return asyncio.run(run_offline(settings))
    configure_logging(settings.log_level)
    RefereeBot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
