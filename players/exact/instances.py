"""The game sizes small enough to solve exactly with two players."""

from __future__ import annotations

from typing import Any

INSTANCES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("numbers-to-number", {"m": 3, "rounds": 2}),
    ("numerical-cards", {"m": 6}),
    ("lengths-of-lengths", {"n": 18, "rounds": 1}),
    ("binary-scramble", {"length": 6, "target": 2}),
    ("labyrinthine-loop", {"n": 3, "rounds": 1}),
    ("integer-sequence", {"n": 8}),
    ("arcs-and-marks", {"m": 8, "rounds": 2}),
)
"""(game slug, options) of each solved size: the largest that solve within about a minute and
stay within the position limit while games on them are judged (Arcs And Marks at m = 10 and
An Integer Sequence Game at n = 10 do not)."""
