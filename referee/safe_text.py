"""Names members chose, made harmless for each place they are shown.

A name is cleaned once when the referee receives it (`clean_name`), then shown in one of two
forms: `board_name` inside code blocks and code spans, `prose_name` in Discord markdown.
"""

from __future__ import annotations

import re

from rules.base import clip, printable

NAME_LIMIT = 32
"""The longest name the referee keeps (Discord's own limit for a nickname)."""
BOARD_NAME_WIDTH = 12
"""The widest a name is drawn on a board, so that board columns stay aligned."""
FALLBACK_NAME = "player"
"""The name of a member whose name has nothing visible left."""

_MARKUP = re.compile(r"([\\*_~|`\[\]<@:])")
"""Characters that format, link, hide (spoilers) or mention anywhere on a line."""
_LINE_MARKUP = re.compile(r"^([#>\-+])")
"""Characters that make a heading, quote or list at the start of a line."""


def clean_name(name: str) -> str:
    """A display name as the referee keeps it: one line, nothing hidden, at most NAME_LIMIT."""
    return printable(name)[:NAME_LIMIT].rstrip() or FALLBACK_NAME


def board_name(name: str, width: int = BOARD_NAME_WIDTH) -> str:
    """A name for a code block or code span: no backtick, at most `width` characters."""
    return clip(name, width)


def prose_name(name: str) -> str:
    """A name for Discord markdown, shown literally: no formatting, spoiler, link or mention."""
    return _LINE_MARKUP.sub(r"\\\1", _MARKUP.sub(r"\\\1", printable(name)))
