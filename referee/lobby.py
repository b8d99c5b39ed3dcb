"""Lobbies: opening, joining, leaving, starting and cancelling matches."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from players import LEVELS
from referee import announce
from referee.core import LOBBY_SECONDS, RefereeCore, ended_or_started
from referee.errors import RefereeError
from referee.match import ACTIVE, CANCELLED, LOBBY, Match
from referee.notices import Controls, Outcome, Post, Style
from referee.safe_text import clean_name, prose_name
from referee.store import AlreadySeated, MatchEnd, NewMatch, StaleStep
from rules import GAMES
from rules.base import BadOption

log = logging.getLogger(__name__)

POLICIES = ("auto", "forfeit")


def computer_name(level: str, taken: list[str]) -> str:
    """'Computer (hard)', or 'Computer 2 (hard)' when that name is taken at the table."""
    name, number = f"Computer ({level})", 1
    while name in taken:
        number += 1
        name = f"Computer {number} ({level})"
    return name


class LobbyDesk(RefereeCore):
    """Seating players and starting or cancelling matches."""

    async def new_match(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        slug: str,
        options: Mapping[str, Any],
        move_seconds: int | None = None,
        policy: str = "auto",
        computer: str | None = None,
    ) -> Outcome:
        """Open a lobby with the host seated; with a computer level, computers fill the other
        seats of the smallest table of two or more and the game starts at once."""
        game = GAMES.get(slug)
        if game is None:
            raise RefereeError(f"There is no game `{slug}`; games: {', '.join(GAMES)}.")
        if policy not in POLICIES:
            raise RefereeError("The deadline policy must be `auto` or `forfeit`.")
        if computer is not None and computer not in LEVELS:
            raise RefereeError(f"There is no level `{computer}`; levels: {', '.join(LEVELS)}.")
        given = {k: v for k, v in options.items()}
        try:
            for opt in game.options:
                if opt.name in given:
                    opt.check(given[opt.name])
            counts = game.player_counts(given)
        except BadOption as e:
            raise RefereeError(str(e)) from None
        if not counts:
            try:
                game.settle_options(game.min_players, given)
            except BadOption as e:
                raise RefereeError(f"{e} No number of players fits these options.") from None
            raise RefereeError("No number of players fits these options.")
        tables = [c for c in counts if c >= 2]
        if computer is not None and not tables:
            raise RefereeError(
                f"{game.title} with these options is for one player: no computer can join."
            )
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
        match = self._keep(await self._reload(row.id))
        self.on_deadline()
        log.info("Match %s opened: %s by %s", match.id, slug, host_id)
        if computer is not None:
            async with self._lock(match.id):
                match = await self._seat_computers(match, computer, tables[0] - 1)
                out = await self._start(match)
            rivals = ", ".join(prose_name(s.name) for s in match.seats if s.computer)
            out.reply = f"Opened {match.label} against {rivals}: the game has started."
            return out
        return Outcome(
            f"Opened {match.label}. Others join with the Join button or `/join`.",
            [announce.lobby_post(match)],
        )

    async def add_computer(self, match_id: int, user_id: int, level: str) -> Outcome:
        """Seat a computer in a lobby (the host only); the match starts by itself once full."""
        async with self._lock(match_id):
            match = self._host_lobby(await self.get(match_id), user_id, "add a computer")
            if level not in LEVELS:
                raise RefereeError(f"There is no level `{level}`; levels: {', '.join(LEVELS)}.")
            counts = match.player_counts()
            if len(match.seats) >= counts[-1]:
                raise RefereeError(f"{match.label} is full ({counts[-1]} players).")
            match = await self._seat_computers(match, level, 1)
            name = match.seats[-1].name
            out = Outcome(f"{name} takes seat {len(match.seats)} in {match.label}.")
            return await self._after_seating(match, out)

    async def remove_computer(self, match_id: int, user_id: int) -> Outcome:
        """Take the last computer seated out of a lobby (the host only)."""
        async with self._lock(match_id):
            match = self._host_lobby(await self.get(match_id), user_id, "remove a computer")
            seat = next((s for s in reversed(match.seats) if s.computer), None)
            if seat is None:
                raise RefereeError(f"There is no computer in {match.label}.")
            try:
                await self.store.remove_computer(match.id, seat.seat, self.clock())
            except StaleStep:
                await self._reload(match.id)
                raise RefereeError(f"{match.label} has changed; try again.") from None
            match = self._keep(await self._reload(match.id))
            out = Outcome(f"Removed {seat.name} from {match.label}.")
            out.posts.append(announce.lobby_post(match))
            return out

    async def _after_seating(self, match: Match, out: Outcome) -> Outcome:
        """After a seat was taken: a full lobby starts, any other shows its new seat."""
        if len(match.seats) == match.player_counts()[-1]:
            return out.extend(await self._start(match))
        out.posts.append(announce.lobby_post(match))
        return out

    def _host_lobby(self, match: Match, user_id: int, doing: str) -> Match:
        """The match, if it is a lobby and the member is its host; else RefereeError."""
        if match.status != LOBBY:
            raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
        if user_id != match.row.host_id:
            raise RefereeError(f"Only the host, <@{match.row.host_id}>, can {doing}.")
        return match

    async def _seat_computers(self, match: Match, level: str, count: int) -> Match:
        """Seat computers of a level in a lobby, named apart from those already there."""
        for _ in range(count):
            name = computer_name(level, [s.name for s in match.seats])
            try:
                await self.store.add_computer(match.id, level, name, self.clock())
            except StaleStep:
                await self._reload(match.id)
                raise RefereeError(f"{match.label} is no longer open to join.") from None
            match = self._keep(await self._reload(match.id))
        return match

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember which message shows a lobby."""
        await self.store.set_lobby_message(match_id, message_id)
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._keep(match.with_row(lobby_message_id=message_id))

    async def join(self, match_id: int, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby; the match starts by itself once full."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
            if match.seat_of(user_id) is not None:
                raise RefereeError(f"You are already seated in {match.label}.")
            counts = match.player_counts()
            if len(match.seats) >= counts[-1]:
                raise RefereeError(f"{match.label} is full ({counts[-1]} players).")
            try:
                await self.store.add_seat(match_id, user_id, clean_name(name), self.clock())
            except AlreadySeated:
                raise RefereeError(f"You are already seated in {match.label}.") from None
            except StaleStep:
                await self._reload(match_id)
                raise RefereeError(f"{match.label} is no longer open to join.") from None
            match = self._keep(await self._reload(match_id))
            out = Outcome(f"You joined {match.label} (seat {len(match.seats)}).")
            return await self._after_seating(match, out)

    async def leave(self, match_id: int, user_id: int) -> Outcome:
        """Leave a lobby; when the host leaves, the lobby closes."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(
                    f"{match.label} has already {ended_or_started(match)}; "
                    "use `/resign` to give up a game in progress."
                )
            if match.seat_of(user_id) is None:
                raise RefereeError(f"You are not seated in {match.label}.")
            if user_id == match.row.host_id:
                return await self._cancel(match, "closed: the host left the lobby")
            match = await self._unseat(match, user_id, "is no longer a lobby")
            out = Outcome(f"You left {match.label}.")
            out.posts.append(announce.lobby_post(match))
            return out

    async def start(self, match_id: int, user_id: int) -> Outcome:
        """Start a lobby (the host only) once enough players are seated."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
            if user_id != match.row.host_id:
                raise RefereeError(f"Only the host, <@{match.row.host_id}>, can start it.")
            counts = match.player_counts()
            if len(match.seats) not in counts:
                raise RefereeError(
                    f"{match.label} needs {announce.counts_text(counts)} players; "
                    f"{len(match.seats)} seated."
                )
            return await self._start(match)

    async def _start(self, match: Match) -> Outcome:
        if not match.members():
            raise RefereeError(f"{match.label} has no member playing: computers cannot play alone.")
        game = match.game
        settled = game.settle_options(len(match.seats), match.row.options)
        now = self.clock()
        try:
            await self.store.start_match(match.id, settled, self._step_deadline(match, now), now)
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label} has already started.") from None
        match = self._keep(await self._reload(match.id))
        log.info("Match %s started with %s players", match.id, len(match.seats))
        out = Outcome(f"{match.label} has started.")
        out.posts.append(announce.lobby_post(match, "This game has started."))
        title = f"{match.label}: the game begins"
        players = ", ".join(prose_name(s.name) for s in match.seats)
        lines = [f"Players: {players}", f"Options: {announce.options_text(settled)}"]
        out.posts += announce.step_posts(match, lines, title)
        out.directs += announce.prompts(match)
        if match.thinking():
            out.computers.append(match.id)
        return out

    async def cancel(self, match_id: int, user_id: int, moderator: bool) -> Outcome:
        """Cancel a match; it counts for no standings. A lobby: the host or a moderator. A game
        under way: a moderator, the host alone before the first move, else the host with the
        agreement of every other player still in the game (a vote)."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status not in (LOBBY, ACTIVE):
                raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
            host = user_id == match.row.host_id
            if moderator:
                return await self._cancel(match, "cancelled by a moderator")
            if host and match.status == LOBBY:
                return await self._cancel(match, "cancelled by the host")
            if host and match.row.step == 0:
                return await self._cancel(match, "cancelled by the host before the first move")
            if match.has_computer():
                # A computer never agrees: cancelling would wipe out a loss against it.
                raise RefereeError(
                    f"{match.label} is a game with a computer and it has begun: only a member "
                    "with Manage Server can cancel it now; `/resign` gives it up."
                )
            player = match.seat_of(user_id)
            if host or (player and not match.resigned(player.seat) and self._proposed(match)):
                return await self._agree(match, user_id)
            raise RefereeError(
                f"Only the host can propose to cancel {match.label} (every other player still in "
                "it must agree), or a member with Manage Server can cancel it; "
                "`/resign` leaves a game."
            )

    async def vote(self, match_id: int, user_id: int, step: int, agree: bool) -> Outcome:
        """A player's answer to the host's proposal to cancel a game under way."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != ACTIVE:
                raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
            player = match.seat_of(user_id)
            if player is None or match.resigned(player.seat):
                raise RefereeError(f"Only the players still in {match.label} vote on cancelling.")
            if step != match.row.step or not self._proposed(match):
                raise RefereeError(
                    f"There is no proposal to cancel {match.label} now: a move was made or a "
                    "player refused since. The host can propose again with `/cancel`."
                )
            if agree:
                return await self._agree(match, user_id)
            await self.store.clear_votes(match.id)
            self._keep(replace(match, votes=frozenset()))
            name = prose_name(match.seats[player.seat].name)
            out = Outcome(f"You refused to cancel {match.label}; it goes on.")
            line = f"{name} refused to cancel the game: it goes on."
            out.posts.append(
                Post(match.row.channel_id, match.id, match.label, (line,), style=Style.NOTICE)
            )
            return out

    def _proposed(self, match: Match) -> bool:
        """True when the host has proposed, at this step, to cancel the match."""
        return match.row.host_id in match.votes

    async def _agree(self, match: Match, user_id: int) -> Outcome:
        """Count a player's agreement (the host's opens the vote); cancel once all agree."""
        try:
            await self.store.vote_cancel(match.id, match.row.step, user_id, self.clock())
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label} has changed; try again.") from None
        match = self._keep(replace(match, votes=match.votes | {user_id}))
        # Computers have no say: they play on until the members agree.
        members = match.members(s.seat for s in match.active_seats())
        waiting = [u for u in members if u != match.row.host_id and u not in match.votes]
        if not waiting:
            return await self._cancel(match, "cancelled by the host with every player's agreement")
        who = ", ".join(f"<@{u}>" for u in waiting)
        lines: tuple[str, ...]
        if user_id == match.row.host_id:
            reply = f"You proposed to cancel {match.label}; waiting for {who} to agree."
            lines = (
                f"The host proposes to cancel {match.label}: it would count for no leaderboard.",
                f"Every other player still in the game must agree: {who}. "
                "A move made before then ends the vote.",
            )
            controls = Controls.VOTE
        else:
            reply = f"You agreed to cancel {match.label}; waiting for {who}."
            seat = match.seat_of(user_id)
            name = prose_name(seat.name) if seat else "A player"
            lines = (f"{name} agrees to cancel. Waiting for {who}.",)
            controls = Controls.NONE
        post = Post(
            match.row.channel_id,
            match.id,
            f"{match.label}: cancel?",
            lines,
            style=Style.NOTICE,
            controls=controls,
            step=match.row.step,
            mentions=tuple(waiting),
        )
        return Outcome(reply, [post])

    async def _cancel(self, match: Match, why: str) -> Outcome:
        end = MatchEnd(CANCELLED, {"reason": why})
        try:
            await self.store.end_match(match.id, end, self.clock())
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label} has already ended.") from None
        match = self._keep(match.with_row(status=CANCELLED))
        log.info("Match %s cancelled", match.id)
        closed = [announce.lobby_post(match, f"Cancelled: {why}.")]
        post = Post(
            match.row.channel_id,
            match.id,
            f"{match.label}: cancelled",
            (f"The game was {why}. It counts for no leaderboard.",),
            style=Style.CANCELLED,
        )
        return Outcome(f"{match.label} is cancelled.", [*closed, post])
