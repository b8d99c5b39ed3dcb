"""The moves and restart figures again, with the bot's store on PostgreSQL.

Moves against the floor (the same bare transaction, on the same PostgreSQL database, through the
same engine) with a few games open; moves with 1,000 games open, copied in with `db copy` from
a SQLite database filled with the bulk helpers; and a new bot process starting on 10,000 open
games, filled the same way and copied in.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.moves import MovesResult, fill, run_moves
from bench.pg_server import BenchServer
from bench.restart import prepare, start_bot_process
from bench.sizes import Sizes
from db.copies import open_ids
from db.copy import copy_database
from rules import GAMES

log = logging.getLogger(__name__)

FEW_OPEN = 10
"""Games open while the ratio is measured, as for SQLite."""


@dataclass
class Copy:
    """A `db copy` into PostgreSQL: rows and seconds."""

    rows: int
    seconds: float


@dataclass
class PostgresResult:
    """The ratio run, the run with many games open, and the restart."""

    settings: dict[str, str]
    few: MovesResult
    many: MovesResult
    many_copy: Copy
    restart_games: int
    restart_copy: Copy
    start: dict[str, Any]


def copy_in(source: Path, url: str) -> Copy:
    """`python -m db copy SOURCE URL`, as an operator moving the bot would run it."""
    copied = copy_database(str(source), url)
    log.info("postgres: copied %s rows in %.2f s", copied.total, copied.seconds)
    return Copy(copied.total, copied.seconds)


def run_postgres(
    server: BenchServer, sizes: Sizes, workdir: Path, profile: Path | None, seed: int = 5
) -> PostgresResult:
    """The three measurements, each on a new database of the server."""
    few_moves, many_moves = sizes.pg_moves
    many_open = sizes.open_games[-1]
    log.info("postgres: moves against the floor, %s games open", FEW_OPEN)
    few = asyncio.run(
        run_moves(
            workdir,
            [FEW_OPEN],
            [few_moves],
            sizes.api_games,
            seed,
            target=server.new_database("moves"),
        )
    )
    # The lanes open their own games: the filled database holds the rest.
    filled = asyncio.run(
        fill(workdir / "pg-source.sqlite3", many_open - len(GAMES), sizes.api_games, seed)
    )
    many_url = server.new_database("many")
    many_copy = copy_in(Path(filled.database), many_url)
    log.info("postgres: moves with %s games open", many_open)
    many = asyncio.run(
        run_moves(
            workdir,
            [many_open],
            [many_moves],
            sizes.api_games,
            seed,
            target=many_url,
            background=filled.background,
        )
    )
    database, targets = prepare(filled, workdir / "pg-restart.sqlite3", sizes.restart_games, seed)
    games = len(open_ids(database))
    restart_url = server.new_database("restart")
    restart_copy = copy_in(database, restart_url)
    log.info("postgres: a new bot process on %s open games", games)
    start = start_bot_process(filled, restart_url, targets, workdir, profile, seed)
    return PostgresResult(server.settings(), few, many, many_copy, games, restart_copy, start)
