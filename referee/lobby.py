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
from referee.notices import Controls, Outcome, Person, Post, Said, Style, joined
from referee.rows import MatchEnd, NewMatch
from referee.safe_text import clean_name
from referee.store import AlreadySeated
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
            await self._act(
                match.id, lambda m: self._seat_computers(m, computer, tables[0] - 1, Outcome())
            )
            out = await self._act(match.id, self._start)
            match = await self.get(match.id)
            rivals = joined(Person(s.name) for s in match.seats if s.computer)
            out.reply = (f"Opened {match.label} against ", *rivals, ": the game has started.")
            return out
        return Outcome(
            f"Opened {match.label}. Others join with the Join button or `/join`.",
            [announce.lobby_post(match)],
        )

    async def add_computer(self, match_id: int, user_id: int, level: str) -> Outcome:
        """Seat a computer in a lobby (the host only); the match starts by itself once full."""

        async def act(match: Match) -> Outcome:
            self._host_lobby(match, user_id, "add a computer")
            if level not in LEVELS:
                raise RefereeError(f"There is no level `{level}`; levels: {', '.join(LEVELS)}.")
            counts = match.player_counts()
            if len(match.seats) >= counts[-1]:
                raise RefereeError(f"{match.label} is full ({counts[-1]} players).")
            return await self._seat_computers(match, level, 1, None)

        out = await self._act(match_id, act)
        return out.extend(await self._act(match_id, self._start_if_full))

    async def remove_computer(self, match_id: int, user_id: int) -> Outcome:
        """Take the last computer seated out of a lobby (the host only)."""

        async def act(match: Match) -> Outcome:
            self._host_lobby(match, user_id, "remove a computer")
            seat = next((s for s in reversed(match.seats) if s.computer), None)
            if seat is None:
                raise RefereeError(f"There is no computer in {match.label}.")
            await self.store.remove_computer(match.id, match.row.version, seat.seat, self.clock())
            match = self._keep(await self._reload(match.id))
            out = Outcome(f"Removed {seat.name} from {match.label}.")
            out.posts.append(announce.lobby_post(match))
            return out

        return await self._act(match_id, act)

    async def _start_if_full(self, match: Match) -> Outcome:
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

    def _host_lobby(self, match: Match, user_id: int, doing: str) -> Match:
        """The match, if it is a lobby and the member is its host; else RefereeError."""
        if match.status != LOBBY:
            raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
        if user_id != match.row.host_id:
            host = announce.member(match, match.row.host_id)
            raise RefereeError(("Only the host, ", host, f", can {doing}."))
        return match

    async def _seat_computers(
        self, match: Match, level: str, count: int, out: Outcome | None
    ) -> Outcome:
        """Seat computers of a level in a lobby in one write, named apart from those there;
        `out` is the outcome to give (else one saying who took which seat)."""
        if match.status != LOBBY:
            raise RefereeError(f"{match.label} is no longer open to join.")
        taken = [s.name for s in match.seats]
        for _ in range(count):
            taken.append(computer_name(level, taken))
        names = taken[len(match.seats) :]
        await self.store.add_computers(match.id, match.row.version, level, names, self.clock())
        match = self._keep(await self._reload(match.id))
        return out or Outcome(f"{names[-1]} takes seat {len(match.seats)} in {match.label}.")

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember which message shows a lobby."""
        version = await self.store.set_lobby_message(match_id, message_id)
        async with self._lock(match_id):
            cached = self._cache.get(match_id)
            if cached is not None and cached.row.version == version - 1:
                self._keep(cached.with_row(lobby_message_id=message_id, version=version))
            else:
                # Another change came between: the copy is no longer the stored match.
                self._cache.pop(match_id, None)

    async def join(self, match_id: int, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby; the match starts by itself once full."""
        out = await self._act(match_id, lambda m: self._take_seat(m, user_id, name))
        return out.extend(await self._act(match_id, self._start_if_full))

    async def _take_seat(self, match: Match, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby, in one write."""
        if match.status != LOBBY:
            raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
        if match.seat_of(user_id) is not None:
            raise RefereeError(f"You are already seated in {match.label}.")
        counts = match.player_counts()
        if len(match.seats) >= counts[-1]:
            raise RefereeError(f"{match.label} is full ({counts[-1]} players).")
        try:
            await self.store.add_seat(
                match.id, match.row.version, user_id, clean_name(name), self.clock()
            )
        except AlreadySeated:
            raise RefereeError(f"You are already seated in {match.label}.") from None
        match = self._keep(await self._reload(match.id))
        return Outcome(f"You joined {match.label} (seat {len(match.seats)}).")

    async def leave(self, match_id: int, user_id: int) -> Outcome:
        """Leave a lobby; when the host leaves, the lobby closes."""

        async def act(match: Match) -> Outcome:
            if match.status != LOBBY:
                raise RefereeError(
                    f"{match.label} has already {ended_or_started(match)}; "
                    "use `/resign` to give up a game in progress."
                )
            if match.seat_of(user_id) is None:
                raise RefereeError(f"You are not seated in {match.label}.")
            if user_id == match.row.host_id:
                return await self._cancel(match, "closed: the host left the lobby")
            match = await self._unseat(match, user_id)
            out = Outcome(f"You left {match.label}.")
            out.posts.append(announce.lobby_post(match))
            return out

        return await self._act(match_id, act)

    async def start(self, match_id: int, user_id: int) -> Outcome:
        """Start a lobby (the host only) once enough players are seated."""

        async def act(match: Match) -> Outcome:
            if match.status != LOBBY:
                raise RefereeError(f"{match.label} has already {ended_or_started(match)}.")
            if user_id != match.row.host_id:
                host = announce.member(match, match.row.host_id)
                raise RefereeError(("Only the host, ", host, ", can start it."))
            counts = match.player_counts()
            if len(match.seats) not in counts:
                raise RefereeError(
                    f"{match.label} needs {announce.counts_text(counts)} players; "
                    f"{len(match.seats)} seated."
                )
            return await self._start(match)

        return await self._act(match_id, act)

    async def _start(self, match: Match) -> Outcome:
        if not match.members():
            raise RefereeError(f"{match.label} has no member playing: computers cannot play alone.")
        game = match.game
        settled = game.settle_options(len(match.seats), match.row.options)
        now = self.clock()
        deadline = self._step_deadline(match, now)
        await self.store.start_match(match.id, match.row.version, settled, deadline, now)
        match = self._keep(await self._reload(match.id))
        log.info("Match %s started with %s players", match.id, len(match.seats))
        out = Outcome(f"{match.label} has started.")
        out.posts.append(announce.lobby_post(match, "This game has started."))
        title = f"{match.label}: the game begins"
        players = joined(Person(s.name) for s in match.seats)
        lines: list[Said] = [("Players: ", *players), f"Options: {announce.options_text(settled)}"]
        out.posts += announce.step_posts(match, lines, title)
        out.directs += announce.prompts(match)
        if match.thinking():
            out.computers.append(match.id)
        return out

    async def cancel(self, match_id: int, user_id: int, moderator: bool) -> Outcome:
        """Cancel a match; it counts for no standings. A lobby: the host or a moderator. A game
        under way: a moderator, the host alone before the first move, else the host with the
        agreement of every other player still in the game (a vote)."""

        async def act(match: Match) -> Outcome:
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

        return await self._act(match_id, act)

    async def vote(self, match_id: int, user_id: int, step: int, agree: bool) -> Outcome:
        """A player's answer to the host's proposal to cancel a game under way."""

        async def act(match: Match) -> Outcome:
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
            await self.store.clear_votes(match.id, match.row.version, self.clock())
            self._keep(replace(match, votes=frozenset()).stored())
            name = announce.name(match, player.seat)
            out = Outcome(f"You refused to cancel {match.label}; it goes on.")
            line = (name, " refused to cancel the game: it goes on.")
            out.posts.append(
                Post(match.row.channel_id, match.id, match.label, (line,), style=Style.NOTICE)
            )
            return out

        return await self._act(match_id, act)

    def _proposed(self, match: Match) -> bool:
        """True when the host has proposed, at this step, to cancel the match."""
        return match.row.host_id in match.votes

    async def _agree(self, match: Match, user_id: int) -> Outcome:
        """Count a player's agreement (the host's opens the vote); cancel once all agree. Agreeing
        again is harmless, so the action may be decided again after the vote is stored."""
        await self.store.vote_cancel(match.id, match.row.version, user_id, self.clock())
        match = self._keep(replace(match, votes=match.votes | {user_id}).stored())
        # Computers have no say: they play on until the members agree.
        members = match.members(s.seat for s in match.active_seats())
        waiting = [u for u in members if u != match.row.host_id and u not in match.votes]
        if not waiting:
            return await self._cancel(match, "cancelled by the host with every player's agreement")
        who = joined(announce.member(match, u) for u in waiting)
        lines: tuple[Said, ...]
        reply: Said
        if user_id == match.row.host_id:
            reply = (f"You proposed to cancel {match.label}; waiting for ", *who, " to agree.")
            lines = (
                f"The host proposes to cancel {match.label}: it would count for no leaderboard.",
                (
                    "Every other player still in the game must agree: ",
                    *who,
                    ". A move made before then ends the vote.",
                ),
            )
            controls = Controls.VOTE
        else:
            reply = (f"You agreed to cancel {match.label}; waiting for ", *who, ".")
            seat = match.seat_of(user_id)
            name = Person(seat.name) if seat else "A player"
            lines = ((name, " agrees to cancel. Waiting for ", *who, "."),)
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
        await self.store.end_match(match.id, match.row.version, end, self.clock())
        match = self._keep(match.stored(status=CANCELLED))
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
