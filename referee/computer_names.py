"""How computer seats are named: one rule for writing the name and for reading it back."""

from __future__ import annotations

import re

COMPUTER_NAME = re.compile(r"Computer(?: (\d+))? \((\w+)\)")
"""How a computer seat is named: 'Computer (hard)', or 'Computer 2 (hard)' for the second."""


def computer_name(level: str, taken: list[str]) -> str:
    """'Computer (hard)', or 'Computer 2 (hard)' when that name is taken at the table."""
    name, number = f"Computer ({level})", 1
    while name in taken:
        number += 1
        name = f"Computer {number} ({level})"
    return name


def computer_parts(name: str) -> tuple[int, str] | None:
    """A computer seat's number at its table and level, from its name (None for any other)."""
    found = COMPUTER_NAME.fullmatch(name)
    return (int(found[1] or 1), found[2]) if found else None
