"""Each computer decision searched once, with two bot processes racing to search every one.

Games of one member against a computer are opened on a new database; both processes watch all
of them and ask for the computer's move whenever one is awaited, while each plays its own
members' moves (bench.claims_child). Afterwards the searches the processes report are set
against the computer moves the games' logs hold: with the database's claims, one each.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.pg_server import BenchServer
from bench.processes import logged_moves, migrate, reports_of, spawn, start_together, stop_all
from db import open_store
from referee import Referee
from rules import GAMES

log = logging.getLogger(__name__)

PROCESSES = 2
LEVEL = "hard"
"""The computers' level: its searches take long enough for the other process to ask meanwhile."""
GAMES_PER_KIND = 2
GUILD = 300
FIRST_MEMBER = 8_000_000


@dataclass
class ClaimsResult:
    """What the processes searched, against the computer moves the games' logs hold."""

    processes: int
    games: int
    seconds: float
    decisions: int
    """Computer moves in the games' logs."""
    searched: int
    """Searches the processes ran (each decision they were told of, however it ended)."""
    asked: int
    """Times the processes asked for a computer's move (a claim lost answers nothing)."""

    @property
    def per_decision(self) -> float:
        """Searches per computer move: 1 when each decision is searched once."""
        return self.searched / self.decisions if self.decisions else float("nan")


async def open_games(url: str) -> tuple[dict[int, int], set[tuple[int, int]]]:
    """The computer games, each with its member ({match id: member id}), and the (match, seat)
    of every computer in them."""
    store = await open_store(url)
    referee = Referee(store)
    games: dict[int, int] = {}
    computers: set[tuple[int, int]] = set()
    try:
        for number, slug in enumerate(s for s in GAMES for _ in range(GAMES_PER_KIND)):
            member = FIRST_MEMBER + number
            out = await referee.new_match(
                GUILD, GUILD * 1000 + number, member, f"m{member}", slug, {}, computer=LEVEL
            )
            match = await referee.get(out.posts[0].match_id)
            games[match.id] = member
            computers |= {(match.id, s.seat) for s in match.seats if s.computer}
    finally:
        referee.thinker.close()
        await store.close()
    return games, computers


def computer_moves(url: str, computers: set[tuple[int, int]]) -> int:
    """How many moves these computer seats made: in the games' logs, or sealed and kept apart."""
    logged = logged_moves(url)
    return sum(n for (match, _, seat, _), n in logged.items() if (match, seat) in computers)


def run_claims(server: BenchServer, seconds: float, workdir: Path) -> ClaimsResult:
    """Both processes race for every computer decision for `seconds`; count the searches."""
    url = server.new_database("claims")
    migrate(url)
    games, computers = asyncio.run(open_games(url))
    ids = list(games)
    names = [f"claims-{p}" for p in range(PROCESSES)]
    plans: list[dict[str, Any]] = [
        {
            "url": url,
            "games": ids,
            "humans": {str(m): games[m] for m in ids[p::PROCESSES]},
            "seconds": seconds,
        }
        for p in range(PROCESSES)
    ]
    children = [
        spawn("bench.claims_child", plan, workdir, name)
        for plan, name in zip(plans, names, strict=True)
    ]
    try:
        start_together(children, names, workdir)
        reports = reports_of(children, names, workdir)
    finally:
        stop_all(children)
    decisions = computer_moves(url, computers)
    result = ClaimsResult(
        PROCESSES,
        len(ids),
        seconds,
        decisions,
        sum(sum(r["decided"].values()) for r in reports),
        sum(r["asked"].get("computer", 0) for r in reports),
    )
    log.info(
        "claims: %d computer moves, %d searches, asked %d times",
        result.decisions,
        result.searched,
        result.asked,
    )
    return result
