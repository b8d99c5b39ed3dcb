"""A computer seat decides from what its seat may know: never from another seat's sealed move."""

from __future__ import annotations

import math
import pickle

import pytest

from players import Request, choose, think
from players.request import rebuild
from rules import GAMES
from tests.players.helpers import played

SEALED = [
    ("numbers-to-number", 2, {}, 9),
    ("numbers-to-number", 2, {"m": 12}, 3),
    ("numerical-cards", 2, {}, 5),
    ("numerical-cards", 4, {"m": 6}, 7),
]


@pytest.mark.parametrize(("slug", "players", "given", "steps"), SEALED)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_decision_ignores_what_others_sealed(
    slug: str, players: int, given: dict[str, int], steps: int, level: str
) -> None:
    """Whatever the other awaited seat sealed, the computer's move is the same, through
    `choose` on the state and through a Request built from the record."""
    progress, entries = played(slug, players, given, steps, seed=3)
    game = progress.game
    seat, other = sorted(game.to_move(progress.state))
    options = game.settle_options(players, given)
    seed = 11
    moves = set()
    for sealed in sorted(game.legal(progress.state, other), key=str)[:6]:
        waiting = progress.submit(other, sealed)
        assert waiting.pending == {other: sealed}
        assert waiting.state == progress.state  # the sealed move lives outside the state
        direct = choose(game, waiting.state, seat, level, seed, waiting.resigned, math.inf)
        request = Request(slug, players, options, tuple(entries), seat, level, seed)
        assert rebuild(request).pending == {}
        if level != "easy":  # the full budget is slow; the state path above already decides
            moves.add(direct)
            continue
        moves |= {direct, think(request)}
    assert len(moves) == 1, moves


def test_a_request_holds_no_pending_move_and_pickles() -> None:
    """A request is built from resolved entries only; it survives pickling (a process pool)."""
    progress, entries = played("numerical-cards", 3, {"m": 5}, 4, seed=5)
    seat, other = sorted(progress.game.to_move(progress.state))
    waiting = progress.submit(other, "drop")
    options = progress.game.settle_options(3, {"m": 5})
    request = Request("numerical-cards", 3, options, tuple(entries), seat, "easy", 2)
    again = pickle.loads(pickle.dumps(request))
    assert again == request
    rebuilt = rebuild(again)
    assert rebuilt.pending == {} and rebuilt.state == waiting.state
    # Even a record that wrongly carried the sealed move would not change the decision:
    # the player looks at the state only.
    leaky = Request("numerical-cards", 3, options, (*entries, (other, "drop")), seat, "easy", 2)
    assert rebuild(leaky).pending == {other: "drop"}
    assert think(leaky) == think(request)


def test_think_replays_resignations() -> None:
    """Resignations in the record reach the decision (the resigned seat is modelled)."""
    progress, entries = played("lengths-of-lengths", 3, {}, 2, seed=1)
    game = GAMES["lengths-of-lengths"]
    seat = next(iter(game.to_move(progress.state)))
    other = (seat + 1) % 3
    options = game.settle_options(3, {})
    request = Request(
        "lengths-of-lengths", 3, options, (*entries, (other, "resign", "resigned")), seat, "easy", 4
    )
    assert rebuild(request).resigned == frozenset({other})
    assert think(request) in ("0", "1")
