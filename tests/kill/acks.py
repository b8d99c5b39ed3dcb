"""The log a kill-test player keeps of the moves the bot acknowledged, one line per move."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple


class Ack(NamedTuple):
    """A move the bot confirmed: the match, the step the player saw, the seat and the move."""

    match_id: int
    step: int
    seat: int
    move: str

    def line(self) -> str:
        """The line of the log, e.g. `3 7 1 b2`."""
        return f"{self.match_id} {self.step} {self.seat} {self.move}"

    @classmethod
    def parse(cls, line: str) -> Ack:
        """An ack from its line."""
        match_id, step, seat, move = line.split(" ", 3)
        return cls(int(match_id), int(step), int(seat), move)


def log_ack(path: Path, ack: Ack) -> None:
    """Append one acknowledged move to the log, durably, before going on."""
    with path.open("a", encoding="utf-8") as f:
        f.write(ack.line() + "\n")
        f.flush()
        os.fsync(f.fileno())


def read_acks(*paths: Path) -> list[Ack]:
    """Every ack in these logs (a log never written is empty)."""
    acks = []
    for path in paths:
        if path.exists():
            acks += [Ack.parse(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return acks
