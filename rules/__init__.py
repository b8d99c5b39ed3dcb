"""The seven games, pure and synchronous: the registry by slug."""

from __future__ import annotations

from typing import Any

from rules import (
    arcs_and_marks,
    binary_scramble,
    integer_sequence,
    labyrinthine_loop,
    lengths_of_lengths,
    numbers_to_number,
    numerical_cards,
)
from rules.base import Game

GAMES: dict[str, Game[Any]] = {
    module.GAME.slug: module.GAME
    for module in (
        numbers_to_number,
        numerical_cards,
        lengths_of_lengths,
        binary_scramble,
        labyrinthine_loop,
        integer_sequence,
        arcs_and_marks,
    )
}
"""Every game by slug, in the order they are listed to players."""
