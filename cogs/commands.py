"""The slash commands in each member's language: names, descriptions, parameters and choices
translated from the `commands` gettext catalogue, which is made from the command tree itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import discord
from babel.messages.pofile import read_po
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from cogs.speech import COMMANDS, LOCALES, NAME, SOURCE_LANGUAGE, language_of, translations

DOMAIN = COMMANDS
DESCRIPTION = "description"
CHOICE = "choice"
"""The message contexts: a name must stay a valid Discord name, a description may not."""
KINDS = {
    Where.command_name: NAME,
    Where.group_name: NAME,
    Where.parameter_name: NAME,
    Where.command_description: DESCRIPTION,
    Where.group_description: DESCRIPTION,
    Where.parameter_description: DESCRIPTION,
    Where.choice_name: CHOICE,
}
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for a command's or parameter's name (it must be lowercase too)."""
TEXT_LIMIT = 100
"""Discord's limit on a description and on a choice's name."""


def valid_name(name: str) -> bool:
    """Whether Discord accepts this as a command's, group's or parameter's name."""
    return bool(VALID_NAME.match(name)) and name == name.lower()


def translate(language: str, kind: str, message: str) -> str:
    """A command's word in a language (as written where it has no translation)."""
    return translations(language, DOMAIN).pgettext(kind, message)


@cache
def source_words(language: str) -> dict[str, str]:
    """A language's command, parameter and choice names mapped back to the source's (for a
    front end where members type the commands themselves, such as the offline terminal)."""
    path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if language == SOURCE_LANGUAGE or not path.exists():
        return {}
    with path.open("rb") as f:
        found = read_po(f, locale=language)
    return {
        str(m.string): str(m.id)
        for m in found
        if m.id and m.string and m.context in (NAME, CHOICE) and not m.fuzzy
    }


class CommandWords(app_commands.Translator):
    """Gives Discord each command's words in every language the bot speaks."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The translation, or None where the source's words stand (no localization sent)."""
        kind = KINDS.get(context.location)
        language = language_of(locale)
        if kind is None or language == SOURCE_LANGUAGE:
            return None
        found = translate(language, kind, string.message)
        return found if found != string.message else None


@dataclass(frozen=True)
class Entry:
    """One word of the command tree: what it is, its English, where it is ('newgame m' for the
    option m of /newgame), and among which siblings (names with the same `among` must
    differ)."""

    location: Where
    message: str
    place: str
    among: str

    @property
    def kind(self) -> str:
        """The word's message context in the catalogue."""
        return KINDS[self.location]


Walked = app_commands.Command[Any, ..., Any] | app_commands.Group


def entries(tree: app_commands.CommandTree[Any]) -> Iterator[Entry]:
    """Every name, description and choice of the tree's slash commands, parents first."""
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        assert isinstance(command, (app_commands.Command, app_commands.Group))
        yield from _walk(command, "")


def _walk(command: Walked, among: str) -> Iterator[Entry]:
    path = f"{among} {command.name}".strip()
    if isinstance(command, app_commands.Group):
        yield Entry(Where.group_name, command.name, path, among)
        yield Entry(Where.group_description, command.description, path, among)
        for child in command.commands:
            yield from _walk(child, path)
        return
    yield Entry(Where.command_name, command.name, path, among)
    yield Entry(Where.command_description, command.description, path, among)
    for parameter in command.parameters:
        place = f"{path} {parameter.display_name}"
        yield Entry(Where.parameter_name, parameter.display_name, place, path)
        yield Entry(Where.parameter_description, parameter.description, place, path)
        for choice in parameter.choices:
            yield Entry(Where.choice_name, choice.name, place, place)
