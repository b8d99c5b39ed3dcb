"""The referee: runs matches for the Discord layer, one committed transaction per action."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from referee import announce
from referee.errors import RefereeError
from referee.match import ACTIVE, CANCELLED, LOBBY, OVER, Match
from referee.notices import Outcome, Post, Style
from referee.standings import ALL_GAMES, final_winners, standing_changes
from referee.store import AlreadySeated, MatchEnd, NewMatch, StaleStep, Standing, Store
from rules import GAMES
from rules.base import BadOption, IllegalMove, Seat

log = logging.getLogger(__name__)

POLICIES = ("auto", "forfeit")


class Referee:
    """Matches without Discord: lobbies, seats, turns, sealed steps, results and standings."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.rng = rng or random.Random()
        self._cache: dict[int, Match] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._standings_lock = asyncio.Lock()

    # Loading -----------------------------------------------------------------------------

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def get(self, match_id: int) -> Match:
        """A match by id, or RefereeError if there is none."""
        cached = self._cache.get(match_id)
        if cached is not None:
            return cached
        data = await self.store.load_match(match_id)
        if data is None:
            raise RefereeError(f"There is no game #{match_id}.")
        match = Match.from_data(data)
        if match.status in (LOBBY, ACTIVE):
            self._cache[match_id] = match
        return match

    def _keep(self, match: Match) -> Match:
        if match.status in (LOBBY, ACTIVE):
            self._cache[match.id] = match
        else:
            self._cache.pop(match.id, None)
            self._locks.pop(match.id, None)
        return match

    async def _reload(self, match_id: int) -> Match:
        self._cache.pop(match_id, None)
        return await self.get(match_id)

    # Lobbies -----------------------------------------------------------------------------

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
    ) -> Outcome:
        """Open a lobby with the host seated."""
        game = GAMES.get(slug)
        if game is None:
            raise RefereeError(f"There is no game `{slug}`; games: {', '.join(GAMES)}.")
        if policy not in POLICIES:
            raise RefereeError("The deadline policy must be `auto` or `forfeit`.")
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
        now = self.clock()
        row = await self.store.create_match(
            NewMatch(
                guild_id, channel_id, slug, given, host_id, host_name, move_seconds, policy, now
            )
        )
        match = self._keep(await self._reload(row.id))
        log.info("Match %s opened: %s by %s", match.id, slug, host_id)
        return Outcome(
            f"Opened {match.label}. Others join with the Join button or `/join`.",
            [announce.lobby_post(match, counts)],
        )

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember which message shows a lobby."""
        await self.store.set_lobby_message(match_id, message_id)
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._keep(match.with_row(lobby_message_id=message_id))

    def _counts(self, match: Match) -> list[int]:
        return match.game.player_counts(match.row.options)

    async def join(self, match_id: int, user_id: int, name: str) -> Outcome:
        """Seat a member in a lobby; the match starts by itself once full."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(f"{match.label} has already {_ended_or_started(match)}.")
            if match.seat_of(user_id) is not None:
                raise RefereeError(f"You are already seated in {match.label}.")
            counts = self._counts(match)
            if len(match.seats) >= counts[-1]:
                raise RefereeError(f"{match.label} is full ({counts[-1]} players).")
            try:
                await self.store.add_seat(match_id, user_id, name, self.clock())
            except AlreadySeated:
                raise RefereeError(f"You are already seated in {match.label}.") from None
            except StaleStep:
                await self._reload(match_id)
                raise RefereeError(f"{match.label} is no longer open to join.") from None
            match = self._keep(await self._reload(match_id))
            out = Outcome(f"You joined {match.label} (seat {len(match.seats)}).")
            if len(match.seats) == counts[-1]:
                return out.extend(await self._start(match))
            out.posts.append(announce.lobby_post(match, counts))
            return out

    async def leave(self, match_id: int, user_id: int) -> Outcome:
        """Leave a lobby; when the host leaves, the lobby closes."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(
                    f"{match.label} has already {_ended_or_started(match)}; "
                    "use `/resign` to give up a game in progress."
                )
            if match.seat_of(user_id) is None:
                raise RefereeError(f"You are not seated in {match.label}.")
            if user_id == match.row.host_id:
                return await self._cancel(match, "the host left the lobby")
            try:
                await self.store.remove_seat(match_id, user_id, self.clock())
            except StaleStep:
                await self._reload(match_id)
                raise RefereeError(f"{match.label} is no longer a lobby.") from None
            match = self._keep(await self._reload(match_id))
            out = Outcome(f"You left {match.label}.")
            out.posts.append(announce.lobby_post(match, self._counts(match)))
            return out

    async def start(self, match_id: int, user_id: int) -> Outcome:
        """Start a lobby (the host only) once enough players are seated."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status != LOBBY:
                raise RefereeError(f"{match.label} has already {_ended_or_started(match)}.")
            if user_id != match.row.host_id:
                raise RefereeError(f"Only the host, <@{match.row.host_id}>, can start it.")
            counts = self._counts(match)
            if len(match.seats) not in counts:
                raise RefereeError(
                    f"{match.label} needs {announce.counts_text(counts)} players; "
                    f"{len(match.seats)} seated."
                )
            return await self._start(match)

    async def _start(self, match: Match) -> Outcome:
        game = match.game
        settled = game.settle_options(len(match.seats), match.row.options)
        try:
            await self.store.start_match(match.id, settled, self.clock())
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label} has already started.") from None
        match = self._keep(await self._reload(match.id))
        log.info("Match %s started with %s players", match.id, len(match.seats))
        out = Outcome(f"{match.label} has started.")
        out.posts.append(announce.lobby_post(match, self._counts(match), "This game has started."))
        title = f"{match.label}: the game begins"
        players = ", ".join(f"{s.name}" for s in match.seats)
        lines = [f"Players: {players}", f"Options: {announce.options_text(settled)}"]
        out.posts += announce.step_posts(match, lines, title)
        out.directs += announce.prompts(match)
        return out

    async def cancel(self, match_id: int, user_id: int, moderator: bool) -> Outcome:
        """Cancel a lobby or a match (the host or a moderator); it counts for no standings."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status not in (LOBBY, ACTIVE):
                raise RefereeError(f"{match.label} has already {_ended_or_started(match)}.")
            if user_id != match.row.host_id and not moderator:
                raise RefereeError(
                    "Only the host or a member with Manage Server can cancel a game."
                )
            return await self._cancel(match, f"cancelled by <@{user_id}>")

    async def _cancel(self, match: Match, why: str) -> Outcome:
        end = MatchEnd(CANCELLED, {"reason": why})
        try:
            await self.store.end_match(match.id, end, self.clock())
        except StaleStep:
            await self._reload(match.id)
            raise RefereeError(f"{match.label} has already ended.") from None
        match = self._keep(match.with_row(status=CANCELLED))
        log.info("Match %s cancelled", match.id)
        closed = [announce.lobby_post(match, self._counts(match), f"Cancelled: {why}.")]
        post = Post(
            match.row.channel_id,
            match.id,
            f"{match.label}: cancelled",
            (f"The game was {why}. It counts for no leaderboard.",),
            style=Style.CANCELLED,
        )
        return Outcome(f"{match.label} is cancelled.", [*closed, post])

    # Play --------------------------------------------------------------------------------

    async def move(self, match_id: int, user_id: int, text: str) -> Outcome:
        """A member's move: a turn move, or a sealed move (which may be changed until revealed)."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            seat = self._playing_seat(match, user_id)
            progress = match.require_progress()
            if seat not in match.step_seats():
                names = ", ".join(f"<@{match.seats[s].user_id}>" for s in match.awaited_seats())
                raise RefereeError(f"It is not your move in {match.label}; waiting for {names}.")
            changing = seat in progress.pending
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
            line = f"{match.seats[seat].name} has locked in a move. Waiting for {waiting}."
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
            if progress.game.is_over(progress.state):
                match = match.with_row(status=OVER)
                end = await self._match_end(match)
            try:
                await self.store.resolve_step(
                    match.id, match.row.step, step_moves, end, self.clock()
                )
            except StaleStep:
                await self._reload(match.id)
                raise RefereeError(f"{match.label}: that step has already resolved.") from None
            match = self._keep(match.with_row(step=match.row.step + 1))
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

    async def _match_end(self, match: Match) -> MatchEnd:
        progress = match.require_progress()
        winners = final_winners(match)
        async with self._standings_lock:
            ids = [s.user_id for s in match.seats]
            ratings = {
                game: await self.store.ratings_of(match.row.guild_id, game, ids)
                for game in (match.row.game, ALL_GAMES)
            }
        result = {
            "scores": list(progress.game.scores(progress.state)),
            "winners": winners,
        }
        return MatchEnd(OVER, result, standing_changes(match, winners, ratings))

    async def resign(self, match_id: int, user_id: int) -> Outcome:
        """Give up: with one player left the match ends; otherwise the referee plays on for you."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            seat = self._playing_seat(match, user_id)
            seats = tuple(replace(s, resigned=True) if s.seat == seat else s for s in match.seats)
            match = Match(match.row, seats, match.progress, match.moves)
            name = match.seats[seat].name
            end = None
            if len(match.active_seats()) <= 1:
                match = match.with_row(status=OVER)
                end = await self._match_end(match)
            try:
                await self.store.resign(match_id, seat, end, self.clock())
            except StaleStep:
                await self._reload(match_id)
                raise RefereeError(f"{match.label} has changed; try again.") from None
            self._keep(match)
            out = Outcome(f"You resigned from {match.label}.")
            if end is not None:
                out.posts.append(
                    announce.final_post(match, end.result["winners"], [f"{name} resigned."])
                )
                return out
            lines = [f"{name} resigned; the referee plays their moves at random from now on."]
            match, complete = await self._fill_resigned(match)
            if complete is not None:
                out.posts.append(Post(match.row.channel_id, match.id, match.label, tuple(lines)))
                return out.extend(await self._resolve(match, *complete))
            out.posts += announce.step_posts(match, lines)
            return out

    # Reading -----------------------------------------------------------------------------

    async def open_matches(self, guild_id: int) -> list[Match]:
        """This server's lobbies and active matches."""
        return [await self.get(d.row.id) for d in await self.store.open_matches(guild_id)]

    async def matches_of(self, user_id: int) -> list[Match]:
        """The active matches in which a member has a seat."""
        return [await self.get(i) for i in await self.store.active_matches_of(user_id)]

    async def standings(self, guild_id: int, game: str | None, limit: int = 10) -> list[Standing]:
        """A server's leaderboard for one game, or for all games."""
        return await self.store.standings(guild_id, game or ALL_GAMES, limit)

    async def reminders(self) -> Outcome:
        """After a restart: tell every active match who it is waiting for, and re-prompt."""
        out = Outcome()
        for data in await self.store.open_matches():
            if data.row.status != ACTIVE:
                continue
            match = await self.get(data.row.id)
            out.posts += announce.step_posts(match, ["I am back; the game goes on."])
            out.directs += announce.prompts(match)
        return out


def _ended_or_started(match: Match) -> str:
    return {ACTIVE: "started", OVER: "ended", CANCELLED: "been cancelled"}.get(
        match.status, "started"
    )
