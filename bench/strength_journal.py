"""A strength run's finished batches kept in a file, one JSON line each, so that a run stopped
part way (the full run takes hours) resumes where it stopped, in another process or later.

`python -m bench.strength_journal prune FILE --max-load L` drops the batches played at a load
average above L, so that the next run given FILE plays them again."""

from __future__ import annotations

import argparse
import json
import logging
import os
from collections.abc import Sequence
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

    def __len__(self) -> int:
        """How many entries are kept."""
        return len(self._found)

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


def prune(path: Path, max_load: float) -> tuple[int, int]:
    """Drop the batches played at a load average above max_load (other work on the machine cut
    the levels' time-capped searches short), and unreadable lines; (kept, dropped)."""
    kept: list[str] = []
    dropped = 0
    for line in path.read_text().splitlines():
        try:
            _, entry = json.loads(line)
            load = float(entry["load"])
        except (ValueError, TypeError, KeyError):
            dropped += 1
            continue
        if load > max_load:
            dropped += 1
        else:
            kept.append(line)
    # Written aside and moved over the journal: a stop meanwhile leaves one or the other whole.
    fresh = path.with_name(path.name + ".pruned")
    with fresh.open("w") as out:
        out.write("".join(line + "\n" for line in kept))
        out.flush()
        os.fsync(out.fileno())
    os.replace(fresh, path)
    return len(kept), dropped


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: prune a journal."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.strength_journal", description="Tend a strength run's journal."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    pruning = commands.add_parser(
        "prune", help="drop the batches played at a load average above --max-load"
    )
    pruning.add_argument("journal", type=Path)
    pruning.add_argument("--max-load", type=float, required=True)
    args = parser.parse_args(argv)
    kept, dropped = prune(args.journal, args.max_load)
    print(
        f"{args.journal}: {kept} batches kept, {dropped} dropped "
        f"(played above a load average of {args.max_load:g}, or unreadable)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
