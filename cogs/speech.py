"""The referee's texts in a reader's language, as Discord markdown: each code's wording comes
from the catalogue (`cogs.catalogue`), translated by the gettext catalogue of that language."""

from __future__ import annotations

import gettext
import io
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from babel.dates import format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from cogs.catalogue import (
    COMPUTER,
    COMPUTER_NUMBER,
    LENGTH_NAMES,
    LEVEL_NAMES,
    N_,
    POLICY_NAMES,
    TEMPLATES,
    WORDS,
    Wording,
)
from cogs.lists import fit_list
from cogs.tournament_catalogue import FORMAT_NAMES
from cogs.words import mention, prose_name
from referee.announce import rules_text
from referee.computer_names import computer_parts
from referee.rows import FORMER_PLAYER
from referee.seasons import parse_season
from referee.speech import (
    Counts,
    Day,
    Field,
    FormatName,
    GameRef,
    LengthName,
    Listed,
    Options,
    Person,
    Place,
    PolicyName,
    Quote,
    RulesText,
    SeasonName,
    Seconds,
    Text,
)
from rules import GAMES
from rules.base import Phrase, clip

LOCALES = Path(__file__).with_name("locales")
"""Where each language's catalogue is: `<language>/LC_MESSAGES/messages.po`."""
DOMAIN = "messages"
COMMANDS = "commands"
"""The slash commands' domain (`cogs.commands`): its names are how members type options."""
NAME = "name"
"""The context of a command's or parameter's name in the commands' domain."""
SOURCE_LANGUAGE = "en"
"""The language the wording is written in: it needs no catalogue."""
QUOTE_LIMIT = 100
"""The longest text quoted back as typed (a move, a game's name)."""
DAY = "d MMM y"
MONTH = "LLLL y"
"""How a day and a month are named (CLDR's patterns: 24 Nov 2026, November 2026), in the
reader's language."""


@cache
def languages() -> tuple[str, ...]:
    """The languages the bot speaks: the source's, and each with a catalogue (looked for once)."""
    found = sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


@cache
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """A language's translations of a domain (the messages, or the slash commands), compiled
    from its catalogue once (the source language, or one without a catalogue, as written)."""
    path = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    if language == SOURCE_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language_of(locale: Any) -> str:
    """The language the bot speaks for a Discord locale ('fr', 'en-GB'), else the source's."""
    code = str(getattr(locale, "value", locale) or "").split("-")[0].lower()
    return code if code in languages() else SOURCE_LANGUAGE


