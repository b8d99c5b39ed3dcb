"""The heuristic yardstick players: one-ply greedy and two-ply greedy-safe, for every game.

Greedy plays the move whose step gains most at once (`players.outcome.gain`, a win or loss
that the step settles counted as RESULT points, and each game's positional outlook where the
immediate gain is usually zero). At a sealed step it weighs each move against the other seats'
possible choices, modelled from what the seat may know. Greedy-safe also counts what the
next mover's best reply is worth to the seat (with two players: minus what it gains the
replier), or at a sealed step also weighs the other seat's own greedy choice.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Collection, Mapping
from typing import Any, Protocol

from players.heuristic_knowledge import NOTHING, Knowledge
from players.heuristic_labyrinth import LABYRINTH
from players.heuristic_sealed import CARDS, NUMBERS
from players.heuristic_turns import ARCS, BINARY, LENGTHS, SEQUENCE
from players.moves import MovePool, advance, listing
from players.outcome import gain
from rules.base import Game, IllegalMove, Move, Seat

Valued = list[tuple[Move, float]]


class Heuristic(Protocol):
    """A heuristic player: the move of an awaited seat, given the seats that resigned."""

    def __call__(
        self,
        game: Game[Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        resigned: Collection[Seat] = ...,
    ) -> Move: ...


KNOWLEDGE: dict[str, Knowledge] = {
    "arcs-and-marks": ARCS,
    "binary-scramble": BINARY,
    "integer-sequence": SEQUENCE,
    "labyrinthine-loop": LABYRINTH,
    "lengths-of-lengths": LENGTHS,
    "numbers-to-number": NUMBERS,
    "numerical-cards": CARDS,
}
"""Each game's hooks by slug."""

RESULT = 1000.0
"""What settling the game is worth: a win this much, a loss minus this much (points never
come close, so a step that decides the game always outweighs one that scores)."""
SAMPLE = 32
"""Moves weighed when a seat has too many to list (and the game names no candidates)."""
PROFILES = 48
"""Joint choices of the other seats weighed at a sealed step; beyond, a seeded sample of this
many, drawn by their weights."""
SAFE_WIDTH = 12
"""Greedy-safe looks at the replies to at least this many of the greedy's best moves."""
SAFE_STEPS = 1600
"""Greedy-safe looks at the replies to more of them while their count times the number of
moves stays under this (replies are about as many as moves)."""
EQUAL = 1e-9
"""Values closer than this are equal (sums of the same terms in another order)."""
SAFE_TOP = 1
"""At a sealed step, how many of the other seat's own best greedy choices greedy-safe weighs
(its single best predicts a greedy opponent best, and does no worse against the search)."""


def knowledge(game: Game[Any]) -> Knowledge:
    """The hooks of a game (its rules alone when it has none)."""
    return KNOWLEDGE.get(game.slug, NOTHING)


