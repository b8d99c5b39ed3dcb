"""Tournaments: entries, rounds paired by the database's transaction, withdrawals, the end.

A tournament keeps no copy in memory: every action reads it, decides, and writes at the version
it read (another process's change in between makes the write fail, and the action is decided
again). A round is paired by `Store.make_round`, which locks the tournament and hands what it
reads to a pure planner (`referee.tournament_plan`), so with several processes each round is
made once; the games of a round are matches like any other.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from referee import announce
from referee import tournament_plan as plan
from referee.book import Book, deadline_after
from referee.codes import Cancel, Line, Refusal, Reply
from referee.computer_names import computer_name
from referee.errors import RefereeError
from referee.lobby import Lobbies, check_game, check_level, check_options
from referee.match import ACTIVE, Match
from referee.notices import Controls, Outcome, Post, Style
from referee.pairings import FORMATS
from referee.play import Play
from referee.safe_text import clean_name
from referee.speech import (
    Counts,
    FormatName,
    GameRef,
    Listed,
    Options,
    Person,
    PolicyName,
    Quote,
    Seconds,
    Text,
    say,
)
from referee.store import AlreadySeated, StaleStep
from referee.tournament_rows import (
    CANCELLED,
    DONE,
    OPEN,
    RUNNING,
    EntrantRow,
    NewTournament,
    RoundPlan,
    TournamentData,
)
from referee.tournament_view import Placing, Table, TournamentView

log = logging.getLogger(__name__)

ATTEMPTS = 8
"""How often an action is decided again when the tournament changed first."""
Planned = Callable[[TournamentData, plan.Deadlines], RoundPlan | None]
"""A planner of `referee.tournament_plan` (start or advance)."""
LISTED = 25
"""How many of a server's tournaments are looked at to find the one a command means."""


