"""A strength run's finished batches kept in a file, one JSON line each, so that a run stopped
part way (the full run takes hours) resumes where it stopped, in another process or later."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class Journal:
    """Entries by key, read from the file at start; each new one is on disk once added."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._found: dict[str, Any] = {}
        if not path.exists():
            return
        text = path.read_text()
        if text and not text.endswith("\n"):
            # The next entry starts on a line of its own, after one cut short by a stop.
            with path.open("a") as out:
                out.write("\n")
        for number, line in enumerate(text.splitlines(), 1):
            try:
                key, entry = json.loads(line)
            except ValueError:
                # A run killed while writing leaves its last line cut: that batch plays again.
                log.warning("strength journal %s: line %d unreadable, left out", path, number)
                continue
            self._found[key] = entry

    def get(self, key: str) -> Any:
        """The entry kept under key, or None."""
        return self._found.get(key)

    def add(self, key: str, entry: Any) -> None:
        """Keep an entry (JSON data), written through to the disk before this returns."""
        self._found[key] = entry
        with self.path.open("a") as out:
            out.write(json.dumps([key, entry]) + "\n")
            out.flush()
            os.fsync(out.fileno())
