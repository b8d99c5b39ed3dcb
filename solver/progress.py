"""Progress of a long run on stderr: a bar on a terminal, else a line per finished part."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rules.integer_sequence_scoring import Order
from solver.search import Part


def duration(seconds: float) -> str:
    """A duration for people: 42s, 3m05s, 2h07m."""
    s = int(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class Progress:
    """Tells how a run goes: its phases, then each finished part with the time left."""

    def __init__(self, stream: TextIO | None = None, bar: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.bar = self.stream.isatty() if bar is None else bar
        self.start = time.perf_counter()
        self.parts_start = self.start
        self.first_done: int | None = None

    def phase(self, text: str) -> None:
        """A new phase of the run."""
        self._line(f"{duration(time.perf_counter() - self.start)} {text}")
        self.parts_start, self.first_done = time.perf_counter(), None

    def part(self, part: Part, best: int, order: Order, done: int, total: int) -> None:
        """A part finished: done of total, with an estimate from this run's pace."""
        now = time.perf_counter()
        if self.first_done is None:  # the pace counts only the parts of this run
            self.first_done = done - 1
        finished = done - self.first_done
        left = (now - self.parts_start) / finished * (total - done)
        text = f"{done}/{total} parts, best {best}, about {duration(left)} left"
        if self.bar:
            width = 30
            filled = width * done // max(1, total)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {text}   ")
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
        else:
            self._line(f"{duration(now - self.start)} part {list(part)} done: {text}")

    def _line(self, text: str) -> None:
        if self.bar:
            self.stream.write("\r")
        self.stream.write(text + "\n")
        self.stream.flush()
