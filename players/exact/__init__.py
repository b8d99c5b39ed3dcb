"""Perfect play at sizes small enough to solve: the ground truth the levels are measured by."""

from __future__ import annotations

from players.exact.instances import INSTANCES
from players.exact.solver import POSITION_LIMIT, Solver, TooLarge

__all__ = ["INSTANCES", "POSITION_LIMIT", "Solver", "TooLarge"]
