"""Forgetting a member on request: their standings and bests go; their seats in finished games
stay as an anonymous former player, so everyone else's results stand."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from referee.book import Book
from referee.codes import Line, Refusal, Reply
from referee.errors import RefereeError
from referee.lobby import Lobbies
from referee.match import Match
from referee.notices import Outcome
from referee.rows import FORMER_PLAYER, MemberData
from referee.speech import Field, Listed, Person, Text, say
from referee.store import StillSeated

log = logging.getLogger(__name__)

KEPT = say(Line.KEPT, former=Person(FORMER_PLAYER))
"""What stays of a forgotten member's games."""


def _amount(count: int) -> Field:
    return count or say(Line.NONE)


def _games(count: int, code: Line = Line.GAMES) -> Field:
    return say(code, n=count) if count else say(Line.NONE)


def held_lines(data: MemberData) -> Listed:
    """What is stored about a member, one line per kind, the same before and after."""
    standings = (
        say(
            Line.HELD_STANDINGS,
            games=_games(data.standings),
            servers=say(Line.SERVERS, n=data.servers),
        )
        if data.servers
        else say(Line.HELD_NO_STANDINGS)
    )
    seats = say(Line.HELD_NO_SEATS)
    if data.seats:
        games = _games(data.seats, Line.FINISHED_GAMES)
        former = Person(FORMER_PLAYER)
        seats = (
            say(Line.HELD_HOSTED_SEATS, games=games, n=data.hosted, former=former)
            if data.hosted
            else say(Line.HELD_SEATS, games=games, former=former)
        )
    lines: list[Text] = [
        standings,
        say(Line.HELD_RATED, games=_games(data.rated)),
        say(Line.HELD_SEASONS, count=_amount(data.seasons)),
        say(Line.HELD_BESTS, count=_amount(data.bests)),
        say(Line.HELD_VERSUS, count=_amount(data.versus)),
        say(Line.HELD_VOTES, count=_amount(data.votes)),
        say(Line.HELD_INVITATIONS, count=_amount(data.invitations)),
        seats,
    ]
    return Listed.of(lines, lines=True)


class Privacy:
    """`/forget-me`: what is stored about a member, and forgetting it once they confirm."""

    def __init__(self, book: Book, lobbies: Lobbies) -> None:
        self.book = book
        self.store = book.store
        self.lobbies = lobbies

    async def forget_question(self, user_id: int) -> Text:
        """What forgetting a member would remove, asked before anything is; RefereeError while
        they sit in an open game, or when nothing is stored about them."""
        held = await self.store.member_data(user_id)
        if held.open_matches:
            raise await self._still_seated(user_id, held.open_matches)
        if held == MemberData():
            raise RefereeError(Refusal.NOTHING_STORED)
        return say(Reply.FORGET_QUESTION, held=held_lines(held), kept=KEPT)

    async def forget(self, user_id: int) -> Outcome:
        """Forget a member in one transaction; RefereeError, changing nothing, while they sit in
        a lobby or a game under way (checked in the transaction itself)."""
        try:
            held = await self.store.forget_member(user_id)
        except StillSeated as e:
            raise await self._still_seated(user_id, e.match_ids) from None
        await self._forget_in_memory(user_id, held.invited_to)
        # The member's id stays out of the log: they asked for it to be gone.
        log.info("A member was forgotten: %s", held)
        if held == MemberData():
            return Outcome(say(Reply.FORGOT_NOTHING))
        out = Outcome(say(Reply.FORGOTTEN, held=held_lines(held), kept=KEPT))
        for lobby_id in held.invited_to:
            # The lobby no longer names or waits for them: it shows so, or starts if they were
            # the last it waited for.
            out.extend(await self.book.act(lobby_id, self.lobbies.start_if_full))
        return out

    async def _still_seated(self, user_id: int, match_ids: Sequence[int]) -> RefereeError:
        """The refusal naming the open games a member still sits in, and what to do."""
        matches = await self.book.get_many(list(match_ids))

        def left(match: Match) -> bool:
            seat = match.seat_of(user_id)
            return seat is not None and match.resigned(seat.seat)

        playing = [m.ref for m in matches if not left(m)]
        gone = [m.ref for m in matches if left(m)]
        still_in = say(Refusal.STILL_IN, games=Listed.of(playing), n=len(playing))
        goes_on = say(Refusal.GOES_ON, games=Listed.of(gone), n=len(gone))
        if playing and gone:
            return RefereeError(Refusal.FORGET_BLOCKED_TWICE, playing=still_in, gone=goes_on)
        return RefereeError(Refusal.FORGET_BLOCKED, reason=still_in if playing else goes_on)

    async def _forget_in_memory(self, user_id: int, invited_to: Sequence[int]) -> None:
        """Reload any open match memory still seats the member in (a stale copy: the store has
        just said they sit in none) and the lobbies that invited them, so no copy in memory
        keeps their name."""
        for match_id in sorted({*self.book.playing(user_id), *invited_to}):
            async with self.book.lock(match_id):
                self.book.keep(await self.book.reload(match_id))