class Tournaments:
    """Tournaments of a server: entering, starting, pairing rounds as their games end,
    withdrawing, cancelling, and the standings."""

    def __init__(self, book: Book, lobbies: Lobbies, play: Play) -> None:
        self.book = book
        self.store = book.store
        self.clock = book.clock
        self.lobbies = lobbies
        self.play = play

    # Finding -------------------------------------------------------------------------------

    async def find(
        self, guild_id: int, tournament_id: int | None, latest: bool = False
    ) -> TournamentData:
        """A tournament of this server: by number, else the only one under way (taking entries
        or running) in it, else (if `latest`) the one that ended last."""
        if tournament_id is not None:
            data = await self.store.load_tournament(tournament_id)
            if data is None or data.row.guild_id != guild_id:
                raise RefereeError(Refusal.NO_TOURNAMENT, number=tournament_id)
            return data
        found = await self.store.tournaments_in(guild_id, LISTED)
        rows = [r for r in found if r.status in (OPEN, RUNNING)]
        if not rows and latest and found:
            rows = found[:1]
        if not rows:
            raise RefereeError(Refusal.NO_OPEN_TOURNAMENT)
        if len(rows) > 1:
            numbers = Listed.of(Quote(f"#{r.id}") for r in rows)
            raise RefereeError(Refusal.SEVERAL_TOURNAMENTS, numbers=numbers)
        data = await self.store.load_tournament(rows[0].id)
        if data is None:
            raise RefereeError(Refusal.NO_TOURNAMENT, number=rows[0].id)
        return data

    async def _act(
        self, tournament_id: int, action: Callable[[TournamentData], Awaitable[Outcome]]
    ) -> Outcome:
        """Decide an action on the tournament as stored, again if it changed before the write."""
        for _ in range(ATTEMPTS):
            data = await self.store.load_tournament(tournament_id)
            if data is None:
                raise RefereeError(Refusal.NO_TOURNAMENT, number=tournament_id)
            try:
                return await action(data)
            except StaleStep:
                log.info("Tournament %s changed meanwhile; deciding again", tournament_id)
        raise RefereeError(Refusal.TOURNAMENT_CHANGING, tournament=tournament_id)

    # Entries -------------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        slug: str,
        options: Mapping[str, Any],
        format: str,
        table_size: int,
        rounds: int | None,
        move_seconds: int | None,
        policy: str,
    ) -> Outcome:
        """Open a tournament for entries in this channel, the host entered first."""
        game = check_game(slug, policy)
        if format not in FORMATS:
            raise RefereeError(
                Refusal.NO_SUCH_FORMAT, format=Quote(format), formats=Listed.of(FORMATS)
            )
        given = dict(options)
        counts = [c for c in check_options(game, given) if c >= 2]
        if table_size not in counts:
            raise RefereeError(Refusal.TABLE_SIZE, game=GameRef(slug), counts=Counts(tuple(counts)))
        now = self.clock()
        new = NewTournament(
            guild_id,
            channel_id,
            slug,
            given,
            format,
            table_size,
            rounds,
            move_seconds,
            policy,
            host_id,
            clean_name(host_name),
            now,
        )
        tournament_id = await self.store.create_tournament(new)
        log.info("Tournament %s opened: %s %s by %s", tournament_id, format, slug, host_id)
        data = await self.store.load_tournament(tournament_id)
        assert data is not None
        return Outcome(say(Reply.TOURNAMENT_OPENED, tournament=tournament_id), [entries_post(data)])

    async def join(self, tournament_id: int, user_id: int, name: str) -> Outcome:
        """Enter a member in a tournament that takes entries."""

        async def act(data: TournamentData) -> Outcome:
            self._taking_entries(data)
            if entrant_of(data, user_id) is not None:
                raise RefereeError(Refusal.TOURNAMENT_ENTERED, tournament=data.row.id)
            try:
                await self.store.enter_tournament(
                    data.row.id, data.row.version, user_id, None, clean_name(name), self.clock()
                )
            except AlreadySeated:
                raise RefereeError(Refusal.TOURNAMENT_ENTERED, tournament=data.row.id) from None
            return await self._entered(data.row.id, Reply.TOURNAMENT_JOINED)

        return await self._act(tournament_id, act)

    async def add_computer(
        self, tournament_id: int, user_id: int, moderator: bool, level: str
    ) -> Outcome:
        """Enter a computer of a level (the host or a moderator)."""

        async def act(data: TournamentData) -> Outcome:
            self._host(data, user_id, moderator)
            self._taking_entries(data)
            check_level(level)
            taken = [e.name for e in data.entrants]
            name = computer_name(level, taken)
            await self.store.enter_tournament(
                data.row.id, data.row.version, None, level, name, self.clock()
            )
            out = await self._entered(data.row.id, None)
            player = Person(name, computer=True)
            out.reply = say(Reply.TOURNAMENT_COMPUTER, player=player, tournament=data.row.id)
            return out

        return await self._act(tournament_id, act)

    async def _entered(self, tournament_id: int, reply: Reply | None) -> Outcome:
        """The entries post again, after an entry changed."""
        data = await self.store.load_tournament(tournament_id)
        assert data is not None
        fields = {"n": len(data.entrants)} if reply and "n" in reply.fields else {}
        said = say(reply, tournament=tournament_id, **fields) if reply else None
        return Outcome(said, [entries_post(data)])

    def _taking_entries(self, data: TournamentData) -> None:
        if data.row.status != OPEN:
            raise (
                ended(data)
                if data.row.status in (DONE, CANCELLED)
                else RefereeError(Refusal.TOURNAMENT_CLOSED, tournament=data.row.id)
            )

    def _host(self, data: TournamentData, user_id: int, moderator: bool) -> None:
        """Refuse a host's action to anyone but the host and the moderators."""
        if user_id != data.row.host_id and not moderator:
            host = Person(host_name(data), data.row.host_id)
            raise RefereeError(Refusal.TOURNAMENT_HOST_ONLY, tournament=data.row.id, host=host)

    async def leave(self, tournament_id: int, user_id: int) -> Outcome:
        """Leave a tournament: before it starts, the entry goes; after, the member withdraws
        (their game under way is resigned, their later games forfeited)."""

        async def act(data: TournamentData) -> Outcome:
            entry = entrant_of(data, user_id)
            if data.row.status in (DONE, CANCELLED):
                raise ended(data)
            if entry is None:
                raise RefereeError(Refusal.TOURNAMENT_NOT_ENTERED, tournament=data.row.id)
            if entry.withdrawn is not None:
                raise RefereeError(Refusal.TOURNAMENT_WITHDRAWN, tournament=data.row.id)
            now = self.clock()
            if data.row.status == OPEN:
                await self.store.leave_tournament(data.row.id, data.row.version, entry.entrant, now)
                return await self._entered(data.row.id, Reply.TOURNAMENT_LEFT)
            await self.store.withdraw(
                data.row.id, data.row.version, entry.entrant, data.row.round, now
            )
            log.info("Tournament %s: %s withdrew", data.row.id, user_id)
            line = say(Line.WITHDREW, player=Person(entry.name), tournament=data.row.id)
            out = Outcome(
                say(Reply.TOURNAMENT_WITHDREW, tournament=data.row.id), [notice(data, line)]
            )
            for match_id in open_games_of(data, entry.entrant):
                out.extend(await self._resign(match_id, user_id))
            return out

        return await self.follow(await self._act(tournament_id, act), tournament_id)

    async def _resign(self, match_id: int, user_id: int) -> Outcome:
        """A withdrawing member's game under way: they resign it (the record decides it)."""

        async def act(match: Match) -> Outcome:
            seat = match.seat_of(user_id)
            if match.status != ACTIVE or seat is None or match.resigned(seat.seat):
                return Outcome()
            why = say(Line.RESIGNED, player=announce.name(match, seat.seat))
            return await self.play.resign_seats(match, {seat.seat: why}, "resigned")

        return await self.book.act(match_id, act)

    # Rounds --------------------------------------------------------------------------------

    async def start(self, tournament_id: int, user_id: int, moderator: bool) -> Outcome:
        """Start a tournament (its host or a moderator): the entrants are seeded and the first
        round's games open."""
        data = await self.store.load_tournament(tournament_id)
        if data is None:
            raise RefereeError(Refusal.NO_TOURNAMENT, number=tournament_id)
        self._host(data, user_id, moderator)
        self._taking_entries(data)
        least = plan.needed(data.row.table_size)
        if len(data.entrants) < least:
            raise RefereeError(
                Refusal.TOURNAMENT_NEEDS,
                tournament=tournament_id,
                needed=least,
                entered=len(data.entrants),
            )
        if all(e.user_id is None for e in data.entrants):
            raise RefereeError(Refusal.TOURNAMENT_NO_MEMBER, tournament=tournament_id)
        try:
            plan.rounds_of(data)
        except ValueError:
            most = plan.most_entrants(data)
            raise RefereeError(
                Refusal.TOURNAMENT_TOO_BIG, tournament=tournament_id, most=most
            ) from None
        out = await self._make(tournament_id, plan.start)
        if out is None:
            # Another process started or cancelled it first: say what it is now.
            data = await self.store.load_tournament(tournament_id)
            assert data is not None
            self._taking_entries(data)
            raise RefereeError(Refusal.TOURNAMENT_CHANGING, tournament=tournament_id)
        log.info("Tournament %s started with %s entrants", tournament_id, len(data.entrants))
        out.reply = say(Reply.TOURNAMENT_STARTED, tournament=tournament_id)
        started = await self.store.load_tournament(tournament_id)
        assert started is not None
        out.posts.insert(0, entries_post(started))
        return out

    async def advance(self, tournament_id: int) -> Outcome:
        """After a game of the tournament ended: the next round (or tie-breaks, or the end) if
        that was the round's last game; nothing otherwise (or if another process did it)."""
        return await self._make(tournament_id, plan.advance) or Outcome()

    async def follow(self, out: Outcome, *also: int) -> Outcome:
        """An action's outcome, with what the end of its tournament games makes (next rounds),
        until nothing more happens (a round's games decided at once lead to the next)."""
        pending = [*out.tournaments, *also]
        out.tournaments = []
        seen = 0
        while pending and seen < 100:
            seen += 1
            more = await self.advance(pending.pop(0))
            pending += [t for t in more.tournaments if t not in pending]
            more.tournaments = []
            out.extend(more)
        return out

    async def _make(
        self,
        tournament_id: int,
        planner: Callable[[TournamentData, plan.Deadlines], RoundPlan | None],
    ) -> Outcome | None:
        """Have the store make what the planner decides, in one transaction; what is said of
        it (None if it made nothing)."""
        made: list[RoundPlan | None] = []
        now = self.clock()

        def decide(data: TournamentData) -> RoundPlan | None:
            seconds_now = data.row.move_seconds
            result = planner(data, lambda: deadline_after(seconds_now, now))
            made.append(result)
            return result

        match_ids = await self.store.make_round(tournament_id, decide, now)
        if not made or made[-1] is None:
            return None
        data = await self.store.load_tournament(tournament_id)
        assert data is not None
        matches = [self.book.keep(await self.book.reload(i)) for i in match_ids]
        if matches:
            self.book.on_deadline()
        return said(data, made[-1], matches)

    # The end -------------------------------------------------------------------------------

    async def cancel(self, tournament_id: int, user_id: int, moderator: bool) -> Outcome:
        """Cancel a tournament (its host or a moderator): its games under way are cancelled."""

        async def act(data: TournamentData) -> Outcome:
            self._host(data, user_id, moderator)
            if data.row.status in (DONE, CANCELLED):
                raise ended(data)
            why = Cancel.MODERATOR if moderator and user_id != data.row.host_id else Cancel.HOST
            await self.store.end_tournament(
                data.row.id, data.row.version, CANCELLED, {"reason": why.value}, self.clock()
            )
            log.info("Tournament %s cancelled: %s", data.row.id, why.value)
            line = say(Line.TOURNAMENT_CANCELLED, tournament=data.row.id, reason=say(why))
            out = Outcome(say(Reply.TOURNAMENT_CANCELLED, tournament=data.row.id))
            out.posts.append(notice(data, line, Style.CANCELLED))
            for g in data.games:
                if g.match_id is not None and g.places is None:
                    out.extend(await self._close(g.match_id))
            return out

        return await self._act(tournament_id, act)

    async def _close(self, match_id: int) -> Outcome:
        async def act(match: Match) -> Outcome:
            if match.status != ACTIVE:
                return Outcome()
            return await self.lobbies.close(match, Cancel.TOURNAMENT)

        out = await self.book.act(match_id, act)
        out.reply = None
        return out

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember which message takes a tournament's entries."""
        await self.store.set_tournament_message(tournament_id, message_id)

    async def view(self, guild_id: int, tournament_id: int | None) -> TournamentView:
        """A tournament's standings (and bracket) as they are now."""
        return view_of(await self.find(guild_id, tournament_id, latest=True))

    async def to_resume(self, owns: Callable[[int], bool] = lambda _: True) -> Outcome:
        """At start: the rounds whose last game ended while no process paired the next."""
        out = Outcome()
        for tournament_id, guild_id in await self.store.running_tournaments():
            if owns(guild_id):
                out.extend(await self.advance(tournament_id))
        return await self.follow(out)


