"""What the referee says, as data: a code with its fields, never a sentence.

Each front end words a `Text` in the reader's language from its own catalogue; the people,
channels, games, moves and durations a text names are typed fields, which each front end shows
its own way (Discord as mentions and escaped names, a terminal as names).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Any, Union


class Code(Enum):
    """A message's code, declaring the names of the fields every such message carries."""

    fields: frozenset[str]

    def __new__(cls, value: str, *fields: str) -> Code:
        """A member named `value` whose messages carry exactly `fields`."""
        code = object.__new__(cls)
        code._value_ = value
        code.fields = frozenset(fields)
        return code


@dataclass(frozen=True)
class Person:
    """Someone a text names: a seat's name, and the member's id when the text calls on them
    (whose move it is, who won), so that a front end able to notify may do so."""

    name: str
    user_id: int | None = None
    computer: bool = False
    """A computer's seat: its name is the referee's own ("Computer 2 (hard)"), which a front
    end may word in its reader's language."""


@dataclass(frozen=True)
class Place:
    """A channel a text names."""

    channel_id: int


@dataclass(frozen=True)
class GameRef:
    """A match a text names: its game (a slug) and its number (none names the game alone)."""

    game: str
    id: int | None = None


@dataclass(frozen=True)
class Quote:
    """Text a member typed (a move) or a game's notation, shown as typed."""

    text: str


@dataclass(frozen=True)
class Seconds:
    """A duration."""

    seconds: int


@dataclass(frozen=True)
class PolicyName:
    """A timeout policy by its name in the registry (`referee.policies`): a front end words it."""

    name: str


@dataclass(frozen=True)
class FormatName:
    """A tournament's format by its name in the registry (`referee.pairings`): a front end
    words it."""

    name: str


@dataclass(frozen=True)
class SeasonName:
    """A season by its key (`referee.seasons`: '2026-11'): a front end names it in words."""

    key: str


@dataclass(frozen=True)
class LengthName:
    """A season length by its name in the registry (`referee.seasons`): a front end words it."""

    name: str


@dataclass(frozen=True)
class Day:
    """A calendar day (UTC)."""

    day: date


@dataclass(frozen=True)
class Options:
    """A match's options, as name and value pairs."""

    items: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Options:
        """The options of a mapping, in its order."""
        return cls(tuple(options.items()))


@dataclass(frozen=True)
class Counts:
    """The numbers of players a match may start with."""

    counts: tuple[int, ...]


@dataclass(frozen=True)
class RulesText:
    """A game's own sentence (a step, a prompt, why a move is refused): its English template
    and the fields that fill it, seats named as people. Its text fields are the rules' own,
    shown as written (the rules clip a member's text for the code span their template puts it
    in)."""

    template: str
    fields: tuple[tuple[str, Field], ...] = ()


Field = Union[
    str,
    int,
    Person,
    Place,
    GameRef,
    Quote,
    Seconds,
    PolicyName,
    FormatName,
    SeasonName,
    LengthName,
    Day,
    Options,
    Counts,
    RulesText,
    "Text",
    "Listed",
]


@dataclass(frozen=True)
class Listed:
    """Several fields shown as one list (one a line, for `lines`)."""

    items: tuple[Field, ...]
    lines: bool = False

    @classmethod
    def of(cls, items: Iterable[Field], lines: bool = False) -> Listed:
        """A list of these fields."""
        return cls(tuple(items), lines)


@dataclass(frozen=True)
class Text:
    """A message as data: its code and the fields its wording fills in."""

    code: Code
    fields: tuple[tuple[str, Field], ...] = ()

    def __post_init__(self) -> None:
        given = {name for name, _ in self.fields}
        if given != self.code.fields:
            raise TypeError(f"{self.code} takes {sorted(self.code.fields)}, not {sorted(given)}")

    def field(self, name: str) -> Field:
        """One field's value."""
        return dict(self.fields)[name]

    def __str__(self) -> str:
        """The code and its fields, for logs."""
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields)
        return f"{self.code.value}({inner})"


def say(code: Code, **fields: Field) -> Text:
    """A message with this code and these fields."""
    return Text(code, tuple(sorted(fields.items())))


def leaves(value: Field) -> Iterator[Field]:
    """Every field a text holds, its texts, lists and the rules' accounts opened up."""
    if isinstance(value, Text):
        for _, field in value.fields:
            yield from leaves(field)
    elif isinstance(value, Listed):
        for item in value.items:
            yield from leaves(item)
    elif isinstance(value, RulesText):
        for _, field in value.fields:
            yield from leaves(field)
    else:
        yield value


def codes(text: Text) -> Iterator[Code]:
    """A text's code and those of the texts it holds."""
    yield text.code
    for _, field in text.fields:
        if isinstance(field, Text):
            yield from codes(field)
        elif isinstance(field, Listed):
            for item in field.items:
                if isinstance(item, Text):
                    yield from codes(item)
