"""The words boards write: English, marked for the gettext catalogue (`make messages`), and
translated when drawn by the reader's translate function."""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str], str]
"""A reader's translation of one marked English message (gettext's `gettext`)."""


def N_(message: str) -> str:
    """Mark a message for the catalogue; it is translated where it is drawn."""
    return message


def same(message: str) -> str:
    """The source language's translation: the message as written."""
    return message
