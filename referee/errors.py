"""Errors a member caused: the message says what was wrong and what is allowed."""

from __future__ import annotations

from referee.notices import Said, plain


class RefereeError(Exception):
    """A refused action; nothing changed, and the message (`said`) is meant for the member."""

    def __init__(self, said: Said) -> None:
        super().__init__(plain(said))
        self.said = said
