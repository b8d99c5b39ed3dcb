"""Each member is answered in their Discord language, by DM too (a DM carries none), and the
slash commands reach Discord translated; here with a small French catalogue made for the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from cogs import speech
from cogs.catalogue import ASKS, Ask
from cogs.commands import DOMAIN, NAME, CommandWords
from cogs.info import NO_OPEN_GAMES
from offline.terminal import discord_locale, members_speak
from tests.bot.table import Table

NO_SECRET = "Aucune partie n'attend de coup secret de vous."
NO_GAMES = "Aucune partie n'est ouverte ici."


def catalogue_file(path: Path, domain: str, entries: dict[tuple[str | None, str], str]) -> None:
    """A French catalogue of one domain with these translations, by (context, English)."""
    made = Catalog(locale="fr", domain=domain)
    for (context, english), french in entries.items():
        made.add(english, french, context=context)
    path.mkdir(parents=True, exist_ok=True)
    with (path / f"{domain}.po").open("wb") as f:
        write_po(f, made)


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bot speaks French too, from catalogues in a scratch folder."""
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    messages = {(None, ASKS[Ask.NO_SECRET_AWAITED]): NO_SECRET, (None, NO_OPEN_GAMES): NO_GAMES}
    catalogue_file(folder, speech.DOMAIN, messages)  # type: ignore[arg-type]
    catalogue_file(folder, DOMAIN, {(NAME, "resign"): "abandonner"})
    monkeypatch.setattr(speech, "LOCALES", tmp_path / "locales")
    speech.translations.cache_clear()
    yield
    speech.translations.cache_clear()


async def test_a_dm_is_answered_in_the_language_the_member_last_used(
    simcord_env: Any, french: None
) -> None:
    """alice uses Discord in French: her command and then her DM are answered in French; bob,
    never heard from, is answered by DM in the server's language."""
    table = Table.make(simcord_env, players=2)
    alice, bob = table.members["alice"], table.members["bob"]
    with members_speak(discord_locale("fr")):
        games = await alice.slash(table.channel, "games")
    assert games.response.content == NO_GAMES
    await alice.send_dm("17")
    assert alice.user.dm_channel.history()[-1].content == NO_SECRET
    await bob.send_dm("17")
    assert bob.user.dm_channel.history()[-1].content == ASKS[Ask.NO_SECRET_AWAITED]


async def test_the_commands_are_translated_where_a_language_has_them(french: None) -> None:
    """A name with a translation goes to Discord translated; the rest, and English, as written."""
    words = CommandWords()
    command: Any = None  # the translator reads only where a word is, not what it belongs to
    name: TranslationContext[Any, Any] = TranslationContext(Where.command_name, command)
    described: TranslationContext[Any, Any] = TranslationContext(Where.command_description, command)
    assert await words.translate(locale_str("resign"), discord.Locale.french, name) == "abandonner"
    assert await words.translate(locale_str("resign"), discord.Locale.british_english, name) is None
    assert await words.translate(locale_str("resign"), discord.Locale.french, described) is None
