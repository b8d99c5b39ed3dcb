"""The marks that put a message in the catalogues (`make messages` extracts their arguments)."""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark a message for the catalogues; it is translated where it is shown."""
    return message


def NP_(one: str, many: str) -> tuple[str, str]:
    """Mark a message and its plural for the catalogues."""
    return one, many
