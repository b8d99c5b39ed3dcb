"""Boards drawn from a viewer's view, never from a state: text and pictures of every game; no
discord."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures import picture
from rules import GAMES

__all__ = ["picture", "text"]


def text(game: str, view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The ASCII board of a game's view, for a code block (the rules draw it)."""
    return GAMES[game].render_view(view, names)
