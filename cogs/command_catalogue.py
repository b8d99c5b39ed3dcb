"""Writes the slash commands' catalogue template (`cogs/locales/commands.pot`) from the bot's
own command tree, built offline: `python -m cogs.command_catalogue` (`make messages` runs it)."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from cogs.commands import DOMAIN, Entry, entries
from cogs.speech import LOCALES

TEMPLATE = LOCALES / f"{DOMAIN}.pot"


async def command_entries() -> list[Entry]:
    """The words of the bot's command tree as it syncs, built in a simulated Discord on a
    scratch database (closing the bot takes its commands down, so they are read before)."""
    # Imported here: building the tree needs the whole bot, which no cog module may import.
    import simcord

    from bot import RefereeBot
    from db import open_store
    from settings import Settings

    with tempfile.TemporaryDirectory() as scratch:
        settings = Settings(
            token=None,
            database=str(Path(scratch) / "commands.sqlite3"),
            log_level="WARNING",
            dev_guild_id=None,
        )
        store = await open_store(settings.database)
        bot = RefereeBot(settings, store, remind_on_start=False)
        try:
            async with simcord.run(bot, check_errors=False):
                return list(entries(bot.tree))
        finally:
            await bot.close()
            await store.close()


def catalogue(found: Iterable[Entry]) -> Catalog:
    """The template: each word once in its context, with the commands it is found in."""
    template = Catalog(project="Quet Referee", domain=DOMAIN)
    where: dict[tuple[str, str], set[str]] = {}
    for entry in found:
        where.setdefault((entry.kind, entry.message), set()).add("/" + entry.place)
    for (kind, message), places in sorted(where.items()):
        template.add(message, context=kind, auto_comments=[", ".join(sorted(places))])
    return template


def main(argv: list[str]) -> int:
    """Write the template (to the path given, else to its place in cogs/locales)."""
    target = Path(argv[1]) if len(argv) > 1 else TEMPLATE
    found = asyncio.run(command_entries())
    with target.open("wb") as f:
        write_po(f, catalogue(found), width=100, sort_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
