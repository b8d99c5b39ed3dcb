"""Computer seats in the referee: what a computer decides from, and what a game with one adds
to the records against each level."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from players import LEVELS, Request, think
from referee.computers import request_for
from referee.match import Match
from referee.rows import MatchData, MatchRow, SeatRow
from referee.versus import versus_changes
from rules import GAMES


def match_of(
    slug: str,
    seats: list[SeatRow],
    moves: tuple[Any, ...] = (),
    sealed: tuple[tuple[int, str], ...] = (),
    step: int = 0,
) -> Match:
    """An active match of this game at its default options, rebuilt from its log."""
    settled = GAMES[slug].settle_options(len(seats), {})
    row = MatchRow(
        id=7,
        guild_id=1,
        channel_id=2,
        game=slug,
        options={},
        settled=settled,
        host_id=seats[0].user_id or 0,
        status="active",
        step=step,
        lobby_message_id=None,
        move_seconds=None,
        deadline_policy="auto",
        deadline_at=None,
        created_at=0.0,
    )
    return Match.from_data(MatchData(row, tuple(seats), moves, sealed))


ALICE = SeatRow(0, 11, "alice")


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_computer_decides_the_same_whatever_the_others_sealed(level: str) -> None:
    """A member's sealed move stays out of what the computer is given, so at every level its
    decision is the same whichever move the member sealed, or none."""
    computer = SeatRow(1, None, f"Computer ({level})", level)
    moves = ((0, "5"), (1, "9"))
    open_step = match_of("numbers-to-number", [ALICE, computer], moves, step=1)
    asked = request_for(open_step, 1)
    assert asked.moves == moves and asked.level == level
    decided = deterministic(asked)
    for sealed in ("1", "17", "63"):
        match = match_of("numbers-to-number", [ALICE, computer], moves, ((0, sealed),), step=1)
        assert match.require_progress().pending == {0: sealed}
        assert request_for(match, 1) == asked
        assert deterministic(request_for(match, 1)) == decided


def deterministic(request: Request) -> str:
    """The request's decision without a time cap, so the machine's speed cannot change it."""
    return think(request, seconds=math.inf)


def test_a_member_between_two_levels_beats_one_and_loses_to_the_other() -> None:
    """At a table with a member, an easy and a hard computer: the member's record against a
    level is a win when they placed above every computer of that level, a draw when level."""
    seats = [ALICE, SeatRow(1, None, "Computer (easy)", "easy")]
    seats.append(SeatRow(2, None, "Computer (hard)", "hard"))
    match = match_of("lengths-of-lengths", seats)
    p = match.require_progress()
    # The last round played out with every total still 0: all three draw.
    ended = replace(p, state=replace(p.state, round=p.state.rounds * len(seats)))
    assert ended.is_over() and ended.winners() == [0, 1, 2]
    changes, ratings = versus_changes(match.moved(ended), {})
    assert {(c.game, c.level, c.win, c.draw) for c in changes} == {
        (game, level, False, True)
        for game in ("lengths-of-lengths", "*")
        for level in ("easy", "hard")
    }
    assert {r.player for r in ratings} == {"11", "easy", "hard"}
    # Alice and the easy computer resign with 0: level with each other, below the hard one.
    gone = match.moved(p.resign(0).resign(1, "timeout"))
    assert gone.require_progress().winners() == [2]
    changes, ratings = versus_changes(gone, {})
    assert {r.player for r in ratings} == {"11", "easy", "hard"}
    won = {c.level: (c.win, c.draw) for c in changes if c.game == "*"}
    # Alice and the easy computer both left with 0: level with each other, below the hard one.
    assert won == {"easy": (False, True), "hard": (False, False)}
    hard = next(r for r in ratings if r.player == "hard" and r.game == "*")
    alice = next(r for r in ratings if r.player == "11" and r.game == "*")
    assert hard.mu > alice.mu
