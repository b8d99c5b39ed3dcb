"""Board pictures: a PNG of a game's board, drawn from one viewer's view and nothing else."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boards.pictures import (
    arcs_and_marks,
    binary_scramble,
    integer_sequence,
    labyrinthine_loop,
    lengths_of_lengths,
    numbers_to_number,
    numerical_cards,
)
from boards.result import finished, said
from boards.words import Translate, same
from rules.placements import Result

Drawer = Callable[[Mapping[str, Any], Sequence[str], str | None, Translate], bytes]
"""A game's picture of a view, with the seats' names, the result of a finished game in words,
and the reader's translation of the words drawn."""

DRAWERS: dict[str, Drawer] = {
    "numbers-to-number": numbers_to_number.draw,
    "numerical-cards": numerical_cards.draw,
    "lengths-of-lengths": lengths_of_lengths.draw,
    "binary-scramble": binary_scramble.draw,
    "labyrinthine-loop": labyrinthine_loop.draw,
    "integer-sequence": integer_sequence.draw,
    "arcs-and-marks": arcs_and_marks.draw,
}
"""The picture of each game, by slug."""


def picture(
    game: str,
    view: Mapping[str, Any],
    names: Sequence[str],
    result: Result | None = None,
    t: Translate = same,
) -> bytes:
    """A PNG of a game's board as `view` (from `Game.view`) shows it, with the seats' names;
    a finished game's names its result and shows nobody to move."""
    try:
        draw = DRAWERS[game]
    except KeyError:
        raise ValueError(f"no picture for the game {game!r}") from None
    line = None if result is None else said(result, names, t)
    return draw(finished(game, view, result), names, line, t)