def entrant_of(data: TournamentData, user_id: int) -> EntrantRow | None:
    """A member's entry, if they entered."""
    return next((e for e in data.entrants if e.user_id == user_id), None)


def host_name(data: TournamentData) -> str:
    """The host's name as their entry gives it (empty if they left)."""
    entry = entrant_of(data, data.row.host_id)
    return entry.name if entry else ""


def ended(data: TournamentData) -> RefereeError:
    """The refusal of an action on a tournament that is over or cancelled."""
    return RefereeError(Refusal.TOURNAMENT_ENDED, tournament=data.row.id)


def open_games_of(data: TournamentData, entrant: int) -> list[int]:
    """The entrant's games of the tournament still under way."""
    return [
        g.match_id
        for g in data.games
        if g.match_id is not None and g.places is None and entrant in g.entrants
    ]


def person(entry: EntrantRow) -> Person:
    """An entrant as a line names them (a member is called on)."""
    return Person(entry.name, entry.user_id, entry.computer is not None)


def title_of(data: TournamentData) -> Text:
    """A tournament's posts' title: its number, game and format."""
    row = data.row
    return say(
        Line.TOURNAMENT_TITLE,
        tournament=row.id,
        game=GameRef(row.game),
        format=FormatName(row.format),
    )


def notice(data: TournamentData, line: Text, style: Style = Style.NOTICE) -> Post:
    """A post about the tournament in its channel."""
    row = data.row
    return Post(row.channel_id, 0, title_of(data), (line,), style=style, tournament_id=row.id)


