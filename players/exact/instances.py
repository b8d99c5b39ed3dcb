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
"""(game slug, options) of each solved size: each solves within about a minute and stays within
the position limit while games on it are judged. They are kept as they were chosen, before the
solver's windows, so judged figures compare from run to run: the next sizes up of Arcs And
Marks (m = 10) and Lengths Of Lengths Of Lengths (n = 20) now solve in about a second, and
whether judging them stays within the limit is not measured; An Integer Sequence Game at
n = 10 outgrew it when judged."""
