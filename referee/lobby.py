"""Lobbies: opening, joining, leaving, starting and cancelling matches."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from players import LEVELS
from referee import announce
from referee.book import Book
from referee.codes import Cancel, Line, Refusal, Reply
from referee.computer_names import computer_name
from referee.core import LOBBY_SECONDS, already
from referee.errors import RefereeError
from referee.match import ACTIVE, CANCELLED, LOBBY, Match
from referee.notices import Controls, Outcome, Post, Style
from referee.policies import DEFAULT_POLICY, POLICIES
from referee.rows import MatchEnd, NewMatch
from referee.safe_text import clean_name
from referee.speech import Counts, GameRef, Listed, Person, Quote, Text, say
from referee.store import AlreadySeated
from rules import GAMES
from rules.base import BadOption, Game

log = logging.getLogger(__name__)


def check_level(level: str) -> None:
    """Refuse a computer level that does not exist, naming those that do."""
    if level not in LEVELS:
        raise RefereeError(Refusal.NO_SUCH_LEVEL, level=Quote(level), levels=Listed.of(LEVELS))


def check_game(slug: str, policy: str) -> Game[Any]:
    """The game of this slug, if there is one and the timeout policy exists; else the refusal
    naming those that do."""
    game = GAMES.get(slug)
    if game is None:
        raise RefereeError(Refusal.NO_SUCH_GAME, slug=Quote(slug), games=Listed.of(GAMES))
    if policy not in POLICIES:
        raise RefereeError(
            Refusal.NO_SUCH_POLICY, policy=Quote(policy), policies=Listed.of(POLICIES)
        )
    return game


def check_options(game: Game[Any], given: Mapping[str, Any]) -> list[int]:
    """The player counts a game can start with given these options; a refusal saying why if
    an option is out of bounds or no count fits."""
    try:
        for opt in game.options:
            if opt.name in given:
                opt.check(given[opt.name])
        counts = game.player_counts(given)
    except BadOption as e:
        raise RefereeError(Refusal.BAD_OPTION, reason=announce.rules_text(e.phrase)) from None
    if not counts:
        try:
            game.settle_options(game.min_players, given)
        except BadOption as e:
            why = announce.rules_text(e.phrase)
            raise RefereeError(Refusal.NO_PLAYER_COUNT_BECAUSE, reason=why) from None
        raise RefereeError(Refusal.NO_PLAYER_COUNT)
    return counts


class Lobbies:
    """Seating players and starting or cancelling matches."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.store = book.store
        self.clock = book.clock

    async def new_match(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        slug: str,
        options: Mapping[str, Any],
        move_seconds: int | None = None,
        policy: str = DEFAULT_POLICY,
        computer: str | None = None,
    ) -> Outcome:
        """Open a lobby with the host seated; with a computer level, computers fill the other
        seats of the smallest table of two or more and the game starts at once."""
        game = check_game(slug, policy)
        if computer is not None:
            check_level(computer)
        given = {k: v for k, v in options.items()}
        counts = check_options(game, given)
        tables = [c for c in counts if c >= 2]
        if computer is not None and not tables:
            raise RefereeError(Refusal.ONE_PLAYER_ONLY, game=GameRef(slug))
        now = self.clock()
        row = await self.store.create_match(
            NewMatch(
                guild_id,
                channel_id,
                slug,
                given,
                host_id,
                clean_name(host_name),
                move_seconds,
                policy,
                now,
                lobby_expires_at=now + LOBBY_SECONDS,
            )
        )
        match = self.book.keep(await self.book.reload(row.id))
        self.book.on_deadline()
        log.info("Match %s opened: %s by %s", match.id, slug, host_id)
        if computer is not None:
            await self.book.act(
                match.id, lambda m: self._seat_computers(m, computer, tables[0] - 1, Outcome())
            )
            out = await self.book.act(match.id, self._start)
            match = await self.book.get(match.id)
            rivals = Listed.of(announce.name(match, s.seat) for s in match.seats if s.computer)
            out.reply = say(Reply.OPENED_AGAINST, game=match.ref, rivals=rivals)
            return out
        return Outcome(say(Reply.OPENED, game=match.ref), [announce.lobby_post(match)])

    async def add_computer(self, match_id: int, user_id: int, level: str) -> Outcome:
        """Seat a computer in a lobby (the host only); the match starts by itself once full."""

        async def act(match: Match) -> Outcome:
            self._host_lobby(match, user_id, Refusal.HOST_ONLY_ADD_COMPUTER)
            check_level(level)
            counts = match.player_counts()
            if len(match.seats) >= counts[-1]:
                raise RefereeError(Refusal.FULL, game=match.ref, players=counts[-1])
            return await self._seat_computers(match, level, 1, None)

        out = await self.book.act(match_id, act)
        return out.extend(await self.book.act(match_id, self.start_if_full))

    async def remove_computer(self, match_id: int, user_id: int) -> Outcome:
        """Take the last computer seated out of a lobby (the host only)."""

        async def act(match: Match) -> Outcome:
            self._host_lobby(match, user_id, Refusal.HOST_ONLY_REMOVE_COMPUTER)
            seat = next((s for s in reversed(match.seats) if s.computer), None)
            if seat is None:
                raise RefereeError(Refusal.NO_COMPUTER, game=match.ref)
            await self.store.remove_computer(match.id, match.row.version, seat.seat, self.clock())
            match = self.book.keep(await self.book.reload(match.id))
            out = Outcome(
                say(Reply.REMOVED, player=Person(seat.name, computer=True), game=match.ref)
            )
            out.posts.append(announce.lobby_post(match))
            return out

        return await self.book.act(match_id, act)

    async def start_if_full(self, match: Match) -> Outcome:
        """After a seat was taken: a full lobby starts, and so does a rematch once every member
        it invites is seated; any other shows its new seat (nothing if it is no longer a lobby:
        it started or closed meanwhile)."""
        if match.status != LOBBY:
            return Outcome()
        counts = match.player_counts()
        seated = len(match.seats)
        # A rematch whose other players were all forgotten must not start as a solitaire.
        answered = match.row.rematch_of is not None and not match.awaited_invitees()
        if seated == counts[-1] or (answered and seated > 1 and seated in counts):
            return await self._start(match)
        return Outcome(posts=[announce.lobby_post(match)])

    def _host_lobby(self, match: Match, user_id: int, host_only: Refusal) -> Match:
        """The match, if it is a lobby and the member is its host; else RefereeError (else
        `host_only`, naming the host)."""
        if match.status != LOBBY:
            raise already(match)
        if user_id != match.row.host_id:
            raise RefereeError(host_only, host=announce.member(match, match.row.host_id))
        return match

    async def _seat_computers(
        self, match: Match, level: str, count: int, out: Outcome | None
    ) -> Outcome:
        """Seat computers of a level in a lobby in one write, named apart from those there;
        `out` is the outcome to give (else one saying who took which seat)."""
        if match.status != LOBBY:
            raise RefereeError(Refusal.CLOSED_TO_JOIN, game=match.ref)
        taken = [s.name for s in match.seats]
        for _ in range(count):
            taken.append(computer_name(level, taken))
        names = taken[len(match.seats) :]
        await self.store.add_computers(match.id, match.row.version, level, names, self.clock())
        match = self.book.keep(await self.book.reload(match.id))
        seated = say(
            Reply.COMPUTER_SEATED,
            player=Person(names[-1], computer=True),
            seat=len(match.seats),
            game=match.ref,
        )
        return out or Outcome(seated)

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember which message shows a lobby."""
        version = await self.store.set_lobby_message(match_id, message_id)
        await self.book.follow(
            match_id, version, lambda m: m.with_row(lobby_message_id=message_id, version=version)
        )

    async def join(self, match_id: int, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby; the match starts by itself once full."""
        out = await self.book.act(match_id, lambda m: self.take_seat(m, user_id, name))
        return out.extend(await self.book.act(match_id, self.start_if_full))

    async def take_seat(self, match: Match, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby, in one write."""
        if match.status != LOBBY:
            raise already(match)
        if match.seat_of(user_id) is not None:
            raise RefereeError(Refusal.ALREADY_SEATED, game=match.ref)
        counts = match.player_counts()
        if len(match.seats) >= counts[-1]:
            raise RefereeError(Refusal.FULL, game=match.ref, players=counts[-1])
        try:
            await self.store.add_seat(
                match.id, match.row.version, user_id, clean_name(name), self.clock()
            )
        except AlreadySeated:
            raise RefereeError(Refusal.ALREADY_SEATED, game=match.ref) from None
        match = self.book.keep(await self.book.reload(match.id))
        return Outcome(say(Reply.JOINED, game=match.ref, seat=len(match.seats)))

    async def leave(self, match_id: int, user_id: int) -> Outcome:
        """Leave a lobby; when the host leaves, the lobby closes."""

        async def act(match: Match) -> Outcome:
            if match.status == ACTIVE:
                raise RefereeError(Refusal.LEAVE_STARTED, game=match.ref)
            if match.status != LOBBY:
                raise already(match)
            if match.seat_of(user_id) is None:
                raise RefereeError(Refusal.NOT_SEATED, game=match.ref)
            if user_id == match.row.host_id:
                return await self.close(match, Cancel.HOST_LEFT)
            match = await self.book.unseat(match, user_id)
            out = Outcome(say(Reply.LEFT, game=match.ref))
            out.posts.append(announce.lobby_post(match))
            return out

        return await self.book.act(match_id, act)

    async def start(self, match_id: int, user_id: int) -> Outcome:
        """Start a lobby (the host only) once enough players are seated."""

        async def act(match: Match) -> Outcome:
            self._host_lobby(match, user_id, Refusal.HOST_ONLY_START)
            counts = match.player_counts()
            if len(match.seats) not in counts:
                raise RefereeError(
                    Refusal.NEEDS_PLAYERS,
                    game=match.ref,
                    counts=Counts(tuple(counts)),
                    seated=len(match.seats),
                )
            return await self._start(match)

        return await self.book.act(match_id, act)

    async def _start(self, match: Match) -> Outcome:
        if not match.members():
            raise RefereeError(Refusal.NO_MEMBER, game=match.ref)
        game = match.game
        settled = game.settle_options(len(match.seats), match.row.options)
        now = self.clock()
        deadline = self.book.step_deadline(match, now)
        await self.store.start_match(match.id, match.row.version, settled, deadline, now)
        match = self.book.keep(await self.book.reload(match.id))
        log.info("Match %s started with %s players", match.id, len(match.seats))
        out = Outcome(say(Reply.STARTED, game=match.ref))
        out.posts.append(announce.lobby_post(match, say(Line.LOBBY_STARTED)))
        return out.extend(announce.begins(match))

    async def cancel(self, match_id: int, user_id: int, moderator: bool) -> Outcome:
        """Cancel a match; it counts for no standings. A lobby: the host or a moderator. A game
        under way: a moderator, the host alone before the first move, else the host with the
        agreement of every other player still in the game (a vote)."""

        async def act(match: Match) -> Outcome:
            if match.status not in (LOBBY, ACTIVE):
                raise already(match)
            if match.row.tournament_id is not None:
                # Its round would never end: a tournament's game ends by play, resigning or
                # removal, or with its tournament.
                tid = match.row.tournament_id
                raise RefereeError(Refusal.TOURNAMENT_GAME, game=match.ref, tournament=tid)
            host = user_id == match.row.host_id
            if moderator:
                return await self.close(match, Cancel.MODERATOR)
            if host and match.status == LOBBY:
                return await self.close(match, Cancel.HOST)
            if host and match.row.step == 0:
                return await self.close(match, Cancel.HOST_BEFORE_FIRST_MOVE)
            if match.has_computer():
                # A computer never agrees: cancelling would wipe out a loss against it.
                raise RefereeError(Refusal.CANCEL_WITH_COMPUTER, game=match.ref)
            player = match.seat_of(user_id)
            if host or (player and not match.resigned(player.seat) and self._proposed(match)):
                return await self._agree(match, user_id)
            raise RefereeError(Refusal.CANCEL_WHO, game=match.ref)

        return await self.book.act(match_id, act)

    async def vote(self, match_id: int, user_id: int, step: int, agree: bool) -> Outcome:
        """A player's answer to the host's proposal to cancel a game under way."""

        async def act(match: Match) -> Outcome:
            if match.status != ACTIVE:
                raise already(match)
            player = match.seat_of(user_id)
            if player is None or match.resigned(player.seat):
                raise RefereeError(Refusal.VOTERS_ONLY, game=match.ref)
            if step != match.row.step or not self._proposed(match):
                raise RefereeError(Refusal.NO_PROPOSAL, game=match.ref)
            if agree:
                return await self._agree(match, user_id)
            await self.store.clear_votes(match.id, match.row.version, self.clock())
            self.book.keep(replace(match, votes=frozenset()).stored())
            name = announce.name(match, player.seat)
            out = Outcome(say(Reply.REFUSED_CANCEL, game=match.ref))
            line = say(Line.REFUSED_CANCEL, player=name)
            title = say(Line.GAME, game=match.ref)
            out.posts.append(
                Post(match.row.channel_id, match.id, title, (line,), style=Style.NOTICE)
            )
            return out

        return await self.book.act(match_id, act)

    def _proposed(self, match: Match) -> bool:
        """True when the host has proposed, at this step, to cancel the match."""
        return match.row.host_id in match.votes

    async def _agree(self, match: Match, user_id: int) -> Outcome:
        """Count a player's agreement (the host's opens the vote); cancel once all agree. Agreeing
        again is harmless, so the action may be decided again after the vote is stored."""
        await self.store.vote_cancel(match.id, match.row.version, user_id, self.clock())
        match = self.book.keep(replace(match, votes=match.votes | {user_id}).stored())
        # Computers have no say: they play on until the members agree.
        members = match.members(s.seat for s in match.active_seats())
        waiting = [u for u in members if u != match.row.host_id and u not in match.votes]
        if not waiting:
            return await self.close(match, Cancel.AGREED)
        who = Listed.of(announce.member(match, u) for u in waiting)
        lines: tuple[Text, ...]
        if user_id == match.row.host_id:
            reply = say(Reply.PROPOSED_CANCEL, game=match.ref, waiting=who)
            lines = (
                say(Line.PROPOSES_CANCEL, game=match.ref),
                say(Line.CANCEL_MUST_AGREE, waiting=who),
            )
            controls = Controls.VOTE
        else:
            reply = say(Reply.AGREED_CANCEL, game=match.ref, waiting=who)
            voter = announce.member(match, user_id)
            lines = (say(Line.AGREES_CANCEL, player=Person(voter.name), waiting=who),)
            controls = Controls.NONE
        post = Post(
            match.row.channel_id,
            match.id,
            say(Line.CANCEL_TITLE, game=match.ref),
            lines,
            style=Style.NOTICE,
            controls=controls,
            step=match.row.step,
            mentions=tuple(waiting),
        )
        return Outcome(reply, [post])

    async def close(self, match: Match, why: Cancel) -> Outcome:
        """End a match that counts for nobody; `why` is stored with it."""
        end = MatchEnd(CANCELLED, {"reason": why.value})
        await self.store.end_match(match.id, match.row.version, end, self.clock())
        match = self.book.keep(match.stored(status=CANCELLED))
        log.info("Match %s cancelled: %s", match.id, why.value)
        reason = say(why)
        closed = [announce.lobby_post(match, say(Line.LOBBY_CLOSED, reason=reason))]
        post = Post(
            match.row.channel_id,
            match.id,
            say(Line.CANCELLED_TITLE, game=match.ref),
            (say(Line.CANCELLED, reason=reason),),
            style=Style.CANCELLED,
        )
        return Outcome(say(Reply.CANCELLED, game=match.ref), [*closed, post])
