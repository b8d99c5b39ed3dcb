"""What is said when a lobby changes, a step opens or resolves, and a match ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import islice
from typing import Any

from referee.codes import Line
from referee.match import Match
from referee.notices import Board, Controls, Direct, Outcome, Post, Style
from referee.safe_text import board_name
from referee.speech import (
    Counts,
    Field,
    GameRef,
    Listed,
    Options,
    Person,
    PolicyName,
    RulesText,
    Seconds,
    Text,
    say,
)
from referee.standings import final
from rules.base import Game, Move, Phrase, PhraseField, Seat, SeatRef, name_of
from rules.placements import Result, Verdict

DIGITS = ("0", "1")
FEW_MOVES = 625
"""The most legal moves a post or prompt lists for its mover to pick from (a front end offers
them only if its menus hold that many, one menu or two steps of menus; more are typed)."""


def name(match: Match, seat: Seat) -> Person:
    """A player as a line names them."""
    s = match.seats[seat]
    return Person(s.name, computer=s.computer is not None)


def who(match: Match, seat: Seat) -> Person:
    """A player a line calls on: a member by id (a front end may notify them), a computer by
    its name."""
    s = match.seats[seat]
    return Person(s.name, s.user_id, s.computer is not None)


def member(match: Match, user_id: int) -> Person:
    """A member a line calls on, named as their seat is (a front end names one not seated)."""
    seat = match.seat_of(user_id)
    return Person(seat.name if seat else "", user_id)


def rules_text(phrase: Phrase, match: Match | None = None) -> RulesText:
    """A phrase of the rules as the referee says it: its seats made people (a match's players,
    or P1, P2, ... where there is no match yet), its phrases and lists opened up."""

    def field(value: PhraseField) -> Field:
        if isinstance(value, SeatRef):
            return Person(name_of(None, value.seat)) if match is None else name(match, value.seat)
        if isinstance(value, Phrase):
            return rules_text(value, match)
        if isinstance(value, tuple):
            return Listed.of(map(field, value))
        return value

    return RulesText(phrase.template, tuple((k, field(v)) for k, v in phrase.fields))


def rules_prompt(match: Match, seat: Seat) -> RulesText:
    """The rules' prompt for a seat, naming players as people."""
    p = match.require_progress()
    return rules_text(p.game.prompt(p.state, seat), match)


def players(match: Match) -> tuple[int, ...]:
    """The user ids of a match's members who are still in."""
    return match.members(s.seat for s in match.active_seats())


def lobby_post(match: Match, closed: Text | None = None) -> Post:
    """The lobby message: who is seated, whom a rematch invites, what is needed, and the
    Join/Start/Cancel buttons; it calls the invited members who have not joined yet."""
    counts = match.player_counts()
    seated = Listed.of(
        say(Line.SEAT, number=i + 1, player=name(match, i)) for i in range(len(match.seats))
    )
    lines = [say(Line.HOST, host=member(match, match.row.host_id))]
    if match.row.rematch_of is not None:
        lines.append(say(Line.REMATCH_OF, game=GameRef(match.row.game, match.row.rematch_of)))
    lines += [
        say(Line.OPTIONS, options=Options.of(match.row.options)),
        say(Line.LOBBY_PLAYERS, counts=Counts(tuple(counts)), n=len(match.seats), seated=seated),
    ]
    if match.row.move_seconds:
        seconds = Seconds(match.row.move_seconds)
        policy = PolicyName(match.row.deadline_policy)
        lines.append(say(Line.DEADLINE, seconds=seconds, policy=policy))
    awaited: tuple[int, ...] = ()
    if closed:
        lines.append(closed)
    else:
        if match.invited:
            awaited = match.awaited_invitees()
            invited = Listed.of(
                member(match, u)
                if u in awaited
                else say(Line.INVITEE_JOINED, player=member(match, u))
                for u in match.invited
            )
            lines.append(say(Line.INVITED, invited=invited))
        if match.row.rematch_of is not None:
            lines.append(say(Line.REMATCH_STARTS))
        elif len(counts) > 1:
            lines.append(say(Line.HOST_STARTS))
        else:
            lines.append(say(Line.STARTS_WHEN_FULL, n=counts[0]))
    return Post(
        match.row.channel_id,
        match.id,
        say(Line.LOBBY_TITLE, game=match.ref),
        tuple(lines),
        style=Style.LOBBY,
        controls=Controls.NONE if closed else Controls.LOBBY,
        mentions=awaited,
        replaces=match.row.lobby_message_id,
    )


