"""The seven games, pure and synchronous: the registry by slug."""

from __future__ import annotations

from typing import Any

from rules import labyrinthine_loop, lengths_of_lengths, numbers_to_number, numerical_cards
from rules.base import Game

GAMES: dict[str, Game[Any]] = {
    module.GAME.slug: module.GAME
    for module in (
        numbers_to_number,
        numerical_cards,
        lengths_of_lengths,
        labyrinthine_loop,
    )
}
"""Every game by slug, in the order they are listed to players."""
