"""Restart: a new bot process on a database of N open games, and memory per open game."""

from __future__ import annotations

import json
import logging
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.child import run_json
from bench.moves import MovesResult
from db.copies import clone_games, open_ids

log = logging.getLogger(__name__)


@dataclass
class RestartResult:
    """What the new process reported, and the memory child's figures."""

    games: int
    start: dict[str, Any]
    memory: dict[str, Any]


def prepare(moves: MovesResult, database: Path, target: int, seed: int) -> tuple[Path, list[int]]:
    """Copy the moves database to `database`, with `target` games open; two games to move in."""
    for suffix in ("", "-wal"):
        source = Path(f"{moves.database}{suffix}")
        if source.exists():
            shutil.copy(source, f"{database}{suffix}")
    now_open = set(open_ids(database))
    templates = [i for i in moves.background if i in now_open]
    clones = clone_games(database, templates, target - len(now_open))
    rng = random.Random(seed)
    movable = templates + clones
    return database, rng.sample(movable, 2)


def start_bot_process(
    moves: MovesResult,
    database: str,
    targets: list[int],
    workdir: Path,
    profile: Path | None,
    seed: int,
) -> dict[str, Any]:
    """What a new bot process on `database` reports of its start (bench.restart_child)."""
    plan = {
        **moves.world,
        "database": database,
        "moves": targets,
        "seed": seed,
        "profile": str(profile) if profile else None,
        "spawned_at": time.time(),
    }
    plan_path = workdir / "restart-plan.json"
    plan_path.write_text(json.dumps(plan))
    return run_json("bench.restart_child", str(plan_path), timeout=900)


def run_restart(
    moves: MovesResult, workdir: Path, target: int, profile: Path | None, seed: int = 3
) -> RestartResult:
    """Start a new bot process on `target` open games; then measure memory per game."""
    database, targets = prepare(moves, workdir / "restart.sqlite3", target, seed)
    games = len(open_ids(database))
    log.info("restart: a new bot process on %s open games", games)
    start = start_bot_process(moves, str(database), targets, workdir, profile, seed)
    log.info("memory: loading %s open games into a fresh referee", games)
    memory = run_json("bench.memory_child", str(database), timeout=900)
    return RestartResult(games, start, memory)