def computer_seats(match: Match) -> tuple[bool, ...]:
    """Which seats are computers'."""
    return tuple(s.computer is not None for s in match.seats)


def board_names(match: Match) -> tuple[str, ...]:
    """The seats' names as boards show them."""
    # A computer's name is the referee's own text, kept whole: "Computer 2 (medium)".
    return tuple(s.name if s.computer else board_name(s.name) for s in match.seats)


def board(match: Match, viewer: Seat | None) -> Board:
    """The board of a started match as a viewer may see it."""
    p = match.require_progress()
    view = p.game.view(p.state, viewer)
    return Board(match.row.game, view, board_names(match), p.final(), computer_seats(match))


def begins(match: Match, first: Sequence[Text] = ()) -> Outcome:
    """What is said when a match starts: the post naming its players and options (after the
    `first` lines) with the board and who is to move, the secret-move prompts, and the
    computers to ask."""
    title = say(Line.BEGINS_TITLE, game=match.ref)
    players = Listed.of(name(match, s.seat) for s in match.seats)
    settled = Options.of(match.row.settled or {})
    lines = [*first, say(Line.PLAYERS, players=players), say(Line.OPTIONS, options=settled)]
    out = Outcome(posts=step_posts(match, lines, title), directs=prompts(match))
    if match.thinking():
        out.computers.append(match.id)
    return out


def step_posts(match: Match, lines: Sequence[Text], title: Text | None = None) -> list[Post]:
    """The channel post after something happened: what happened, the board, who is next."""
    p = match.require_progress()
    game = p.game
    if match.status != "active":
        return []
    awaited = match.waiting_on()
    out = list(lines)
    controls = Controls.NONE
    choices: tuple[str, ...] = ()
    if match.is_sealed():
        out.append(waiting_for(match, awaited))
        if match.members(awaited):
            controls = Controls.SECRET
    elif awaited:
        seat = awaited[0]
        out.append(say(Line.TO_MOVE, player=who(match, seat), prompt=rules_prompt(match, seat)))
        if tuple(sorted(islice(game.legal(p.state, seat), 3))) == DIGITS:
            controls = Controls.DIGITS
        elif match.seats[seat].user_id is not None:
            choices = choices_of(match, seat)
            controls = Controls.PICK if choices else controls
    return [
        Post(
            match.row.channel_id,
            match.id,
            title or say(Line.GAME, game=match.ref),
            tuple(out),
            board(match, None),
            Style.RESULT if lines else Style.PROGRESS,
            controls,
            match.row.step,
            match.members(awaited),
            players(match),
            choices=choices,
        )
    ]


def choices_of(match: Match, seat: Seat) -> tuple[str, ...]:
    """The seat's own legal moves that keep it in the game, when they are few: only what that
    seat may play, so a list for one seat holds no other seat's secret."""
    p = match.require_progress()
    return tuple(p.game.few_moves(p.state, seat, FEW_MOVES))


def waiting_lines(matches: Sequence[Match]) -> tuple[list[Text], tuple[int, ...]]:
    """Whose move each match awaits, a line each after where to find them all, and whom to
    mention."""
    lines = [say(Line.WAITING_HEAD)]
    waiting: list[int] = []
    for match in matches:
        awaited = match.waiting_on()
        how = Line.WAITING_SECRET if match.is_sealed() else Line.WAITING_TURN
        names = Listed.of(who(match, s) for s in awaited)
        lines.append(say(how, game=match.ref, players=names))
        waiting += match.members(awaited)
    return lines, tuple(dict.fromkeys(waiting))[:40]


def waiting_for(match: Match, seats: Sequence[Seat]) -> Text:
    """Who a sealed step still waits for: members send their moves by DM, computers think."""
    members = [who(match, s) for s in seats if match.seats[s].user_id is not None]
    computers = [who(match, s) for s in seats if match.seats[s].user_id is None]
    awaited = say(Line.SECRETS_AWAITED, players=Listed.of(members))
    if not computers:
        return awaited
    thinking = say(Line.THINKING, players=Listed.of(computers), n=len(computers))
    return (
        say(Line.AWAITED_AND_THINKING, awaited=awaited, thinking=thinking) if members else thinking
    )


