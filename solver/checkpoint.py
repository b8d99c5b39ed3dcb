"""The checkpoint of a long run: the finished parts and the best game found so far."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.integer_sequence_scoring import Order
from solver.search import Part


class CheckpointError(ValueError):
    """The checkpoint file cannot be used for this run."""


@dataclass
class Checkpoint:
    """What a stopped run had proven: each finished part holds no game above `best`."""

    n: int
    best: int = 0
    order: Order = ()
    done: set[Part] = field(default_factory=set)
    parts: int = 0
    seconds: float = 0.0
    """Time spent by the earlier runs."""
    memo: dict[str, Any] | None = None
    """What the collections on the smaller sets proved (Search.memo), to skip them."""

    def save(self, path: Path) -> None:
        """Write the file whole (a temporary file renamed over it)."""
        data = {
            "n": self.n,
            "best": self.best,
            "order": list(self.order),
            "done": sorted(list(p) for p in self.done),
            "parts": self.parts,
            "seconds": round(self.seconds, 1),
            "memo": self.memo,
        }
        temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temp.write_text(json.dumps(data) + "\n", encoding="utf-8")
        os.replace(temp, path)


def load(path: Path, n: int) -> Checkpoint:
    """The checkpoint in the file, for a run on 1..n."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found = Checkpoint(
            int(data["n"]),
            int(data["best"]),
            tuple(int(x) for x in data["order"]),
            {tuple(int(x) for x in p) for p in data["done"]},
            int(data["parts"]),
            float(data["seconds"]),
            data.get("memo"),
        )
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CheckpointError(f"cannot read the checkpoint {path}: {e}") from e
    if found.n != n:
        raise CheckpointError(f"the checkpoint {path} is for n = {found.n}, not {n}")
    return found
