"""The seven games, pure and synchronous: the registry by slug."""

from __future__ import annotations

from typing import Any

from rules import numbers_to_number, numerical_cards
from rules.base import Game

GAMES: dict[str, Game[Any]] = {
    module.GAME.slug: module.GAME
    for module in (
        numbers_to_number,
        numerical_cards,
    )
}
"""Every game by slug, in the order they are listed to players."""