def prompts(match: Match, seats: Sequence[Seat] | None = None) -> list[Direct]:
    """Private prompts for the seats of a sealed step (all awaited seats by default)."""
    if not match.is_sealed():
        return []
    chosen = sorted(match.awaited_seats()) if seats is None else seats
    out = []
    for seat in chosen:
        seat_row = match.seats[seat]
        if match.resigned(seat) or seat_row.user_id is None:
            continue
        out.append(
            Direct(
                seat_row.user_id,
                match.id,
                say(Line.RULES, text=rules_prompt(match, seat)),
                board(match, seat),
                prompt=True,
                channel_id=match.row.channel_id,
                step=match.row.step,
                title=say(Line.GAME, game=match.ref),
                choices=choices_of(match, seat),
            )
        )
    return out


def describe_step(
    game: Game[Any], before: Any, moves: Mapping[Seat, Move], after: Any, match: Match
) -> list[Text]:
    """The rules' own account of a step, naming players as people."""
    described = game.describe(before, moves, after)
    return [say(Line.RULES, text=rules_text(line, match)) for line in described]


def solitaire_lines(match: Match) -> list[Text]:
    """How a finished one-player game compares with the best possible, where it is known."""
    p = match.require_progress()
    if p.resigned:
        return [say(Line.SOLITAIRE_RESIGNED)]
    best = p.game.proven_best(match.row.settled or {})
    if best is None:
        return [say(Line.SOLITAIRE_COUNTS)]
    score = p.game.scores(p.state)[0]
    where = Options.of(match.row.settled or {})
    if score == best:
        compared = say(Line.SOLITAIRE_BEST, score=score, options=where, best=best)
    else:
        percent = score * 100 // best
        compared = say(Line.SOLITAIRE_SHARE, score=score, percent=percent, options=where, best=best)
    return [compared, say(Line.SOLITAIRE_COUNTS)]


LEFT = {"resigned": Line.LEFT_RESIGNED, "removed": Line.LEFT_REMOVED, "timeout": Line.LEFT_TIMEOUT}
"""How a result line says a seat left, by the reason its record entry gives."""


VERDICTS = {
    Verdict.WIN: Line.RESULT_WIN,
    Verdict.WIN_WITH: Line.RESULT_WIN_WITH,
    Verdict.DRAW: Line.RESULT_DRAW,
    Verdict.DRAW_WITH: Line.RESULT_DRAW_WITH,
    Verdict.SCORED: Line.RESULT_SCORED,
}
"""The line of each kind of result but a one-player game given up (who left says it all)."""


def result_line(
    match: Match, result: Result, person: Callable[[Match, Seat], Person] = who
) -> Text:
    """One line naming a finished game's result: who won and by what score (or the draw),
    and who resigned, was removed or ran out of time."""
    gone = [
        say(LEFT.get(reason, Line.LEFT_RESIGNED), player=name(match, seat))
        for seat, reason in result.left
    ]
    kind, seats, score = result.verdict()
    if kind is Verdict.GAVE_UP:
        return gone[0]
    people: dict[str, Field] = {}
    if kind is Verdict.DRAW_WITH:
        people["players"] = Listed.of(person(match, s) for s in seats)
    elif kind is not Verdict.DRAW:
        people["player"] = person(match, seats[0])
    line = say(VERDICTS[kind], score=score, **people)
    return say(Line.RESULT_AFTER, result=line, left=Listed.of(gone)) if gone else line


def final_post(match: Match, lines: Sequence[Text]) -> Post:
    """The closing summary of a finished match: its result line, what ended it, and each
    player's total from the best placed down (the replay of its record)."""
    p = match.require_progress()
    result = final(match)
    out = [result_line(match, result), *lines]
    for i in result.order:
        how = (
            Line.TOTAL_WINNER
            if i in result.winners
            else Line.TOTAL_LEFT
            if i in result.gone
            else Line.TOTAL
        )
        out.append(say(how, player=name(match, i), total=result.scores[i]))
    if p.players == 1:
        out += solitaire_lines(match)
    return Post(
        match.row.channel_id,
        match.id,
        say(Line.OVER_TITLE, game=match.ref),
        tuple(out),
        board(match, None),
        Style.FINAL,
        # A game of two or more can be played again by the same table.
        # A tournament's game is followed by its next round, not a rematch.
        controls=(
            Controls.REMATCH if p.players > 1 and match.row.tournament_id is None else Controls.NONE
        ),
        mentions=match.members(result.winners),
        players=players(match),
    )
