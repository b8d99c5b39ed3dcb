"""Boards drawn from a viewer's view, never from a state: text and pictures of every game; no
discord."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boards.pictures import picture
from boards.result import finished, said
from boards.words import Translate, same
from rules import GAMES
from rules.base import BOARD_LIMIT
from rules.placements import Result

__all__ = ["picture", "text"]


def text(
    game: str,
    view: Mapping[str, Any],
    names: Sequence[str],
    result: Result | None = None,
    t: Translate = same,
) -> str:
    """The ASCII board of a game's view, for a code block (the rules draw it, in the words of
    `t`); a finished game's starts with its result and shows nobody to move."""
    board = GAMES[game].render_view(finished(game, view, result), names, t)
    if result is None:
        return board
    out = f"{said(result, names, t)}\n{board}"
    return out if len(out) <= BOARD_LIMIT else out[: BOARD_LIMIT - 2] + "\n…"
