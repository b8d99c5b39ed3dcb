"""Time: reminders before a deadline, the deadline policy at expiry, and lobbies that expire."""

from __future__ import annotations

import logging
from collections.abc import Callable

from players import choose
from referee import announce
from referee.book import Book
from referee.codes import Cancel, Line
from referee.computers import seed_of
from referee.lobby import Lobbies
from referee.match import ACTIVE, LOBBY, Match
from referee.notices import Direct, Outcome, Post, Style
from referee.play import Play
from referee.policies import POLICIES
from referee.rows import Deadline
from referee.speech import Listed, Seconds, Text, say
from rules.base import Seat

log = logging.getLogger(__name__)


class Clock:
    """What happens when time passes; the bot calls tick() at next_wakeup()."""

    def __init__(self, book: Book, lobbies: Lobbies, play: Play) -> None:
        self.book = book
        self.store = book.store
        self.clock = book.clock
        self.lobbies = lobbies
        self.play = play

    async def next_wakeup(self) -> float | None:
        """When the next reminder or deadline falls due, if any."""
        return await self.store.next_wakeup()

    async def tick(self) -> Outcome:
        """Send due reminders and apply expired deadlines."""
        out = Outcome()
        now = self.clock()
        for match_id in await self.store.due(now):
            # Every process may find the same match due: the write decides who acts on it.
            out.extend(await self.book.act(match_id, lambda match: self._on_time(match, now)))
        return out

    async def _on_time(self, match: Match, now: float) -> Outcome:
        row = match.row
        if row.status == LOBBY and row.deadline_at is not None and row.deadline_at <= now:
            return await self.lobbies.close(match, Cancel.LOBBY_EXPIRED)
        if row.status != ACTIVE:
            return Outcome()
        if row.deadline_at is not None and row.deadline_at <= now:
            return await self._expire(match)
        if row.remind_at is not None and row.remind_at <= now:
            return await self._remind(match)
        return Outcome()

    async def _remind(self, match: Match) -> Outcome:
        """Tell the awaited players how long they have left."""
        deadline = Deadline(match.row.deadline_at, None)
        await self.store.set_deadline(match.id, match.row.version, deadline, self.clock())
        match = self.book.keep(match.stored(remind_at=None))
        left = int((match.row.deadline_at or 0) - self.clock())
        waiting = match.waiting_on()
        if not match.members(waiting):
            return Outcome()
        plays_for_them = POLICIES[match.row.deadline_policy].plays_for_them
        code = Line.REMINDER_AUTO if plays_for_them else Line.REMINDER_FORFEIT
        text = say(code, left=Seconds(max(left, 1)), game=match.ref)
        out = Outcome()
        out.posts.append(
            Post(
                match.row.channel_id,
                match.id,
                say(Line.GAME, game=match.ref),
                (text,),
                style=Style.NOTICE,
                mentions=match.members(waiting),
            )
        )
        out.directs += [
            Direct(user_id, match.id, text, channel_id=match.row.channel_id)
            for user_id in match.members(waiting)
        ]
        return out

    async def _expire(self, match: Match) -> Outcome:
        """Apply the match's policy to the players who did not move in time."""
        absent = match.waiting_on()
        names = Listed.of(announce.name(match, s) for s in absent)
        log.info("Match %s: deadline passed for seats %s", match.id, absent)
        everyone = len(absent) >= len(match.active_seats())
        plays_for_them = POLICIES[match.row.deadline_policy].plays_for_them
        if everyone and match.row.tournament_id is not None:
            # A tournament's game must end for its round to: with every player gone, the
            # referee plays on for them rather than cancel it.
            plays_for_them = True
        if plays_for_them:
            p = match.require_progress()
            # The easy computer's move: light enough to work out here, and never a `drop`.
            played = {
                s: choose(p.game, p.state, s, "easy", seed_of(match, s), p.resigned) for s in absent
            }
            autos = self.play.autos(match, {**p.pending, **played}) or {}
            note = Post(
                match.row.channel_id,
                match.id,
                say(Line.GAME, game=match.ref),
                (say(Line.TIME_RAN_OUT, players=names),),
                style=Style.NOTICE,
            )
            out = Outcome(posts=[note])
            moves = {**p.pending, **played, **autos}
            return out.extend(await self.play.resolve(match, moves, {*played, *autos}))
        if everyone:
            return await self.lobbies.close(match, Cancel.ALL_OUT_OF_TIME)
        whys: dict[Seat, Text] = {
            s: say(Line.OUT_OF_TIME_LEAVES, player=announce.name(match, s)) for s in absent
        }
        return await self.play.resign_seats(match, whys, "timeout")

    async def reminders(self, owns: Callable[[int], bool] = lambda _: True) -> Outcome:
        """After a restart: one post per channel naming who each game waits for, in the guilds
        `owns` accepts (those of this process's shards).

        Secret-move prompts are not sent again: the first ones are still in the players' DMs,
        and thousands of repeated DMs would run into Discord's rate limits.
        """
        out = Outcome()
        by_channel: dict[int, list[Match]] = {}
        for match in await self.book.known_open_matches():
            if match.status == ACTIVE and owns(match.row.guild_id):
                by_channel.setdefault(match.row.channel_id, []).append(match)
        for channel_id, matches in by_channel.items():
            lines, waiting = announce.waiting_lines(matches)
            out.posts.append(
                Post(
                    channel_id,
                    matches[0].id,
                    say(Line.BACK_TITLE),
                    tuple(lines),
                    style=Style.NOTICE,
                    mentions=waiting,
                )
            )
        return out
