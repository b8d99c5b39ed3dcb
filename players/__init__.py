"""Computer players for every game, through the rules contract: pure and seeded."""

from __future__ import annotations

from players.levels import LEVELS, Level, choose, decide
from players.request import Request, think

__all__ = ["LEVELS", "Level", "Request", "choose", "decide", "think"]
