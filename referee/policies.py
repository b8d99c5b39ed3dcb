"""What happens to a player who lets a move deadline pass: the policies, declared once, which the
commands, the referee and the store read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    """A deadline policy: its name (as stored and chosen) and what it does to a late player."""

    name: str
    plays_for_them: bool
    """True: the referee plays a move for the late player; False: they leave the game."""


POLICIES = {p.name: p for p in (Policy("auto", True), Policy("forfeit", False))}
DEFAULT_POLICY = "auto"
