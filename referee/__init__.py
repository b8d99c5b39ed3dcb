"""Matches without Discord: seats, turns, sealed steps, results; emits what to say to whom."""

from referee.errors import RefereeError
from referee.referee import Referee

__all__ = ["Referee", "RefereeError"]