def entries_post(data: TournamentData) -> Post:
    """The tournament's post while it takes entries: its game, options, format and entrants."""
    row = data.row
    names = Listed.of(person(e) for e in data.entrants)
    lines = [
        say(Line.HOST, host=Person(host_name(data), row.host_id)),
        say(Line.OPTIONS, options=Options.of(row.options)),
        (
            say(Line.TOURNAMENT_PLAN, n=row.table_size, rounds=row.rounds)
            if row.rounds
            else say(Line.TOURNAMENT_PLAN_BY_FORMAT, n=row.table_size)
        ),
    ]
    if row.move_seconds:
        policy = PolicyName(row.deadline_policy)
        lines.append(say(Line.DEADLINE, seconds=Seconds(row.move_seconds), policy=policy))
    lines.append(say(Line.TOURNAMENT_ENTRANTS, n=len(data.entrants), entrants=names))
    return Post(
        row.channel_id,
        0,
        title_of(data),
        tuple(lines),
        style=Style.LOBBY,
        controls=Controls.ENTER if row.status == OPEN else Controls.NONE,
        replaces=row.message_id,
        tournament_id=row.id,
    )


def said(data: TournamentData, made: RoundPlan, matches: list[Match]) -> Outcome:
    """What is said of what a pairing transaction made: the round's post (its games, byes and
    forfeits, or the final standings) and each new game's start."""
    row = data.row
    by_id = {e.entrant: e for e in data.entrants}
    view = view_of(data)
    out = Outcome()
    if made.status == DONE:
        champions = [by_id[c] for c in (made.result or {}).get("champions", [])]
        if len(champions) == 1:
            line = say(Line.CHAMPION, player=person(champions[0]))
        else:
            line = say(Line.CHAMPIONS, players=Listed.of(person(c) for c in champions))
        title = say(Line.TOURNAMENT_OVER_TITLE, tournament=row.id, game=GameRef(row.game))
        out.posts.append(
            Post(
                row.channel_id,
                0,
                title,
                (line,),
                style=Style.FINAL,
                tournament=view,
                tournament_id=row.id,
            )
        )
        return out
    by_match = {m.id: m for m in matches}
    lines: list[Text] = []
    for g in data.games:
        if g.round != made.round or g.match_id not in by_match:
            continue
        players = Listed.of(person(by_id[i]) for i in g.entrants)
        code = Line.ROUND_TIEBREAK if g.tiebreak else Line.ROUND_GAME
        lines.append(say(code, game=GameRef(row.game, g.match_id), players=players))
    eliminates = plan.format_of(data).eliminates
    for entrant in made.byes:
        if eliminates:
            bye = say(Line.ROUND_BYE_ON, player=person(by_id[entrant]), round=made.round + 1)
        else:
            bye = say(Line.ROUND_BYE, player=person(by_id[entrant]))
        lines.append(bye)
    for f in made.forfeits:
        gone = [by_id[i] for i in f.entrants if by_id[i].withdrawn is not None]
        winners = Listed.of(person(by_id[i]) for i in f.entrants if by_id[i].withdrawn is None)
        for entry in gone:
            lines.append(say(Line.ROUND_FORFEIT, winners=winners, player=Person(entry.name)))
    rounds = plan.rounds_of(data)
    title = say(Line.ROUND_TITLE, tournament=row.id, round=made.round, rounds=rounds)
    out.posts.append(
        Post(row.channel_id, 0, title, tuple(lines), tournament=view, tournament_id=row.id)
    )
    first = say(Line.GAME_OF_TOURNAMENT, tournament=row.id, round=made.round)
    for match in matches:
        out.extend(announce.begins(match, (first,)))
    return out


