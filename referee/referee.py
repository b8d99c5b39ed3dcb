"""The referee: runs matches for the Discord layer, one committed transaction per action."""

from __future__ import annotations

from referee.clock import ClockDesk
from referee.privacy import PrivacyDesk


class Referee(ClockDesk, PrivacyDesk):
    """Matches without Discord: lobbies, seats, turns, sealed steps, deadlines, standings, and
    forgetting a member who asks."""
