"""Heuristic knowledge of the turn-based games scored by the rules' numbers alone: Lengths Of
Lengths Of Lengths, Binary Scramble, An Integer Sequence Game and Arcs And Marks."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from players.heuristic_knowledge import Knowledge
from rules.arcs_and_marks import mover
from rules.arcs_geometry import max_k, meets
from rules.base import Game, Move, Seat
from rules.binary_scramble import flipped, open_positions, shape_of
from rules.lengths_of_lengths import round_score

EXACT = 6
"""Lengths Of Lengths: with at most this many digits to come, the round is played out exactly
(64 endings at most, each cached)."""
COMPLETIONS = 32
"""Lengths Of Lengths: random completions weighed when more digits are to come."""
SPOIL = 0.5
"""Lengths Of Lengths: how often the other seats are expected to repeat the last digit (which
breaks the alternation the offense needs)."""
THREAT = 0.5
"""Binary Scramble and An Integer Sequence Game: what leaving the next mover a big score
costs, among moves that score alike (less than any point)."""
PRESSURE = 0.5
"""Arcs And Marks: the weight of the points an arc is expected to cost the later arcs."""


@lru_cache(maxsize=1 << 16)
def expected_score(digits: str, n: int, players: int) -> float:
    """The offense's score to expect from a round's digits so far: with at most EXACT digits
    to come, the score of best play (the offense seeks the longest, the others the shortest);
    before that, the mean over sampled completions in which the offense appends random digits
    and every other seat repeats the last digit SPOIL of the time, else a random one."""
    left = n - len(digits)
    if left == 0:
        return float(round_score(digits))
    if left <= EXACT:
        zero = expected_score(digits + "0", n, players)
        one = expected_score(digits + "1", n, players)
        # The offense appends every p-th digit, from the first.
        return max(zero, one) if len(digits) % players == 0 else min(zero, one)
    rng = random.Random(digits)  # seeded by the position, so a position has one estimate
    total = 0
    for _ in range(COMPLETIONS):
        tail = list(digits)
        for i in range(len(digits), n):
            spoil = i % players and rng.random() < SPOIL
            tail.append(tail[-1] if spoil else rng.choice("01"))
        total += round_score("".join(tail))
    return total / COMPLETIONS


def lengths_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """How a digit changes the offense's expected score of the round: good for the offense,
    bad for every other seat."""
    if after.round != before.round:
        return 0.0  # the round ended: its score is in the gain, the next one starts afresh
    n, players = after.n, after.players
    change = expected_score(after.digits, n, players) - expected_score(before.digits, n, players)
    return change if seat == before.round % before.players else -change


def binary_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """A flip that leaves the next mover a scoring flip is worth THREAT to that mover and
    costs every other seat as much (the part-1 digits, which score nothing yet, nothing)."""
    if len(after.digits) < after.length:
        return 0.0
    for pos in open_positions(after):
        if shape_of(flipped(after.digits, pos)) in after.shapes:
            return THREAT if after.turn % after.players == seat else -THREAT
    return 0.0


def sequence_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """Leaving the next mover m(k) dividing C is worth THREAT to that mover and costs every
    other seat as much: any number it circles then scores m(k), the largest value yet (with
    no composite so far, that is every prime m(k))."""
    if after.players == 1:
        return 0.0  # a solitaire: the seat scores whatever it leaves itself
    value, count = after.m[-1], after.composites[-1]
    if value > 1 and count % value == 0:
        return THREAT if len(after.circled) % after.players == seat else -THREAT
    return 0.0


def arcs_candidates(game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> list[Move]:
    """Every k; on a round's first move centred on mark 0 (a round is the same turned)."""
    ks = range(1, max_k(state.m) + 1)
    if state.current is None:
        return [f"{k}@0" for k in ks]
    return [str(k) for k in ks]


@lru_cache(maxsize=4096)
def met_share(m: int, delta: int, k: int) -> float:
    """The share of the arcs centred `delta` marks after an arc (centre 0, k) that meet it."""
    top = max_k(m)
    return sum(meets(m, delta, k, later) for later in range(1, top + 1)) / top


def arcs_outlook(game: Game[Any], before: Any, after: Any, seat: Seat, rng: Any) -> float:
    """An arc costs the round's later movers the points they are likely to pay for it: good
    when they are others, bad when the seat itself."""
    log = after.current
    if log is None:
        return 0.0  # the round ended with this arc: nobody will pay for it
    t, m, players = len(log.ks) - 1, after.m, after.players
    k = log.ks[-1]
    value = 0.0
    for later in range(t + 1, m):
        share = met_share(m, later - t, k)
        if mover(after.round, players, later) == seat:
            value -= share
        else:
            value += share / (players - 1)
    return PRESSURE * value


LENGTHS = Knowledge(outlook=lengths_outlook)
BINARY = Knowledge(outlook=binary_outlook)
ARCS = Knowledge(candidates=arcs_candidates, outlook=arcs_outlook)
SEQUENCE = Knowledge(outlook=sequence_outlook)
