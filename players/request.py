"""A decision asked of a process pool: the record so far, rebuilt and decided in the worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from players.levels import choose
from rules import GAMES
from rules.base import Move, Seat
from rules.record import Entry, Progress


@dataclass(frozen=True)
class Request:
    """Everything a worker needs to pick a seat's move; picklable, and holding no sealed move
    that has not been revealed."""

    game: str
    """The game's slug, a key of rules.GAMES."""
    players: int
    options: dict[str, Any]
    """Settled options."""
    moves: tuple[Entry, ...]
    """The record's resolved entries (resignations included), no pending sealed move."""
    seat: Seat
    level: str
    seed: int


def rebuild(request: Request) -> Progress:
    """The game as the record left it."""
    game = GAMES[request.game]
    options = game.settle_options(request.players, request.options)
    progress = Progress(game, game.start(request.players, options))
    for entry in request.moves:
        progress = progress.enter(entry)
    return progress


def think(request: Request, seconds: float | None = None) -> Move:
    """Top-level function a ProcessPoolExecutor runs: rebuild the game from the record, then
    choose the move from the state alone (a pending sealed move, had one slipped into the
    record, is not looked at). `seconds`: as for `choose` (math.inf: no time cap)."""
    progress = rebuild(request)
    return choose(
        progress.game,
        progress.state,
        request.seat,
        request.level,
        request.seed,
        progress.resigned,
        seconds,
    )