def candidates(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> list[Move]:
    """The seat's moves worth weighing: the game's own set, all legal moves when few, else a
    seeded sample (a huge range is never listed)."""
    hook = knowledge(game).candidates
    if hook is not None:
        return hook(game, state, seat, rng)
    listed = listing(game, state, seat)
    if listed is not None:
        return listed
    pool = MovePool(game, state, seat, rng)
    out: list[Move] = []
    while len(out) < SAMPLE and (move := pool.draw()) is not None:
        out.append(move)
    return out


def choices(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Valued:
    """What another seat expects this seat may seal, with weights (uniform by default)."""
    hook = knowledge(game).choices
    if hook is not None:
        return hook(game, state, seat, rng)
    return [(move, 1.0) for move in candidates(game, state, seat, rng)]


def result_value(
    game: Game[Any], state: Any, seat: Seat, resigned: Collection[Seat] = frozenset()
) -> float:
    """What a finished game is worth to a seat: RESULT for a sole win, less on a shared one,
    -RESULT for a loss (the seats that resigned cannot win)."""
    staying = [other for other in range(len(game.scores(state))) if other not in resigned]
    won = game.best_of(state, staying)
    if seat not in won:
        return -RESULT
    return RESULT * (2 / len(won) - 1)


def step_value(
    game: Game[Any],
    before: Any,
    after: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> float:
    """What one step is worth to a seat: its immediate gain, plus the result when the step
    ends the game, else the change of the seat's outlook."""
    value = gain(game, before, after, seat)
    if game.is_over(after):
        return value + result_value(game, after, seat, resigned)
    outlook = knowledge(game).outlook
    if outlook is not None:
        value += outlook(game, before, after, seat, rng)
    return value


def _profiles(
    game: Game[Any],
    state: Any,
    others: list[Seat],
    rng: random.Random,
    resigned: Collection[Seat],
    fixed: Mapping[Seat, Valued] | None = None,
) -> list[tuple[dict[Seat, Move], float]]:
    """Joint choices of the other awaited seats, with weights: every combination when few,
    else a seeded sample drawn by the weights."""
    per_seat: list[Valued] = []
    for other in others:
        if fixed is not None and other in fixed:
            per_seat.append(list(fixed[other]))
        elif other in resigned:
            per_seat.append([(game.auto_move(state, other, rng, resigned=True), 1.0)])
        else:
            per_seat.append(choices(game, state, other, rng))
    size = 1
    for options in per_seat:
        size *= len(options)
    if size <= PROFILES:
        out = []
        for combo in itertools.product(*per_seat):
            weight = 1.0
            for _, w in combo:
                weight *= w
            out.append(({o: mv for o, (mv, _) in zip(others, combo, strict=True)}, weight))
        return out
    drawn = []
    for _ in range(PROFILES):
        pick = {}
        for other, options in zip(others, per_seat, strict=True):
            moves, weights = zip(*options, strict=True)
            pick[other] = rng.choices(moves, weights)[0]
        drawn.append((pick, 1.0))
    return drawn


def _expected(
    game: Game[Any],
    state: Any,
    seat: Seat,
    moves: list[Move],
    profiles: list[tuple[dict[Seat, Move], float]],
    rng: random.Random,
    resigned: Collection[Seat],
) -> Valued:
    """Each move's mean step value over the weighted joint choices of the other seats."""
    total = sum(w for _, w in profiles) or 1.0
    out = []
    for move in moves:
        value = 0.0
        for pick, weight in profiles:
            after = advance(game, state, {**pick, seat: move})
            value += weight * step_value(game, state, after, seat, rng, resigned)
        out.append((move, value / total))
    return out


def _check(game: Game[Any], state: Any, seat: Seat) -> None:
    if seat not in game.to_move(state):
        raise IllegalMove("It is not your move.")


def move_values(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Valued:
    """The moves greedy weighs for an awaited seat, each with its one-ply value (higher is
    better): the step's gain, or at a sealed step its mean over the others' possible choices."""
    _check(game, state, seat)
    moves = candidates(game, state, seat, rng)
    others = sorted(game.to_move(state) - {seat})
    if not others:
        return [
            (move, step_value(game, state, advance(game, state, {seat: move}), seat, rng, resigned))
            for move in moves
        ]
    profiles = _profiles(game, state, others, rng, resigned)
    return _expected(game, state, seat, moves, profiles, rng, resigned)


def safe_values(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Valued:
    """Greedy-safe's values for the greedy's best moves: the one-ply value plus what the next
    mover's best reply is worth to the seat (with two players: less what it gains the next
    mover); at a sealed step, the mean of the one-ply value and the value against the other
    seat's own greedy choice."""
    ranked = sorted(move_values(game, state, seat, rng, resigned), key=lambda mv: -mv[1])
    ranked = ranked[: max(SAFE_WIDTH, SAFE_STEPS // max(1, len(ranked)))]
    others = sorted(game.to_move(state) - {seat})
    if len(others) == 1 and others[0] not in resigned:
        other = others[0]
        replies = sorted(move_values(game, state, other, rng, resigned), key=lambda mv: -mv[1])
        top = [(move, 1.0) for move, _ in replies[:SAFE_TOP]]
        profiles = _profiles(game, state, others, rng, resigned, {other: top})
        best = [move for move, _ in ranked]
        against = dict(_expected(game, state, seat, best, profiles, rng, resigned))
        return [(move, (value + against[move]) / 2) for move, value in ranked]
    if others:
        return ranked
    return [
        (move, value + _reply_value(game, state, seat, move, rng, resigned))
        for move, value in ranked
    ]


def _reply_value(
    game: Game[Any],
    state: Any,
    seat: Seat,
    move: Move,
    rng: random.Random,
    resigned: Collection[Seat],
) -> float:
    """What the next mover's best reply to this move is worth to the seat (with two players,
    minus what it is worth to the replier; among more, a reply may help the seat too); 0 when
    the game ends, the seat moves again, or the next mover has resigned."""
    after = advance(game, state, {seat: move})
    if game.is_over(after):
        return 0.0
    nxt = sorted(game.to_move(after))
    if seat in nxt or any(r in resigned for r in nxt):
        return 0.0
    reply = {r: _pick(move_values(game, after, r, rng, resigned), rng) for r in nxt}
    return step_value(game, after, advance(game, after, reply), seat, rng, resigned)


def _pick(valued: Valued, rng: random.Random) -> Move:
    """The move of highest value, a seeded draw among equals (so games between the same
    players vary with the seed)."""
    top = max(value for _, value in valued)
    tied = [move for move, value in valued if value >= top - EQUAL]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def greedy(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The move whose step gains most at once (against the others' possible sealed choices)."""
    return _pick(move_values(game, state, seat, rng, resigned), rng)


def greedy_safe(
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The move whose gain, less the next mover's best reply, is highest (at a sealed step:
    whose value, also weighed against the other seat's own greedy choices, is highest)."""
    return _pick(safe_values(game, state, seat, rng, resigned), rng)


HEURISTICS: dict[str, Heuristic] = {"greedy": greedy, "greedy-safe": greedy_safe}
"""The heuristic players by name."""


def heuristic_move(
    name: str,
    game: Game[Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    resigned: Collection[Seat] = frozenset(),
) -> Move:
    """The named heuristic's move for a seat; a resigned seat plays the referee's move for
    it, and a seat that is not awaited raises IllegalMove."""
    if name not in HEURISTICS:
        raise ValueError(f"Unknown heuristic {name!r}; heuristics: {', '.join(HEURISTICS)}.")
    if seat in resigned:
        return game.auto_move(state, seat, rng, resigned=True)
    _check(game, state, seat)
    return HEURISTICS[name](game, state, seat, rng, resigned)