class Words:
    """What the bot says in one language, in Discord markdown."""

    def __init__(self, language: str = SOURCE_LANGUAGE) -> None:
        self.language = language
        self._translations = translations(language)

    @classmethod
    def of(cls, locale: Any) -> Words:
        """The words for a Discord locale (a member's or a server's)."""
        return cls(language_of(locale))

    def __call__(self, message: str, **fields: Any) -> str:
        """A front-end message in this language, its fields filled in (already markdown)."""
        return self._translations.gettext(message).format(**fields)

    def gettext(self, message: str) -> str:
        """One message in this language, its fields left to fill (boards translate with it)."""
        return self._translations.gettext(message)

    def plural(self, one: str, many: str, n: int, **fields: Any) -> str:
        """A front-end message that agrees with the number n."""
        return self._translations.ngettext(one, many, n).format(n=n, **fields)

    def text(self, text: Text, limit: int | None = None) -> str:
        """A referee's text in this language; within `limit` characters, if given, by cutting
        its longest list between entries and counting those left out."""
        fields = {name: self.field(value) for name, value in text.fields}
        template = self.wording(TEMPLATES[text.code], dict(text.fields))
        out = template.format(**fields)
        if limit is None or len(out) <= limit:
            return out
        lists = [(name, v) for name, v in text.fields if isinstance(v, Listed)]
        if not lists:
            return out[: limit - 1] + "…"
        name, longest = max(lists, key=lambda field: len(fields[field[0]]))
        room = len(fields[name]) - (len(out) - limit)
        entries = [self.field(v) for v in longest.items]
        sep = "\n" if longest.lines else ", "
        fields[name] = fit_list(entries, max(room, 0), sep=sep, more=self.more())
        return template.format(**fields)[:limit]

    def more(self) -> str:
        """What stands for the entries a list leaves out ('… and {} more', {} their number)."""
        return self._translations.gettext(WORDS["more"])

    def wording(self, wording: Wording, fields: dict[str, Field]) -> str:
        """The template of a wording in this language (agreeing with the field `n`)."""
        if isinstance(wording, tuple):
            count = fields["n"]
            assert isinstance(count, int)
            return self._translations.ngettext(wording[0], wording[1], count)
        return self._translations.gettext(wording)

    def field(self, value: Field) -> str:
        """One field of a text, shown in this language."""
        if isinstance(value, Text):
            return self.text(value)
        if isinstance(value, Person):
            if value.computer or value.name == FORMER_PLAYER:
                return prose_name(self.seat_name(value.name, value.computer))
            if value.user_id is not None:
                return mention(value.user_id)
            return prose_name(value.name) if value.name else self(WORDS["a_member"])
        if isinstance(value, Listed):
            return ("\n" if value.lines else ", ").join(self.field(v) for v in value.items)
        if isinstance(value, GameRef):
            title = GAMES[value.game].title if value.game in GAMES else prose_name(value.game)
            return title if value.id is None else f"{title} #{value.id}"
        if isinstance(value, Quote):
            return f"`{clip(value.text, QUOTE_LIMIT)}`"
        if isinstance(value, RulesText):
            return self.rules_text(value)
        if isinstance(value, Seconds):
            return self.duration(value.seconds)
        if isinstance(value, PolicyName):
            known = POLICY_NAMES.get(value.name)
            return self(known) if known else prose_name(value.name)
        if isinstance(value, FormatName):
            known = FORMAT_NAMES.get(value.name)
            return self(known) if known else prose_name(value.name)
        if isinstance(value, SeasonName):
            return self.season(value.key)
        if isinstance(value, LengthName):
            return self.length(value.name)
        if isinstance(value, Day):
            return self.day(value.day)
        if isinstance(value, Options):
            return self.options(value)
        if isinstance(value, Counts):
            return self.counts(value.counts)
        if isinstance(value, Place):
            return f"<#{value.channel_id}>"
        if isinstance(value, int):
            return str(value)
        return prose_name(value)

    def rules_text(self, text: RulesText) -> str:
        """A game's own sentence in this language, its fields filled in."""
        # The rules' own text fields are shown as written: the rules clip a member's text for
        # the code span their template puts it in, where escaping would show.
        fields = {k: v if isinstance(v, str) else self.field(v) for k, v in text.fields}
        return self._translations.gettext(text.template).format(**fields)

    def phrase(self, phrase: Phrase) -> str:
        """A game's own text with no match behind it (its summary, an option's help, its
        notation) in this language."""
        return self.rules_text(rules_text(phrase))

    def level(self, level: str) -> str:
        """A computer level's name (its id where it has no wording)."""
        return self(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level

    def length(self, length: str) -> str:
        """A season length's name (escaped as written where it has no wording)."""
        known = LENGTH_NAMES.get(length)
        return self(known) if known else prose_name(length)

    def season(self, key: str) -> str:
        """A season's name: November 2026, week 48 of 2026, Q4 2026 (its key where it names
        none)."""
        season = parse_season(key)
        if season is None:
            return prose_name(key)
        if season.length == "weekly":
            return self(WORDS["week"], week=season.number, year=season.year)
        if season.length == "quarterly":
            return self(WORDS["quarter"], quarter=season.number, year=season.year)
        return format_date(season.first, MONTH, locale=self.language)

    def day(self, day: date) -> str:
        """A calendar day: 24 Nov 2026."""
        return format_date(day, DAY, locale=self.language)

    def seat_name(self, name: str, computer: bool) -> str:
        """A seat's name as shown: a computer's in this language, a member's as chosen (one
        who asked to be forgotten as a former player)."""
        if not computer:
            return self(WORDS["former_player"]) if name == FORMER_PLAYER else name
        parts = computer_parts(name)
        if parts is None:
            return name
        number, level = parts
        if number == 1:
            return self(COMPUTER, level=self.level(level))
        return self(COMPUTER_NUMBER, number=number, level=self.level(level))

    def duration(self, seconds: int) -> str:
        """A short duration such as '90 s', '15 min', '2 h' or '1 d'."""
        for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
            if seconds >= size and seconds % size == 0:
                return self(WORDS[unit], n=seconds // size)
        return self(WORDS["seconds"], n=seconds)

    def options(self, options: Options) -> str:
        """Options as `m=6, rounds=10`, or that the defaults hold."""
        if not options.items:
            return self(WORDS["defaults"])
        none = self(WORDS["none"])
        return ", ".join(f"{self.name(k)}={none if v is None else v}" for k, v in options.items)

    def name(self, word: str) -> str:
        """A command's, subcommand's or option's name as members type it in this language."""
        return translations(self.language, COMMANDS).pgettext(NAME, word)

    def command(self, *words: str) -> str:
        """A slash command as members type it in this language: `/newgame numbers-to-number`."""
        return "/" + " ".join(map(self.name, words))

    def counts(self, counts: tuple[int, ...]) -> str:
        """Allowed player counts as '2', '2 to 8' or '2, 4 or 8'."""
        if len(counts) == 1:
            return str(counts[0])
        if list(counts) == list(range(counts[0], counts[-1] + 1)):
            return self(WORDS["range"], low=counts[0], high=counts[-1])
        some = ", ".join(map(str, counts[:-1]))
        return self(WORDS["alternatives"], some=some, last=counts[-1])


ENGLISH = Words()
"""The words of the source language (logs, and readers whose language is unknown)."""
__all__ = ["ENGLISH", "N_", "Words", "language_of", "languages"]