def view_of(data: TournamentData) -> TournamentView:
    """The standings and games of a tournament as a front end shows them."""
    row = data.row
    by_id = {e.entrant: e for e in data.entrants}
    fmt = plan.format_of(data)
    order = sorted(data.entrants, key=lambda e: (-e.rating, e.entrant))
    seed = {e.entrant: i + 1 for i, e in enumerate(order)}
    rows = fmt.standings(plan.entrants(data), plan.played(data), data.byes, row.table_size)
    placings = tuple(
        Placing(
            r.rank,
            person(by_id[r.entrant]),
            r.score,
            r.played,
            r.wins,
            r.draws,
            r.losses,
            r.byes,
            tuple(r.tiebreaks),
            by_id[r.entrant].withdrawn is not None,
            seed[r.entrant],
        )
        for r in rows
    )
    tables = tuple(
        Table(
            g.round,
            tuple(person(by_id[i]) for i in g.entrants),
            tuple(seed[i] for i in g.entrants),
            g.places,
            g.match_id,
            g.tiebreak,
        )
        for g in data.games
    )
    try:
        rounds = plan.rounds_of(data)
    except ValueError:
        rounds = 0
    return TournamentView(
        row.id,
        row.game,
        row.format,
        row.status,
        row.round,
        rounds,
        row.table_size,
        tuple(fmt.tiebreak_names),
        placings,
        tables,
        tuple((r, person(by_id[e])) for r, e in data.byes),
    )
