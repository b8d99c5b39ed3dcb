"""Computer seats: asked for their moves when awaited, which then go the way members' moves go."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Callable
from functools import partial

from players import Request
from referee.book import Book
from referee.errors import RefereeError
from referee.match import ACTIVE, Match
from referee.notices import Outcome
from referee.play import Play
from referee.thinker import Thinker
from rules.base import Move, Seat

log = logging.getLogger(__name__)

CLAIM = "computer"
"""The kind of work a computer's search is, as the store claims it."""
CLAIM_SECONDS = 120.0
"""How long a claimed search is another process's before this one may take it on (its
process may have died); a search takes a few seconds at most."""


def seed_of(match: Match, seat: Seat) -> int:
    """The seed of a computer's decision: the same after a restart, so the same move."""
    return (match.id * 100_003 + match.row.step) * 16 + seat


def request_for(match: Match, seat: Seat) -> Request:
    """What a computer seat decides from: the record of resolved moves, never a sealed one."""
    row = match.row
    level = match.seats[seat].computer
    assert level is not None
    if not match.members(s.seat for s in match.active_seats()):
        # Every member has left: nobody is left to play against, so no search is worth its
        # time; the computers finish the game at the easy level.
        level = "easy"
    return Request(
        row.game,
        len(match.seats),
        row.settled or {},
        match.moves,
        seat,
        level,
        seed_of(match, seat),
    )


class Computers:
    """The moves of computer seats, searched in the thinker's processes."""

    def __init__(self, book: Book, play: Play, thinker: Thinker) -> None:
        self.book = book
        self.play = play
        self.thinker = thinker
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        """Who this process is when it claims a search."""

    async def computer_moves(self, match_id: int) -> Outcome:
        """Play the moves of the computers the match awaits now (nothing if none). A move worked
        out for a step that resolved meanwhile is dropped; the outcome says if computers are
        still to move."""
        match = await self.book.get(match_id)
        seats = match.thinking() if match.status == ACTIVE else []
        if not seats:
            return Outcome()
        step = match.row.step
        if not await self._claim(match):
            log.info("Match %s: another process searches step %s", match.id, step)
            return Outcome()
        moves = await asyncio.gather(*(self.thinker.decide(request_for(match, s)) for s in seats))
        out = Outcome()
        for seat, move in zip(seats, moves, strict=True):
            out.extend(
                await self.book.act(match_id, partial(self._computer_plays, step, seat, move))
            )
        match = await self.book.get(match_id)
        if match.status == ACTIVE and match.thinking() and match.id not in out.computers:
            out.computers.append(match.id)
        return out

    async def _claim(self, match: Match) -> bool:
        """Take on this step's search; with other processes on the store, only one searches."""
        if not self.book.store.shared:
            return True
        store, now = self.book.store, self.book.clock()
        return await store.claim(CLAIM, match.id, match.row.step, self.holder, now, CLAIM_SECONDS)

    async def _computer_plays(self, step: int, seat: Seat, move: Move, match: Match) -> Outcome:
        """A computer's move worked out for `step`, through the same checks and record as a
        member's; nothing if that step has resolved or the seat no longer awaits it."""
        if match.status != ACTIVE or match.row.step != step or seat not in match.thinking():
            return Outcome()
        try:
            out = await self.play.play(match, seat, move)
        except RefereeError:
            # A search that went wrong must not stall the game: the referee's move stands in.
            log.exception("Match %s: computer move %r refused", match.id, move)
            p = match.require_progress()
            fallback = p.game.auto_move(p.state, seat, self.play.rng, resigned=False)
            out = await self.play.play(match, seat, fallback)
        out.reply = None
        return out

    async def computers_to_resume(self, owns: Callable[[int], bool] = lambda _: True) -> Outcome:
        """After a start: the games whose computers are to move, in the guilds `owns` accepts
        (a search cut short by the restart is done again, with the same seed, so it finds the
        same move). Only the games where a computer sits are loaded."""
        ids = await self.book.store.active_matches_with_computers()
        matches = [m for m in await self.book.get_many(ids) if owns(m.row.guild_id)]
        return Outcome(computers=[m.id for m in matches if m.status == ACTIVE and m.thinking()])
