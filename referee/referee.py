"""The referee: runs matches for the Discord layer, one committed transaction per action."""

from __future__ import annotations

from referee.clock import ClockDesk
from referee.computers import ComputerDesk
from referee.privacy import PrivacyDesk
from referee.rematch import RematchDesk


class Referee(ClockDesk, RematchDesk, ComputerDesk, PrivacyDesk):
    """Matches without Discord: lobbies, rematches, seats, turns, sealed steps, deadlines,
    standings, computer players, and forgetting a member who asks."""
