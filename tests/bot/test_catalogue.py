"""Every code the referee or the front end says has a wording, and every language says each
message (the front end's and the games' phrases) with the same placeholders as English."""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import cogs.speech
from cogs.catalogue import TEMPLATES, Ask, Wording
from cogs.speech import ENGLISH, LOCALES, SOURCE_LANGUAGE, Words, languages
from referee import codes
from referee.speech import GameRef, Listed, Person, RulesText, say

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"N_": None, "NP_": (1, 2), "Phrase": None}
SOURCES = tuple(
    line.removeprefix("[python: ").split("/")[0]
    for line in (ROOT / "babel.cfg").read_text(encoding="utf-8").splitlines()
    if line.startswith("[python: ")
)
"""Where `make messages` finds marked messages (babel.cfg): the front end's words, the boards'
and the games' phrases."""
ALL_CODES = [
    c for kind in (codes.Refusal, codes.Reply, codes.Cancel, codes.Line, Ask) for c in kind
]


def placeholders(message: str) -> set[str]:
    """The names a message fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def forms(wording: Wording) -> tuple[str, ...]:
    """A wording's message, or its singular and plural."""
    return wording if isinstance(wording, tuple) else (wording,)


def extracted() -> dict[str, tuple[str, ...]]:
    """The messages as the catalogues' extraction finds them in the source."""
    found: dict[str, tuple[str, ...]] = {}
    for folder in SOURCES:
        for _, _, message, _, _ in extract_from_dir(
            str(ROOT / folder), keywords=KEYWORDS, comment_tags=()
        ):
            message = message if isinstance(message, tuple) else (message,)
            found[message[0]] = message
    return found


def catalogue(language: str) -> dict[str, tuple[str, ...]]:
    """A language's translations by English message (each plural form for a plural)."""
    path = LOCALES / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        read = read_po(f, locale=language)
    out: dict[str, tuple[str, ...]] = {}
    for message in read:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        found = message.string
        strings = found if isinstance(found, (tuple, list)) else (found,)
        out[str(ids[0])] = tuple(str(s or "") for s in strings)
    return out


def test_every_code_has_a_wording_with_its_fields() -> None:
    """Each code is worded, with exactly the fields it declares (a plural agrees with `n`)."""
    assert set(TEMPLATES) == set(ALL_CODES)
    for code in ALL_CODES:
        wording = TEMPLATES[code]
        used = set().union(*(placeholders(m) for m in forms(wording)))
        if isinstance(wording, tuple):
            assert "n" in code.fields, code
            used.add("n")
        assert used == set(code.fields), (code, used, code.fields)


def test_every_message_is_extracted() -> None:
    """What is worded is what the catalogues hold: the template is up to date with the source
    (`make messages` writes it)."""
    found = extracted()
    assert all(m[0] in found for w in TEMPLATES.values() for m in [forms(w)])
    with (LOCALES / "messages.pot").open("rb") as f:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    assert template == set(found), (set(found) - template, template - set(found))


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != SOURCE_LANGUAGE])
def test_a_language_says_every_message_with_the_same_placeholders(language: str) -> None:
    """A language's catalogue translates every message, keeping its placeholders."""
    translated = catalogue(language)
    for english, source in extracted().items():
        assert english in translated, (language, english)
        for form in translated[english]:
            assert form, (language, english)
            expected = set().union(*(placeholders(m) for m in source))
            assert placeholders(form) <= expected | {"n"}, (language, english, form)
            assert placeholders(form) >= expected - {"n"}, (language, english, form)


def test_english_words_a_text_with_its_fields() -> None:
    """English needs no catalogue; fields are shown the Discord way: a game by its title and
    number, a member as a mention, a name escaped, a plural agreeing with its number."""
    assert languages()[0] == SOURCE_LANGUAGE == "en"
    full = say(codes.Refusal.FULL, game=GameRef("numbers-to-number", 3), players=4)
    assert ENGLISH.text(full) == "Numbers To Number #3 is full (4 players)."
    one = Listed.of([Person("**Bot**")])
    two = Listed.of([Person("a"), Person("b", 7)])
    assert ENGLISH.text(say(codes.Line.THINKING, players=one, n=1)) == r"\*\*Bot\*\* is thinking."
    assert ENGLISH.text(say(codes.Line.THINKING, players=two, n=2)) == "a, <@7> are thinking."


PIRATE = {
    "{a} played `{move}`: {gain}; {seats}.": "{gain}, arr: {a} be playin' `{move}` ({seats}).",
    "both +{points}": "both o' ye +{points}",
}
"""A made-up language's translations of two of the games' phrases."""


class Pirate(gettext.NullTranslations):
    """The made-up language."""

    def gettext(self, message: str) -> str:
        return PIRATE.get(message, message)


def test_a_games_sentence_is_worded_from_its_template(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's sentence is its template in the reader's language with its fields shown: people
    escaped or called, lists and inner sentences worded, the rules' own text as written (in a
    code span, escaping would show)."""
    gain = RulesText("both +{points}", (("points", 2),))
    seats = Listed.of([Person("b", 7), 3])
    fields = (("a", Person("**x**")), ("gain", gain), ("move", "0_1"), ("seats", seats))
    text = RulesText("{a} played `{move}`: {gain}; {seats}.", fields)
    assert ENGLISH.field(text) == r"\*\*x\*\* played `0_1`: both +2; <@7>, 3."
    monkeypatch.setattr(cogs.speech, "translations", lambda language: Pirate())
    pirate = Words("xx")
    assert pirate.field(text) == r"both o' ye +2, arr: \*\*x\*\* be playin' `0_1` (<@7>, 3)."
