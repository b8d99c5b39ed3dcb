"""A game's state stored with its match, so that loading an open match replays none of its log."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import logging
import pickle
import sys
from pathlib import Path
from typing import Any

import rules
from referee.rows import MatchData, Snapshot
from rules.base import Game
from rules.record import Progress

log = logging.getLogger(__name__)


@functools.cache
def rules_key() -> bytes:
    """Eight bytes that change whenever the rules' code does: a snapshot holds the key of the
    code that wrote it, and one written by other code is never trusted."""
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(Path(rules.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


def take(progress: Progress, logged: int) -> Snapshot:
    """The snapshot of a progress at a step's start, reached by the first `logged` entries."""
    return Snapshot(logged, rules_key() + pickle.dumps(progress.state, pickle.HIGHEST_PROTOCOL))


class _RulesUnpickler(pickle.Unpickler):
    """Builds only the rules' own data classes: a stored snapshot can name nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        # Only modules already loaded are looked in: naming one imports nothing.
        loaded = sys.modules.get(module) if module.startswith("rules.") else None
        found = getattr(loaded, name, None)
        if not (isinstance(found, type) and dataclasses.is_dataclass(found)):
            raise pickle.UnpicklingError(f"{module}.{name}")
        return found


def restore(game: Game[Any], data: MatchData) -> Progress | None:
    """The progress at the stored snapshot with the log's later entries applied; None when
    there is no snapshot this code can trust (the caller replays the whole log)."""
    snapshot, key = data.snapshot, rules_key()
    if snapshot is None or snapshot.moves > len(data.moves) or snapshot.state[: len(key)] != key:
        return None
    try:
        state = _RulesUnpickler(io.BytesIO(snapshot.state[len(key) :])).load()
    except Exception as error:  # an unreadable snapshot costs a replay, never the match
        log.warning(
            "match %s: its snapshot cannot be read (%r); replaying its log", data.row.id, error
        )
        return None
    progress = Progress.resumed(game, state, data.moves[: snapshot.moves])
    for entry in data.moves[snapshot.moves :]:
        progress = progress.enter(entry)
    return progress
