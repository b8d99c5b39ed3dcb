"""What the rules say is phrases a front end can word: in random games of every game, each
phrase fills exactly its template's places, with numbers, texts, seats of the game, phrases or
lists of these, and reads in English with no place or seat marker left over."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from rules import GAMES
from rules.base import BadOption, Game, IllegalMove, Phrase, PhraseField, SeatRef
from rules.record import Progress

SEEDS = 3
STEPS = 400
"""Steps played of each game; long settings are cut short (the phrases repeat by then)."""
TYPED = ("", " ", "x", "-1", "0", "1.5", "999999", "drop", "a1 a1", "z9 z8", "1@", "2@99", "`*_")
LEFT_OVER = re.compile(r"\{[A-Za-z_]\w*\}|\x00")
"""A place no field filled, or a seat marker."""


def placeholders(template: str) -> set[str]:
    """The names a template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def check_field(value: PhraseField, players: int) -> None:
    """A field is a number, a text, a seat of this game, a phrase or a list of these."""
    if isinstance(value, tuple):
        for item in value:
            check_field(item, players)
    elif isinstance(value, Phrase):
        check_phrase(value, players)
    elif isinstance(value, SeatRef):
        assert 0 <= value.seat < players, value
    else:
        assert isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def check_phrase(phrase: Phrase, players: int) -> None:
    """Its fields are exactly its template's places, each of a kind a front end shows."""
    assert isinstance(phrase, Phrase), phrase
    assert placeholders(phrase.template) == {name for name, _ in phrase.fields}, phrase
    for _, value in phrase.fields:
        check_field(value, players)
    for names in (None, [f"player{i}" for i in range(players)]):
        english = phrase.english(names)
        assert english and not LEFT_OVER.search(english), (phrase, english)


def option_refusals(game: Game[Any], players: int) -> Iterator[Phrase]:
    """The reasons options are refused: out of bounds, of the wrong type, unknown, too many or
    too few players."""
    tries: list[tuple[int, dict[str, Any]]] = [(game.max_players + 1, {}), (0, {})]
    tries += [(players, {"no_such_option": 1})]
    for opt in game.options:
        tries += [(players, {opt.name: v}) for v in (opt.low - 1, opt.high + 1, "7", None)]
        tries += [(players, {opt.name: v}) for v in range(opt.low, min(opt.high, opt.low + 7))]
    for count, given in tries:
        try:
            game.settle_options(count, given)
        except BadOption as e:
            yield e.phrase


def phrases_of_a_game(game: Game[Any], players: int, seed: int) -> Iterator[Phrase]:
    """Every phrase a random game says: notation, prompts, refusals and accounts of steps."""
    rng = random.Random(seed)
    yield game.notation
    yield from option_refusals(game, players)
    progress = Progress.begin(game, players, {})
    for _ in range(STEPS):
        if progress.is_over():
            break
        before, moves = progress.state, {}
        for seat in sorted(game.to_move(before)):
            yield game.prompt(before, seat)
            for text in (
                *TYPED,
                str(rng.randint(0, 70)),
                f"{rng.randint(0, 9)}@{rng.randint(0, 60)}",
            ):
                try:
                    game.parse(before, seat, text)
                except IllegalMove as e:
                    yield e.phrase
            moves[seat] = game.sample(before, seat, rng)
            progress = progress.submit(seat, moves[seat])
        yield from game.describe(before, moves, progress.state)
    for seat in range(players):
        try:
            progress.check(seat, "1")
        except IllegalMove as e:
            yield e.phrase


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_phrase_fills_its_template(slug: str) -> None:
    """Each phrase of random games at the smallest and largest tables fills its places."""
    game = GAMES[slug]
    for players in sorted({game.min_players, 2 if game.max_players > 1 else 1, game.max_players}):
        for seed in range(SEEDS):
            said = list(phrases_of_a_game(game, players, seed))
            assert len(said) > 10
            for phrase in said:
                check_phrase(phrase, players)


def test_an_illegal_move_reads_as_its_phrase() -> None:
    """A refusal's str() is its phrase's English, and plain text is kept as written."""
    error = IllegalMove(Phrase("{a} and {b}", a=SeatRef(1), b=(1, "x")))
    assert str(error) == "P2 and 1, x" and error.phrase.fields[1] == ("b", (1, "x"))
    plain = IllegalMove("Not {now}.")
    assert str(plain) == "Not {now}." and plain.phrase.english() == "Not {now}."
