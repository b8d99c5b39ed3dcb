"""Names and members in Discord's markdown: members as mentions, everyone else's name shown
literally."""

from __future__ import annotations

import re

from rules.base import printable

_MARKUP = re.compile(r"([\\*_~|`\[\]<@:])")
"""Characters that format, link, hide (spoilers) or mention anywhere on a line."""
_LINE_MARKUP = re.compile(r"^([#>\-+])")
"""Characters that make a heading, quote or list at the start of a line."""


def prose_name(name: str) -> str:
    """A name for Discord markdown, shown literally: no formatting, spoiler, link or mention."""
    return _LINE_MARKUP.sub(r"\\\1", _MARKUP.sub(r"\\\1", printable(name)))


def mention(user_id: int) -> str:
    """A Discord mention of a member."""
    return f"<@{user_id}>"
