"""The slash commands' catalogue: its template is the command tree as it is now, each language
translates every entry into words Discord accepts, and a language's messages name the commands
as that language's commands catalogue does."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from functools import cache

import pytest
from babel.messages.pofile import read_po
from discord.app_commands import TranslationContextLocation as Where

from cogs.command_catalogue import TEMPLATE, command_entries
from cogs.commands import DOMAIN, NAME, TEXT_LIMIT, Entry, translate, valid_name
from cogs.speech import LOCALES, SOURCE_LANGUAGE, languages
from tests.bot.test_catalogue import catalogue

COMMANDS = (Where.command_name, Where.group_name)
CODE_SPAN = re.compile(r"`([^`]*)`")
COMMAND_WORD = re.compile(r"(?<![^\s(])/([a-z][-\w]*)")
"""A command named outside a code span: `/resign` leaves the game (not a fraction, (p-1)/2)."""
TRANSLATED = [lang for lang in languages() if lang != SOURCE_LANGUAGE]


@cache
def tree() -> tuple[Entry, ...]:
    """The words of the bot's command tree, read once."""
    return tuple(asyncio.run(command_entries()))


def command_paths(language: str) -> set[str]:
    """Every command's path in a language: 'resign', 'newgame', 'newgame numbers-to-number'."""
    paths: dict[str, str] = {}
    for entry in tree():
        if entry.location in COMMANDS:
            name = translate(language, NAME, entry.message)
            paths[entry.place] = f"{paths[entry.among]} {name}" if entry.among else name
    return set(paths.values())


def test_the_template_is_the_command_tree() -> None:
    """The committed template holds each word of the tree now, in its context, and no other
    (`make messages` writes it)."""
    with TEMPLATE.open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    found = {(e.kind, e.message) for e in tree()}
    assert template == found, (found - template, template - found)


def test_the_source_words_are_valid() -> None:
    """The English names are valid names and the texts fit, so a translation can be too."""
    check_words(SOURCE_LANGUAGE)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_language_translates_every_command_validly(language: str) -> None:
    """Each language with a messages catalogue has a commands catalogue that translates every
    entry: names valid and unique among their siblings, descriptions and choices short enough."""
    path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    assert path.exists(), path
    with path.open("rb") as f:
        done = {(m.context, m.id) for m in read_po(f) if m.id and m.string and not m.fuzzy}
    missing = {(e.kind, e.message) for e in tree()} - done
    assert not missing, (language, missing)
    check_words(language)


def check_words(language: str) -> None:
    """A language's command words are what Discord accepts."""
    siblings: Counter[tuple[str, str]] = Counter()
    for entry in tree():
        word = translate(language, entry.kind, entry.message)
        if entry.kind == NAME:
            assert valid_name(word), (language, entry, word)
            siblings[(entry.among, word)] += 1
        else:
            assert 1 <= len(word) <= TEXT_LIMIT, (language, entry, word)
    twice = [key for key, count in siblings.items() if count > 1]
    assert not twice, (language, twice)


@pytest.mark.parametrize("language", languages())
def test_messages_name_the_commands_of_their_language(language: str) -> None:
    """Every `/command` a message names (in a code span, with its subcommand if any) is a
    command of that language: a translator of the messages uses the translated names."""
    paths = command_paths(language)
    tops = {p.split()[0] for p in paths}
    if language == SOURCE_LANGUAGE:
        with (LOCALES / "messages.pot").open("rb") as f:
            texts = [
                s for m in read_po(f) if m.id for s in ([m.id] if isinstance(m.id, str) else m.id)
            ]
    else:
        texts = [form for forms in catalogue(language).values() for form in forms]
    for text in texts:
        for span in CODE_SPAN.findall(text):
            if span.startswith("/"):
                words = [w for w in span[1:].split() if ":" not in w]
                named = " ".join(words)
                assert named in paths, (language, text, named)
        for word in COMMAND_WORD.findall(CODE_SPAN.sub("", text)):
            assert word in tops, (language, text, word)
