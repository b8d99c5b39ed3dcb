"""Names members chose, made harmless for each place they are shown.

A name is cleaned once when the referee receives it (`clean_name`), then drawn on boards as
`board_name`; each front end shows it in prose its own way (Discord: `cogs.words.prose_name`).
"""

from __future__ import annotations

from rules.base import clip, printable

NAME_LIMIT = 32
"""The longest name the referee keeps (Discord's own limit for a nickname)."""
BOARD_NAME_WIDTH = 12
"""The widest a name is drawn on a board, so that board columns stay aligned."""
FALLBACK_NAME = "player"
"""The name of a member whose name has nothing visible left."""


def clean_name(name: str) -> str:
    """A display name as the referee keeps it: one line, nothing hidden, at most NAME_LIMIT."""
    return printable(name)[:NAME_LIMIT].rstrip() or FALLBACK_NAME


def board_name(name: str, width: int = BOARD_NAME_WIDTH) -> str:
    """A name for a code block or code span: no backtick, at most `width` characters."""
    return clip(name, width)
