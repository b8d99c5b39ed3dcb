"""Play: turn moves, sealed moves, resolving steps, resigning and removing players."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping, Sequence

from referee import announce, snapshots
from referee.book import Book
from referee.codes import Line, Refusal, Reply
from referee.core import match_end
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER, Match
from referee.notices import Outcome
from referee.rows import Deadline, Logged, MatchEnd
from referee.speech import Listed, Quote, Seconds, Text, say
from rules.base import IllegalMove, Seat
from rules.record import AUTO, RESIGN

log = logging.getLogger(__name__)


NO_DEADLINE_WAIT = 6 * 3600
"""How long a game without a move deadline must have waited on a player before the host may
remove them: a quarter of the default deadline of 24 hours."""


def tournament_of(match: Match) -> list[int]:
    """The tournament a match is a game of, as a list (empty for any other match)."""
    return [match.row.tournament_id] if match.row.tournament_id is not None else []


class Play:
    """Moves and their consequences."""

    def __init__(self, book: Book, rng: random.Random) -> None:
        self.book = book
        self.store = book.store
        self.clock = book.clock
        self.rng = rng
        self.on_move: Callable[[str, str | None], None] = lambda game, refusal: None
        """Told of each member's move once decided: its game (empty if none was found) and the
        refusal's code, None when accepted (the metrics count them)."""

    async def move(
        self, match_id: int, user_id: int, text: str, step: int | None = None
    ) -> Outcome:
        """A member's move: a turn move, or a sealed move (which may be changed until revealed).

        `step` is the step a button or form was shown for; a move for an older step is refused.
        """

        decided_on: list[Match] = []

        async def act(match: Match) -> Outcome:
            decided_on.append(match)
            if step is not None and match.status == ACTIVE and step != match.row.step:
                raise RefereeError(Refusal.STEP_RESOLVED, game=match.ref)
            seat = self._playing_seat(match, user_id)
            if seat not in match.step_seats():
                names = Listed.of(announce.who(match, s) for s in match.waiting_on())
                raise RefereeError(Refusal.NOT_YOUR_MOVE, game=match.ref, waiting=names)
            return await self.play(match, seat, text)

        try:
            outcome = await self.book.act(match_id, act)
        except RefereeError as e:
            self.on_move(decided_on[-1].row.game if decided_on else "", e.code.value)
            raise
        self.on_move(decided_on[-1].row.game, None)
        return outcome

    async def choices(self, match_id: int, user_id: int, step: int) -> tuple[str, ...]:
        """The moves a member may pick at a step (the list their post or prompt offered), if
        the match is still at that step and awaits them; else the refusal a pick would get."""
        (match,) = await self.book.current([await self.book.get(match_id)])
        if match.status == ACTIVE and step != match.row.step:
            raise RefereeError(Refusal.STEP_RESOLVED, game=match.ref)
        seat = self._playing_seat(match, user_id)
        if seat not in match.awaited_seats():
            names = Listed.of(announce.who(match, s) for s in match.waiting_on())
            raise RefereeError(Refusal.NOT_YOUR_MOVE, game=match.ref, waiting=names)
        return announce.choices_of(match, seat)

    async def play(self, match: Match, seat: Seat, text: str) -> Outcome:
        """A seat's move at the current step, checked: sealed while others are still to move,
        else the step resolves (with the moves the referee plays for resigned seats)."""
        progress = match.require_progress()
        changing = seat in progress.pending
        if not text.strip():
            notation = announce.rules_text(progress.game.notation)
            raise RefereeError(Refusal.EMPTY_MOVE, game=match.ref, notation=notation)
        try:
            move = progress.check(seat, text, allow_change=True)
        except IllegalMove as e:
            reason = announce.rules_text(e.phrase, match)
            raise RefereeError(Refusal.ILLEGAL_MOVE, game=match.ref, reason=reason) from None
        pending = {**progress.pending, seat: move}
        autos = self.autos(match, pending)
        if autos is None:
            return await self._seal(match, seat, move, changing)
        outcome = await self.resolve(match, {**pending, **autos}, set(autos))
        said = Reply.LOCKED_AND_RESOLVED if match.is_sealed() else Reply.PLAYED
        outcome.reply = say(said, move=Quote(move), game=match.ref)
        return outcome

    async def _seal(self, match: Match, seat: Seat, move: str, changing: bool) -> Outcome:
        """Store a sealed move of a step that still waits for others. Only the mover is told:
        the channel learns of the step when it is revealed (one post a step, not one a move)."""
        await self.store.submit_sealed(match.id, match.row.version, seat, move, self.clock())
        match = self.book.keep(
            match.moved(match.require_progress().submit(seat, move, True)).stored()
        )
        said = Reply.CHANGED_TO if changing else Reply.LOCKED_IN
        waiting = Listed.of(announce.who(match, s) for s in match.waiting_on())
        return Outcome(say(said, move=Quote(move), game=match.ref, waiting=waiting))

    def _playing_seat(self, match: Match, user_id: int) -> Seat:
        if match.status == LOBBY:
            raise RefereeError(Refusal.NOT_STARTED, game=match.ref)
        if match.status != ACTIVE:
            raise RefereeError(Refusal.OVER, game=match.ref)
        seat = match.seat_of(user_id)
        if seat is None:
            raise RefereeError(Refusal.NOT_A_PLAYER, game=match.ref)
        if match.resigned(seat.seat):
            raise RefereeError(Refusal.LEFT_GAME, game=match.ref)
        return seat.seat

    def autos(self, match: Match, pending: Mapping[Seat, str]) -> dict[Seat, str] | None:
        """The moves the referee plays for resigned seats once every other seat of the step has
        moved (an empty dict when none is missing); None while a present player has not."""
        p = match.require_progress()
        missing = sorted(p.game.to_move(p.state) - set(pending))
        if any(not match.resigned(s) for s in missing):
            return None
        return {s: p.game.auto_move(p.state, s, self.rng, resigned=True) for s in missing}

    async def resolve(
        self,
        match: Match,
        moves: Mapping[Seat, str],
        auto: set[Seat],
        logged: Sequence[Logged] = (),
        lines_before: Sequence[Text] = (),
    ) -> Outcome:
        """Apply a complete step, then the steps resigned seats alone complete, and record them
        all (after the `logged` entries) in one write; `auto` are the seats whose move the
        referee played. The posts of the first step start with `lines_before`."""
        out = Outcome()
        decided_on = match.row.version
        entries = list(logged)
        end: MatchEnd | None = None
        now = self.clock()
        while True:
            progress = match.require_progress()
            before = progress.state
            for seat, move in moves.items():
                progress = progress.submit(seat, move, allow_change=True)
            step_entries = tuple(
                (seat, move, AUTO) if seat in auto else (seat, move) for seat, move in moves.items()
            )
            entries += [(match.row.step, e) for e in step_entries]
            lines = [
                *lines_before,
                *announce.describe_step(progress.game, before, moves, progress.state, match),
            ]
            lines_before = ()
            match = match.moved(progress, step_entries).with_row(
                step=match.row.step + 1, step_started_at=now
            )
            if progress.is_over():
                match = match.with_row(status=OVER, result=progress.result())
                end = match_end(match)
                out.posts.append(announce.final_post(match, lines))
                break
            out.posts += announce.step_posts(match, lines)
            autos = self.autos(match, {})
            if not autos:
                out.directs += announce.prompts(match)
                if match.thinking():
                    out.computers.append(match.id)
                break
            moves, auto = autos, set(autos)
        deadline = Deadline() if end else self.book.step_deadline(match, now)
        # An open match keeps the state its step starts from, so loading it replays nothing.
        snapshot = None if end else snapshots.take(progress, len(match.moves))
        await self.store.record(
            match.id, decided_on, entries, match.row.step, end, deadline, now, snapshot
        )
        match = self.book.keep(
            match.with_row(
                version=decided_on + 1, deadline_at=deadline.at, remind_at=deadline.remind_at
            )
        )
        if end is not None:
            log.info("Match %s over: %s", match.id, end.result)
            out.tournaments += tournament_of(match)
        return out

    async def resign(self, match_id: int, user_id: int) -> Outcome:
        """Give up: with one player left the match ends; otherwise the referee plays on for you."""

        async def act(match: Match) -> Outcome:
            seat = self._playing_seat(match, user_id)
            why = say(Line.RESIGNED, player=announce.name(match, seat))
            out = await self.resign_seats(match, {seat: why}, "resigned")
            out.reply = say(Reply.RESIGNED, game=match.ref)
            return out

        return await self.book.act(match_id, act)

    async def remove_player(
        self, match_id: int, actor_id: int, target_id: int, moderator: bool
    ) -> Outcome:
        """Remove a player: from a lobby, the host or a moderator; from a game under way, a
        moderator at any time, the host only a player the game has long waited on."""

        async def act(match: Match) -> Outcome:
            if actor_id != match.row.host_id and not moderator:
                raise RefereeError(Refusal.REMOVE_WHO)
            seat = match.seat_of(target_id)
            removed = announce.member(match, target_id)
            if seat is None or match.resigned(seat.seat):
                raise RefereeError(Refusal.NOT_PLAYING, player=removed, game=match.ref)
            if match.status == LOBBY:
                if target_id == match.row.host_id:
                    raise RefereeError(Refusal.HOST_NOT_REMOVABLE)
                match = await self.book.unseat(match, target_id)
                out = Outcome(say(Reply.REMOVED, player=removed, game=match.ref))
                out.posts.append(announce.lobby_post(match))
                return out
            if match.status != ACTIVE:
                raise RefereeError(Refusal.OVER, game=match.ref)
            if not moderator:
                self._check_host_may_remove(match, seat.seat)
            host = announce.member(match, actor_id)
            why = say(Line.REMOVED_BY, player=announce.name(match, seat.seat), host=host)
            out = await self.resign_seats(match, {seat.seat: why}, "removed")
            out.reply = say(Reply.REMOVED, player=removed, game=match.ref)
            return out

        return await self.book.act(match_id, act)

    def _check_host_may_remove(self, match: Match, seat: Seat) -> None:
        """A host removes only a player the game has waited on for a quarter of the move
        deadline (NO_DEADLINE_WAIT without one), so nobody is removed for being on time."""
        row, name = match.row, announce.name(match, seat)
        if row.host_id == match.seats[seat].user_id:
            raise RefereeError(Refusal.REMOVE_SELF)
        needed = row.move_seconds / 4 if row.move_seconds else NO_DEADLINE_WAIT
        how = Refusal.REMOVE_RULE_DEADLINE if row.move_seconds else Refusal.REMOVE_RULE_NO_DEADLINE
        rule = say(how, needed=Seconds(int(needed)))
        if seat not in match.awaited_seats():
            raise RefereeError(Refusal.NOT_WAITING_ON, game=match.ref, player=name, rule=rule)
        waited = self.clock() - (row.step_started_at or self.clock())
        if waited < needed:
            raise RefereeError(
                Refusal.NOT_WAITED_ENOUGH,
                game=match.ref,
                player=name,
                waited=Seconds(int(waited)),
                rule=rule,
            )

    async def resign_seats(self, match: Match, whys: Mapping[Seat, Text], reason: str) -> Outcome:
        """Seats leave play (each with the line saying why), as entries of the record, in one
        write: the match ends if the record says so, else the referee plays on for them."""
        progress = match.require_progress()
        entries: list[tuple[Seat, str, str]] = []
        lines: list[Text] = []
        for seat, why in whys.items():
            if progress.is_over():
                break
            progress = progress.resign(seat, reason)
            entries.append((seat, RESIGN, reason))
            lines.append(why)
        logged = [(match.row.step, e) for e in entries]
        match = match.moved(progress, tuple(entries))
        now = self.clock()
        if progress.is_over():
            match = match.with_row(status=OVER, result=progress.result())
            end = match_end(match)
            await self.store.record(
                match.id, match.row.version, logged, match.row.step, end, None, now
            )
            self.book.keep(match.stored())
            return Outcome(
                posts=[announce.final_post(match, lines)], tournaments=tournament_of(match)
            )
        lines.append(say(Line.REFEREE_PLAYS))
        autos = self.autos(match, progress.pending)
        if autos:
            moves = {**progress.pending, **autos}
            return await self.resolve(match, moves, set(autos), logged, lines)
        await self.store.record(
            match.id, match.row.version, logged, match.row.step, None, None, now
        )
        match = self.book.keep(match.stored())
        return Outcome(posts=announce.step_posts(match, lines))
