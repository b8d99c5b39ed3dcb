"""Errors a member caused: the message says what was wrong and what is allowed."""


class RefereeError(Exception):
    """A refused action; nothing changed, and the message is meant for the member."""
