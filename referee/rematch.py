"""Rematches: a finished game's Rematch button opens a lobby that plays it again, or joins it."""

from __future__ import annotations

import logging

from referee import announce
from referee.book import ATTEMPTS, Book
from referee.codes import Line, Refusal, Reply
from referee.core import LOBBY_SECONDS
from referee.errors import RefereeError
from referee.lobby import Lobbies
from referee.match import CANCELLED, LOBBY, OVER, Match
from referee.notices import Outcome
from referee.rows import NewMatch, Rematch
from referee.safe_text import clean_name
from referee.speech import Listed, Text, say
from referee.store import StaleStep

log = logging.getLogger(__name__)


class LobbyGone(Exception):
    """The rematch lobby started or closed before the member could join it."""


def rematch_label(lobby: Match, old: Match) -> Text:
    """'Numbers To Number #5, the rematch of #3'."""
    return say(Line.REMATCH_LABEL, game=lobby.ref, old=old.id)


def waiting_on(lobby: Match, old: Match) -> Text:
    """Whom a rematch lobby still waits for (named as in the old game), as the end of a
    sentence."""
    awaited = lobby.awaited_invitees()
    if not awaited:
        return say(Line.REMATCH_HOST_MAY_START)
    who = Listed.of(announce.member(old, u) for u in awaited)
    return say(Line.REMATCH_AWAITS, players=who, n=len(awaited))


class Rematches:
    """Playing a finished match again with the same table."""

    def __init__(self, book: Book, lobbies: Lobbies) -> None:
        self.book = book
        self.store = book.store
        self.clock = book.clock
        self.lobbies = lobbies

    async def rematch(self, match_id: int, guild_id: int, user_id: int, name: str) -> Outcome:
        """A player of a finished match asks to play it again: open its rematch lobby (they
        host it, the other members are invited, its computers are seated at once), or join the
        one that is open. Which of two clicks at once opens it is the database's decision."""
        for _ in range(ATTEMPTS):
            try:
                return await self._rematch_once(match_id, guild_id, user_id, name)
            except (StaleStep, LobbyGone):
                # Another click opened a lobby first, or the open one started or closed: look
                # again, and join that one or open a new one.
                log.info("Rematch of match %s changed meanwhile; deciding again", match_id)
        raise RefereeError(Refusal.REMATCH_CHANGING, number=match_id)

    async def _rematch_once(self, match_id: int, guild_id: int, user_id: int, name: str) -> Outcome:
        """Open the rematch lobby or join the open one, as the store has it now."""
        old = await self._finished(match_id, guild_id, user_id)
        lobby_id = await self.store.rematch_lobby(match_id)
        if lobby_id is None:
            return await self._open_rematch(old, user_id, name)
        out = await self.book.act(lobby_id, lambda m: self._join_rematch(m, old, user_id, name))
        return out.extend(await self.book.act(lobby_id, self.lobbies.start_if_full))

    async def _finished(self, match_id: int, guild_id: int, user_id: int) -> Match:
        """The finished match, if this member played it; else RefereeError."""
        try:
            old = await self.book.get(match_id)
        except RefereeError:
            old = None
        if old is None or old.row.guild_id != guild_id:
            raise RefereeError(Refusal.NO_GAME_HERE, number=match_id)
        if old.status == CANCELLED:
            raise RefereeError(Refusal.REMATCH_CANCELLED, game=old.ref)
        if old.status != OVER:
            raise RefereeError(Refusal.REMATCH_NOT_OVER, game=old.ref)
        if len(old.seats) < 2:
            raise RefereeError(Refusal.REMATCH_SOLITAIRE, game=old.ref)
        if old.seat_of(user_id) is None:
            # A forgotten member's seat no longer holds their id: they are not asked back.
            players = Listed.of(announce.member(old, u) for u in old.members() if u > 0)
            if not players.items:
                raise RefereeError(Refusal.REMATCH_NOBODY, game=old.ref)
            raise RefereeError(Refusal.REMATCH_PLAYERS_ONLY, game=old.ref, players=players)
        return old

    async def _open_rematch(self, old: Match, user_id: int, name: str) -> Outcome:
        """Open the rematch lobby of a finished match in one write, hosted by this member; it
        starts at once when nobody else is invited (a game against computers)."""
        now = self.clock()
        new = NewMatch(
            old.row.guild_id,
            old.row.channel_id,
            old.row.game,
            dict(old.row.options),
            user_id,
            clean_name(name),
            old.row.move_seconds,
            old.row.deadline_policy,
            now,
            lobby_expires_at=now + LOBBY_SECONDS,
        )
        invited = tuple(u for u in old.members() if u != user_id and u > 0)
        computers = tuple((s.computer, s.name) for s in old.seats if s.computer)
        row = await self.store.create_rematch(new, Rematch(old.id, invited, computers))
        lobby = self.book.keep(await self.book.reload(row.id))
        self.book.on_deadline()
        log.info("Match %s opened as the rematch of %s by %s", lobby.id, old.id, user_id)
        out = await self.book.act(lobby.id, self.lobbies.start_if_full)
        lobby = await self.book.get(lobby.id)
        rematch = rematch_label(lobby, old)
        if lobby.status == LOBBY:
            out.reply = say(Reply.REMATCH_OPENED, rematch=rematch, waiting=waiting_on(lobby, old))
        else:
            rivals = Listed.of(announce.name(lobby, s.seat) for s in lobby.seats[1:])
            out.reply = say(Reply.REMATCH_STARTED, rematch=rematch, rivals=rivals)
        return out

    async def _join_rematch(self, lobby: Match, old: Match, user_id: int, name: str) -> Outcome:
        """Seat a member in the open rematch lobby (LobbyGone if it started or closed)."""
        if lobby.status != LOBBY:
            raise LobbyGone(lobby.id)
        if lobby.seat_of(user_id) is not None:
            raise RefereeError(
                Refusal.ALREADY_IN_REMATCH,
                rematch=rematch_label(lobby, old),
                waiting=waiting_on(lobby, old),
            )
        out = await self.lobbies.take_seat(lobby, user_id, name)
        lobby = await self.book.get(lobby.id)
        rematch = rematch_label(lobby, old)
        out.reply = say(Reply.REMATCH_JOINED, rematch=rematch, seat=len(lobby.seats))
        return out
