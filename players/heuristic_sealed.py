"""Heuristic knowledge of the sealed games: Numbers To Number and Numerical Card Game.

What a seat models of the other seat comes from the public record only: in Numbers To Number
every number played is revealed, and in Numerical Card Game every card that moves between
piles is revealed, so each seat's unused numbers and fresh pile follow from the record (the
state holds no pending sealed move).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from players.heuristic_knowledge import Knowledge
from players.moves import range_sample
from rules.base import Game, Move, Seat
from rules.number_sets import RangeMoves
from rules.numbers_to_number import fixed_mask, symbol

PREFIXES = 3
"""Numbers To Number: readings of the round's `_` symbols whose number blocks are weighed."""
SPREAD = 6
"""Numbers To Number: random unused numbers weighed beside the chosen ones."""
SCAN = 64
"""Numbers To Number: numbers scanned from a block's edge for an unused one."""
LEAVE = 8.0
"""Numerical Card Game: what leaving while the game goes on costs, in points (every later
point of the seat is lost)."""


def _edge(moves: RangeMoves, lo: int, hi: int, step: int) -> int | None:
    """The first number of lo..hi from one edge (step 1: the low one) that the seat may play."""
    x = lo if step > 0 else hi
    for _ in range(SCAN):
        if not lo <= x <= hi:
            return None
        if str(x) in moves:
            return x
        x += step
    return None


def _prefixes(symbols: str, rng: random.Random) -> list[int]:
    """A few readings (as numbers) of the round's symbols so far, `_` read as 0 or 1."""
    mask, value = fixed_mask(symbols)
    free = [bit for bit in range(len(symbols)) if not mask >> bit & 1]
    if not free:
        return [value]
    readings = {value, value | sum(1 << bit for bit in free)}
    while len(readings) < min(PREFIXES, 1 << len(free)):
        readings.add(value | sum(1 << bit for bit in free if rng.random() < 0.5))
    return sorted(readings)


def numbers_candidates(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> list[Move]:
    """The numbers that keep the round's list readable as them: in each block of numbers
    that agree with the symbols so far, the lowest and highest unused number with each next
    bit (the lowest to lose the comparison, the highest to win it), the overall extremes, and
    a few random unused numbers."""
    moves = game.legal(state, seat)
    assert isinstance(moves, RangeMoves)
    m, t = state.m, len(state.pairs)
    below = m - t - 1
    picks: list[int | None] = [_edge(moves, 1, moves.hi, 1), _edge(moves, 1, moves.hi, -1)]
    symbols = "".join(symbol(p) for p in state.pairs)
    for prefix in _prefixes(symbols, rng):
        for bit in (0, 1):
            lo = (prefix << 1 | bit) << below
            hi = min(lo + (1 << below) - 1, moves.hi)
            lo = max(lo, 1)
            picks += [_edge(moves, lo, hi, 1), _edge(moves, lo, hi, -1)]
    for _ in range(SPREAD):
        drawn = range_sample(moves, rng)
        picks.append(None if drawn is None else int(drawn))
    out = list(dict.fromkeys(str(x) for x in picks if x is not None))
    return out or [game.sample(state, seat, rng)]


def numbers_choices(
    game: Game[Any], state: Any, seat: Seat, rng: random.Random
) -> list[tuple[Move, float]]:
    """What the other seat may play: its telling numbers and as many random ones."""
    telling = numbers_candidates(game, state, seat, rng)
    moves = game.legal(state, seat)
    assert isinstance(moves, RangeMoves)
    spread = {range_sample(moves, rng) for _ in range(len(telling))} - {None}
    return [(move, 1.0) for move in telling] + [(str(x), 1.0) for x in spread if x not in telling]


CONTESTED = 0.5
"""Numbers To Number: the chance a symbol to come goes the seat's way when the other seat
wants the other bit (a seat that alone wants a bit can force it with an extreme number)."""


def targets(state: Any) -> tuple[float, float]:
    """Each seat's chance that the round's list ends as one of the numbers it played: its best
    number the list can still be read as, each symbol to come counting CONTESTED where one of
    the other seat's such numbers needs the other bit."""
    m, t = state.m, len(state.pairs)
    mask, value = fixed_mask("".join(symbol(p) for p in state.pairs))
    alive = [
        [p[seat] for p in state.pairs if (p[seat] >> (m - t)) & mask == value] for seat in (0, 1)
    ]
    out = []
    for seat in (0, 1):
        best = 0.0
        for x in alive[seat]:
            fights = sum(any((x ^ y) >> j & 1 for y in alive[1 - seat]) for j in range(m - t))
            best = max(best, CONTESTED**fights)
        out.append(best)
    return out[0], out[1]


def numbers_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """How a reveal changes the seat's chance to have played the number the round's list ends
    as, less the other seat's."""
    if after.round != before.round:
        return 0.0  # the round is scored: its points are in the gain
    now, was = targets(after), targets(before)
    return now[seat] - now[1 - seat] - (was[seat] - was[1 - seat])


def cards_choices(
    game: Game[Any], state: Any, seat: Seat, rng: random.Random
) -> list[tuple[Move, float]]:
    """What the other seat may seal: each card of its fresh pile as often as it holds it. Its
    `drop` is left out: whatever the seat plays then scores nothing, so only the rare drops
    that end the game would count, and their result would swamp every card's points."""
    counts = Counter(state.fresh[seat])
    return [(str(card), float(k)) for card, k in sorted(counts.items())]


def cards_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """Leaving while the game goes on gives up every later point."""
    return -LEAVE if before.active[seat] and not after.active[seat] else 0.0


NUMBERS = Knowledge(candidates=numbers_candidates, choices=numbers_choices, outlook=numbers_outlook)
CARDS = Knowledge(choices=cards_choices, outlook=cards_outlook)
