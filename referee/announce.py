"""What is said when a lobby changes, a step opens or resolves, and a match ends."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from referee.match import Match
from referee.notices import Board, Controls, Direct, Person, Post, Said, Style, joined, spans
from referee.safe_text import board_name
from rules.base import Game, Move, Seat

DIGITS = ("0", "1")
_SLOTS = re.compile("\x00(\\d+)\x00")
"""Where the rules' text names a seat: the names handed to the rules are these markers, which
`_named` turns into people for the front end to show."""


def name(match: Match, seat: Seat) -> Person:
    """A player as a line names them."""
    return Person(match.seats[seat].name)


def who(match: Match, seat: Seat) -> Person:
    """A player a line calls on: a member by id (a front end may notify them), a computer by
    its name."""
    s = match.seats[seat]
    return Person(s.name, s.user_id)


def member(match: Match, user_id: int) -> Person:
    """A member a line calls on, named as their seat is (or 'a member' if not seated)."""
    seat = match.seat_of(user_id)
    return Person(seat.name if seat else "a member", user_id)


def _slots(match: Match) -> list[str]:
    return [f"\x00{i}\x00" for i in range(len(match.seats))]


def _named(match: Match, text: str) -> Said:
    """The rules' text with its seat markers made people."""
    parts = _SLOTS.split(text)
    if len(parts) == 1:
        return text
    return tuple(name(match, int(p)) if i % 2 else p for i, p in enumerate(parts) if p)


def rules_prompt(match: Match, seat: Seat) -> Said:
    """The rules' prompt for a seat, naming players as people."""
    p = match.require_progress()
    return _named(match, p.game.prompt(p.state, seat, _slots(match)))


def options_text(options: Mapping[str, Any]) -> str:
    """Options as `m=6, rounds=10`."""
    if not options:
        return "defaults"
    return ", ".join(f"{k}={'none' if v is None else v}" for k, v in options.items())


def counts_text(counts: Sequence[int]) -> str:
    """Allowed player counts as '2', '2 to 8' or '2, 4 or 8'."""
    if len(counts) == 1:
        return str(counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def players(match: Match) -> tuple[int, ...]:
    """The user ids of a match's members who are still in."""
    return match.members(s.seat for s in match.active_seats())


def lobby_post(match: Match, closed: str | None = None) -> Post:
    """The lobby message: who is seated, whom a rematch invites, what is needed, and the
    Join/Start/Cancel buttons; it calls the invited members who have not joined yet."""
    counts = match.player_counts()
    seated = joined((f"{i + 1}. ", Person(s.name)) for i, s in enumerate(match.seats))
    lines: list[Said] = [("Host: ", member(match, match.row.host_id))]
    if match.row.rematch_of is not None:
        lines.append(f"Rematch of {match.game.title} #{match.row.rematch_of}.")
    lines += [
        f"Options: {options_text(match.row.options)}",
        (f"Players: {counts_text(counts)} (seated {len(match.seats)}): ", *seated),
    ]
    if match.row.move_seconds:
        policy = match.row.deadline_policy
        lines.append(f"Move deadline: {duration(match.row.move_seconds)} ({policy} at expiry).")
    awaited: tuple[int, ...] = ()
    if closed:
        lines.append(closed)
    else:
        if match.invited:
            awaited = match.awaited_invitees()
            invited = [
                (member(match, u), "" if u in awaited else " (joined)") for u in match.invited
            ]
            lines.append(("Invited: ", *joined(invited)))
        if match.row.rematch_of is not None:
            lines.append(
                "It starts by itself once every invited player has joined; the host may start "
                "it before."
            )
        elif len(counts) > 1:
            lines.append("The host starts it once enough players are in.")
        else:
            lines.append(f"It starts by itself when {counts[0]} players have joined.")
    return Post(
        match.row.channel_id,
        match.id,
        f"{match.label}: lobby",
        tuple(lines),
        style=Style.LOBBY,
        controls=Controls.NONE if closed else Controls.LOBBY,
        mentions=awaited,
        replaces=match.row.lobby_message_id,
    )


def duration(seconds: int) -> str:
    """A short duration such as '90 s', '15 min', '2 h' or '1 d'."""
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{seconds // size} {unit}"
    return f"{seconds} s"


def board_names(match: Match) -> tuple[str, ...]:
    """The seats' names as boards show them."""
    # A computer's name is the referee's own text, kept whole: "Computer 2 (medium)".
    return tuple(s.name if s.computer else board_name(s.name) for s in match.seats)


def board(match: Match, viewer: Seat | None) -> Board:
    """The board of a started match as a viewer may see it."""
    p = match.require_progress()
    return Board(match.row.game, p.game.view(p.state, viewer), board_names(match))


def step_posts(match: Match, lines: Sequence[Said], title: str | None = None) -> list[Post]:
    """The channel post after something happened: what happened, the board, who is next."""
    p = match.require_progress()
    game = p.game
    if match.status != "active":
        return []
    awaited = match.waiting_on()
    out = list(lines)
    controls = Controls.NONE
    if match.is_sealed():
        out.append(waiting_for(match, awaited))
        if match.members(awaited):
            controls = Controls.SECRET
    elif awaited:
        seat = awaited[0]
        out.append((who(match, seat), " to move: ", *spans(rules_prompt(match, seat))))
        if tuple(sorted(islice(game.legal(p.state, seat), 3))) == DIGITS:
            controls = Controls.DIGITS
    return [
        Post(
            match.row.channel_id,
            match.id,
            title or match.label,
            tuple(out),
            board(match, None),
            Style.RESULT if lines else Style.PROGRESS,
            controls,
            match.row.step,
            match.members(awaited),
            players(match),
        )
    ]


def waiting_lines(matches: Sequence[Match]) -> tuple[list[Said], tuple[int, ...]]:
    """Whose move each match awaits, a line each after where to find them all, and whom to
    mention."""
    lines: list[Said] = ["Waiting for a move (`/games` lists every open game):"]
    waiting: list[int] = []
    for match in matches:
        awaited = match.waiting_on()
        how = "secret moves" if match.is_sealed() else "turn move"
        names = joined(who(match, s) for s in awaited)
        lines.append((f"{match.label}: waiting for ", *names, f" ({how})."))
        waiting += match.members(awaited)
    return lines, tuple(dict.fromkeys(waiting))[:40]


def waiting_for(match: Match, seats: Sequence[Seat]) -> Said:
    """Who a sealed step still waits for: members send their moves by DM, computers think."""
    members = [who(match, s) for s in seats if match.seats[s].user_id is not None]
    computers = [who(match, s) for s in seats if match.seats[s].user_id is None]
    line = ("Waiting for secret moves from ", *joined(members), ".")
    if not computers:
        return line
    thinking = (*joined(computers), f" {'is' if len(computers) == 1 else 'are'} thinking.")
    return (*line, " ", *thinking) if members else thinking


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
                rules_prompt(match, seat),
                board(match, seat),
                prompt=True,
                channel_id=match.row.channel_id,
                step=match.row.step,
                title=match.label,
            )
        )
    return out


