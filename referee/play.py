"""Play: turn moves, sealed moves, resolving steps, resigning and removing players."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace

from referee import announce
from referee.core import RefereeCore
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER, Match
from referee.notices import Outcome, Post, Style
from referee.safe_text import prose_name
from referee.store import Deadline, StaleStep
from rules.base import IllegalMove, Seat

log = logging.getLogger(__name__)


class PlayDesk(RefereeCore):
    """Moves and their consequences."""

    async def move(
        self, match_id: int, user_id: int, text: str, step: int | None = None
    ) -> Outcome:
        """A member's move: a turn move, or a sealed move (which may be changed until revealed).

        `step` is the step a button or form was shown for; a move for an older step is refused.
        """
        async with self._lock(match_id):
            match = await self.get(match_id)
            if step is not None and match.status == ACTIVE and step != match.row.step:
                raise RefereeError(
                    f"{match.label}: that was for a step that has already resolved; "
                    "nothing was played."
                )
            seat = self._playing_seat(match, user_id)
            progress = match.require_progress()
            if seat not in match.step_seats():
                names = ", ".join(f"<@{match.seats[s].user_id}>" for s in match.awaited_seats())
                raise RefereeError(f"It is not your move in {match.label}; waiting for {names}.")
            changing = seat in progress.pending
            if not text.strip():
                raise RefereeError(
                    f"{match.label}: your move is empty. Send {progress.game.notation}."
                )
            try:
                move = progress.check(seat, text, allow_change=True)
            except IllegalMove as e:
                raise RefereeError(f"{match.label}: {e}") from None
            if not match.is_sealed():
                outcome = await self._resolve(match, {seat: move}, set())
                outcome.reply = f"Played `{move}` in {match.label}."
                return outcome
            pending = {**progress.pending, seat: move}
            if set(pending) != set(match.step_seats()):
                return await self._seal(match, seat, move, changing)
            outcome = await self._resolve(match, pending, set())
            outcome.reply = f"Locked in `{move}` for {match.label}: everyone has moved."
            return outcome

    async def _seal(self, match: Match, seat: Seat, move: str, changing: bool) -> Outcome:
        """Store a sealed move of a step that still waits for others; say only who is in."""
        try:
            await self.store.submit_sealed(match.id, match.row.step, seat, move, self.clock())
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label}: that step has already resolved.") from None
        progress = match.require_progress().submit(seat, move, allow_change=True)
        match = self._keep(Match(match.row, match.seats, progress, match.moves))
        verb = "Changed to" if changing else "Locked in"
        out = Outcome(
            f"{verb} `{move}` for {match.label}. You can change it until everyone has moved."
        )
        if not changing:
            waiting = ", ".join(
                f"<@{match.seats[s].user_id}>" for s in sorted(match.awaited_seats())
            )
            name = prose_name(match.seats[seat].name)
            line = f"{name} has locked in a move. Waiting for {waiting}."
            out.posts.append(
                Post(
                    match.row.channel_id,
                    match.id,
                    match.label,
                    (line,),
                    style=Style.NOTICE,
                    step=match.row.step,
                )
            )
        return out

    def _playing_seat(self, match: Match, user_id: int) -> Seat:
        if match.status == LOBBY:
            raise RefereeError(f"{match.label} has not started yet.")
        if match.status != ACTIVE:
            raise RefereeError(f"{match.label} is over.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise RefereeError(f"You are not a player in {match.label}.")
        if seat.resigned:
            raise RefereeError(f"You resigned from {match.label}.")
        return seat.seat

    async def _resolve(self, match: Match, moves: Mapping[Seat, str], auto: set[Seat]) -> Outcome:
        """Apply a complete step, autoplaying resigned seats after it, committing each step."""
        out = Outcome()
        while True:
            progress = match.require_progress()
            before = progress.state
            for seat, move in moves.items():
                progress = progress.submit(seat, move, allow_change=True)
            step_moves = [(seat, move, seat in auto) for seat, move in moves.items()]
            lines = announce.describe_step(progress.game, before, moves, progress.state, match)
            new_moves = (*match.moves, *((s, m) for s, m, _ in step_moves))
            match = Match(match.row, match.seats, progress, new_moves)
            end = None
            now = self.clock()
            deadline = Deadline()
            over = progress.game.is_over(progress.state)
            async with self._ending(over):
                if over:
                    match = match.with_row(status=OVER)
                    end = await self._match_end(match)
                else:
                    deadline = self._step_deadline(match, now)
                try:
                    await self.store.resolve_step(
                        match.id, match.row.step, step_moves, end, deadline, now
                    )
                except StaleStep:
                    await self._reload(match.id)
                    raise RefereeError(f"{match.label}: that step has already resolved.") from None
            match = self._keep(
                match.with_row(
                    step=match.row.step + 1, deadline_at=deadline.at, remind_at=deadline.remind_at
                )
            )
            if end is not None:
                out.posts.append(announce.final_post(match, end.result["winners"], lines))
                log.info("Match %s over: %s", match.id, end.result)
                return out
            out.posts += announce.step_posts(match, lines)
            match, complete = await self._fill_resigned(match)
            if complete is None:
                out.directs += announce.prompts(match)
                return out
            moves, auto = complete

    async def _fill_resigned(
        self, match: Match
    ) -> tuple[Match, tuple[dict[Seat, str], set[Seat]] | None]:
        """Play resigned seats' awaited moves; return the step to resolve if that completes it."""
        progress = match.require_progress()
        todo = [s for s in sorted(match.awaited_seats()) if match.seats[s].resigned]
        if not todo:
            return match, None
        auto = {s: progress.game.sample(progress.state, s, self.rng) for s in todo}
        if set(progress.pending) | set(auto) == set(match.step_seats()):
            return match, ({**progress.pending, **auto}, set(auto))
        for seat, move in auto.items():
            await self.store.submit_sealed(match.id, match.row.step, seat, move, self.clock())
            progress = progress.submit(seat, move)
        return self._keep(Match(match.row, match.seats, progress, match.moves)), None

    async def resign(self, match_id: int, user_id: int) -> Outcome:
        """Give up: with one player left the match ends; otherwise the referee plays on for you."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            seat = self._playing_seat(match, user_id)
            why = f"{prose_name(match.seats[seat].name)} resigned."
            out = await self._resign_seat(match, seat, why)
            out.reply = f"You resigned from {match.label}."
            return out

    async def remove_player(
        self, match_id: int, actor_id: int, target_id: int, moderator: bool
    ) -> Outcome:
        """The host or a moderator removes an absent player (from a lobby, or from play)."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if actor_id != match.row.host_id and not moderator:
                raise RefereeError(
                    "Only the host or a member with Manage Server can remove a player."
                )
            seat = match.seat_of(target_id)
            if seat is None or seat.resigned:
                raise RefereeError(f"<@{target_id}> is not playing in {match.label}.")
            if match.status == LOBBY:
                if target_id == match.row.host_id:
                    raise RefereeError("The host cannot be removed; cancel the lobby instead.")
                match = await self._unseat(match, target_id, "has changed; try again")
                out = Outcome(f"Removed <@{target_id}> from {match.label}.")
                out.posts.append(announce.lobby_post(match))
                return out
            if match.status != ACTIVE:
                raise RefereeError(f"{match.label} is over.")
            out = await self._resign_seat(
                match, seat.seat, f"{prose_name(seat.name)} was removed by <@{actor_id}>."
            )
            out.reply = f"Removed <@{target_id}> from {match.label}."
            return out

    async def _resign_seat(self, match: Match, seat: Seat, why: str) -> Outcome:
        """A seat leaves play: the match ends with one player left, else the referee plays on."""
        seats = tuple(replace(s, resigned=True) if s.seat == seat else s for s in match.seats)
        match = Match(match.row, seats, match.progress, match.moves)
        end = None
        over = len(match.active_seats()) <= 1
        async with self._ending(over):
            if over:
                match = match.with_row(status=OVER)
                end = await self._match_end(match)
            try:
                await self.store.resign(match.id, seat, end, self.clock())
            except StaleStep:
                await self._reload(match.id)
                raise RefereeError(f"{match.label} has changed; try again.") from None
        self._keep(match)
        out = Outcome()
        if end is not None:
            out.posts.append(announce.final_post(match, end.result["winners"], [why]))
            return out
        lines = [why, "The referee plays their moves at random from now on; they cannot win."]
        match, complete = await self._fill_resigned(match)
        if complete is not None:
            out.posts.append(Post(match.row.channel_id, match.id, match.label, tuple(lines)))
            return out.extend(await self._resolve(match, *complete))
        out.posts += announce.step_posts(match, lines)
        return out
