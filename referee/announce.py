"""What is said when a lobby changes, a step opens or resolves, and a match ends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from referee.lists import EMBED_TEXT, MORE, fit_list
from referee.match import Match
from referee.notices import Board, Controls, Direct, Post, Style
from referee.safe_text import board_name, prose_name
from rules.base import Game, Move, Seat

DIGITS = ("0", "1")


def mention(user_id: int) -> str:
    """A Discord mention of a member."""
    return f"<@{user_id}>"


def who(match: Match, seat: Seat) -> str:
    """A player for a line of prose: a member's mention, or a computer's name."""
    user_id = match.seats[seat].user_id
    return prose_name(match.seats[seat].name) if user_id is None else mention(user_id)


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


def prose_names(match: Match) -> list[str]:
    """The players' names for markdown lines (the rules' prompts and accounts of a step)."""
    return [prose_name(name) for name in match.names]


def players(match: Match) -> tuple[int, ...]:
    """The user ids of a match's members who are still in."""
    return match.members(s.seat for s in match.active_seats())


def lobby_post(match: Match, closed: str | None = None) -> Post:
    """The lobby message: who is seated, whom a rematch invites, what is needed, and the
    Join/Start/Cancel buttons; it calls the invited members who have not joined yet."""
    counts = match.player_counts()
    seated = ", ".join(f"{i + 1}. {prose_name(s.name)}" for i, s in enumerate(match.seats))
    lines = [f"Host: {mention(match.row.host_id)}"]
    if match.row.rematch_of is not None:
        lines.append(f"Rematch of {match.game.title} #{match.row.rematch_of}.")
    lines += [
        f"Options: {options_text(match.row.options)}",
        f"Players: {counts_text(counts)} (seated {len(match.seats)}): {seated}",
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
            invited = [mention(u) + ("" if u in awaited else " (joined)") for u in match.invited]
            lines.append(f"Invited: {', '.join(invited)}")
        if match.row.rematch_of is not None:
            lines.append(
                "It starts by itself once every invited player has joined (Join, `/join`, or "
                "Rematch on the old game's post); the host may press Start before."
            )
        elif len(counts) > 1:
            lines.append(
                "Press Join (or `/join`) to take a seat; the host presses Start once enough are in."
            )
        else:
            lines.append(f"It starts by itself when {counts[0]} players have joined.")
        lines.append("The host can seat computers from the Add computer menu.")
    return Post(
        match.row.channel_id,
        match.id,
        f"{match.label}: lobby",
        tuple(lines),
        style=Style.LOBBY,
        controls=Controls.NONE if closed else Controls.LOBBY,
        mentions=awaited,
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


def step_posts(match: Match, lines: Sequence[str], title: str | None = None) -> list[Post]:
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
    elif awaited:
        seat = awaited[0]
        prompt = game.prompt(p.state, seat, prose_names(match))
        out.append(f"{who(match, seat)} to move: {prompt}")
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


def waiting_lines(matches: Sequence[Match]) -> tuple[list[str], tuple[int, ...]]:
    """Whose move each match awaits, in as many lines as fit a post, and whom to mention."""
    lines: list[str] = []
    waiting: list[int] = []
    for match in matches:
        awaited = match.waiting_on()
        names = ", ".join(who(match, s) for s in awaited)
        how = "secret moves by DM" if match.is_sealed() else "`/move`"
        lines.append(f"{match.label}: waiting for {names} ({how}).")
        waiting += match.members(awaited)
    text = fit_list(lines, EMBED_TEXT, sep="\n", more=f"{MORE}; `/games` lists them.")
    return [text], tuple(dict.fromkeys(waiting))[:40]


def waiting_for(match: Match, seats: Sequence[Seat]) -> str:
    """Who a sealed step still waits for: members send their moves by DM, computers think."""
    members = [who(match, s) for s in seats if match.seats[s].user_id is not None]
    computers = [who(match, s) for s in seats if match.seats[s].user_id is None]
    line = f"Waiting for secret moves from {', '.join(members)}: send them to me by DM."
    if not computers:
        return line
    thinking = f"{', '.join(computers)} {'is' if len(computers) == 1 else 'are'} thinking."
    return f"{line} {thinking}" if members else thinking


def prompts(match: Match, seats: Sequence[Seat] | None = None) -> list[Direct]:
    """Private prompts for the seats of a sealed step (all awaited seats by default)."""
    if not match.is_sealed():
        return []
    p = match.require_progress()
    chosen = sorted(match.awaited_seats()) if seats is None else seats
    out = []
    for seat in chosen:
        seat_row = match.seats[seat]
        if match.resigned(seat) or seat_row.user_id is None:
            continue
        text = (
            f"**{match.label}** in <#{match.row.channel_id}>: "
            f"{p.game.prompt(p.state, seat, prose_names(match))}\n"
            f"Reply here with your move (or `#{match.id} <move>` if you are in several games)."
        )
        out.append(
            Direct(
                seat_row.user_id,
                match.id,
                text,
                board(match, seat),
                prompt=True,
                channel_id=match.row.channel_id,
                step=match.row.step,
            )
        )
    return out


def describe_step(
    game: Game[Any], before: Any, moves: Mapping[Seat, Move], after: Any, match: Match
) -> list[str]:
    """The rules' own account of a step, with player names."""
    return game.describe(before, moves, after, prose_names(match))


def against_best(score: int, best: int) -> str:
    """How a one-player score compares with the proven best for its options."""
    return "the best possible" if score == best else f"{score * 100 // best}% of the best possible"


def solitaire_lines(match: Match) -> list[str]:
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


def final_post(match: Match, lines: Sequence[str]) -> Post:
    """The closing summary of a finished match: its result, the replay of its record."""
    p = match.require_progress()
    totals = p.game.scores(p.state)
    winners = p.winners()
    order = sorted(range(len(totals)), key=lambda i: totals[i], reverse=not p.game.lowest_wins)
    out = list(lines)
    for i in order:
        s = match.seats[i]
        tag = " (left)" if match.resigned(i) else ""
        crown = "🏆 " if i in winners else ""
        out.append(f"{crown}{prose_name(s.name)}: {totals[i]}{tag}")
    if p.players == 1:
        out += solitaire_lines(match)
    elif len(winners) == 1:
        out.append(f"Winner: {who(match, winners[0])}.")
    elif winners:
        out.append("Draw between " + ", ".join(who(match, i) for i in winners))
    out.append(f"`/history {match.id}` gives the game record.")
    if p.players > 1:
        out.append("Rematch opens a lobby for the same game and options, inviting the players.")
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