def describe_step(
    game: Game[Any], before: Any, moves: Mapping[Seat, Move], after: Any, match: Match
) -> list[Said]:
    """The rules' own account of a step, naming players as people."""
    return [_named(match, line) for line in game.describe(before, moves, after, _slots(match))]


def against_best(score: int, best: int) -> str:
    """How a one-player score compares with the proven best for its options."""
    return "the best possible" if score == best else f"{score * 100 // best}% of the best possible"


def solitaire_lines(match: Match) -> list[Said]:
    """How a finished one-player game compares with the best possible, where it is known."""
    p = match.require_progress()
    if p.resigned:
        return ["Resigned: a one-player game that is given up has no result."]
    best = p.game.proven_best(match.row.settled or {})
    if best is None:
        return ["One-player games count for `/solitaire`, not for the leaderboard."]
    score = p.game.scores(p.state)[0]
    where = options_text(match.row.settled or {})
    return [
        f"{score} is {against_best(score, best)}: the proven best with {where} is {best}.",
        "One-player games count for `/solitaire`, not for the leaderboard.",
    ]


def final_post(match: Match, lines: Sequence[Said]) -> Post:
    """The closing summary of a finished match: its result, the replay of its record."""
    p = match.require_progress()
    totals = p.game.scores(p.state)
    winners = p.winners()
    order = sorted(range(len(totals)), key=lambda i: totals[i], reverse=not p.game.lowest_wins)
    out = list(lines)
    for i in order:
        tag = " (left)" if match.resigned(i) else ""
        crown = "🏆 " if i in winners else ""
        out.append((crown, name(match, i), f": {totals[i]}{tag}"))
    if p.players == 1:
        out += solitaire_lines(match)
    elif len(winners) == 1:
        out.append(("Winner: ", who(match, winners[0]), "."))
    elif winners:
        out.append(("Draw between ", *joined(who(match, i) for i in winners)))
    return Post(
        match.row.channel_id,
        match.id,
        f"{match.label}: game over",
        tuple(out),
        board(match, None),
        Style.FINAL,
        # A game of two or more can be played again by the same table.
        controls=Controls.REMATCH if p.players > 1 else Controls.NONE,
        mentions=match.members(winners),
        players=players(match),
    )
