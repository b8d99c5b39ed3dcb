"""Errors a member caused: a code and its fields say what was wrong and what is allowed."""

from __future__ import annotations

from referee.speech import Code, Field, Text, say


class RefereeError(Exception):
    """A refused action; nothing changed, and `text` says why, for the member."""

    def __init__(self, code: Code, **fields: Field) -> None:
        self.text: Text = say(code, **fields)
        super().__init__(str(self.text))

    @property
    def code(self) -> Code:
        """Why it was refused."""
        return self.text.code
