"""The referee: runs matches for the Discord layer, one committed transaction per action."""

from __future__ import annotations

from referee.clock import ClockDesk
from referee.computers import ComputerDesk
from referee.privacy import PrivacyDesk


class Referee(ClockDesk, ComputerDesk, PrivacyDesk):
    """Matches without Discord: lobbies, seats, turns, sealed steps, deadlines, standings,
    computer players, and forgetting a member who asks."""
