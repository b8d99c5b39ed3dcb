"""The referee: runs matches for the Discord layer, one committed transaction per action."""

from __future__ import annotations

from referee.clock import ClockDesk


class Referee(ClockDesk):
    """Matches without Discord: lobbies, seats, turns, sealed steps, deadlines and standings."""
