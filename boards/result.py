"""A finished game on a board: its result in words, and its view with nobody left to move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boards.words import N_, Translate, same
from rules.base import name_of
from rules.placements import Result, Verdict

VERDICTS = {
    Verdict.WIN: N_("{player} wins {score}"),
    Verdict.WIN_WITH: N_("{player} wins with {score}"),
    Verdict.DRAW: N_("Draw {score}"),
    Verdict.DRAW_WITH: N_("Draw between {players} with {score}"),
    Verdict.SCORED: N_("{player} scores {score}"),
}
"""How a board says each kind of result but a one-player game given up."""
LEFT = {
    "resigned": N_("{player} resigned"),
    "removed": N_("{player} was removed"),
    "timeout": N_("{player} ran out of time"),
}
"""How a board says a seat left, by the reason its record entry gives."""
AFTER = N_("{result} ({left})")

NOBODY_TO_MOVE: dict[str, dict[str, Any]] = {
    "numbers-to-number": {"over": True},
    "numerical-cards": {"over": True, "current": None},
    "lengths-of-lengths": {"over": True, "offense": None, "to_move": None},
    "binary-scramble": {"to_move": None},
    "labyrinthine-loop": {"over": True, "phase": "over", "offense": None, "to_move": None},
    "integer-sequence": {"over": True},
    "arcs-and-marks": {"over": True, "to_move": None},
}
"""What each game's view says once the game is over by its rules, for a game that resignations
ended before that: the keys that name whoever would have moved next."""


def said(result: Result, names: Sequence[str], t: Translate = same) -> str:
    """The result in one line: 'alice wins 2-1', 'Draw 1-1', 'bob resigned'."""
    gone = [
        t(LEFT.get(reason, LEFT["resigned"])).format(player=name_of(names, seat))
        for seat, reason in result.left
    ]
    kind, seats, score = result.verdict()
    if kind is Verdict.GAVE_UP:
        return gone[0]
    line = t(VERDICTS[kind]).format(
        player=name_of(names, seats[0]),
        players=", ".join(name_of(names, s) for s in seats),
        score=score,
    )
    return t(AFTER).format(result=line, left=", ".join(gone)) if gone else line


def finished(game: str, view: Mapping[str, Any], result: Result | None) -> Mapping[str, Any]:
    """The view a board draws: a finished game's shows nobody to move, and seats that left
    as gone."""
    if result is None:
        return view
    ended = {**view, **NOBODY_TO_MOVE[game]}
    if game == "numerical-cards":
        # Seats that resigned stay in the rules' state until the referee's "drop" for them.
        ended["active"] = [on and seat not in result.gone for seat, on in enumerate(view["active"])]
        ended["end"] = view["end"] or "players"
    return ended
