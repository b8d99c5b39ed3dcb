"""What the search knows of each game beyond its rules, in one record per game: speed-ups for
playouts (a random legal move drawn without listing every legal move, whole random playouts
run on plain numbers instead of rule states) and where and how a playout is cut and judged. A
game without an entry here is searched through the rules contract alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from players.heuristic_labyrinth import expected_loop
from rules import GAMES
from rules.base import Move, Seat
from rules.labyrinthine_geometry import joined, move_text, neighbours, pairs
from rules.labyrinthine_loop import UNREACHED, offense
from rules.numbers_to_number import round_points

Sampler = Callable[[Any, Seat, random.Random], Move]
Estimate = Callable[[Any], tuple[float, ...]]
"""state -> each seat's total as it may expect it to end up, where a playout is cut."""
Scores = tuple[int, ...]
Playout = Callable[
    [Any, int, int, int, Scores, random.Random, "list[Any] | None"], tuple[Scores, bool]
]
"""(state, depth, horizon, limit, root scores, rng, record) -> the totals where the playout
stopped, and whether it was cut before the end: it stops at the end, at `limit` steps from
the root, or at the first change of the totals from the root's once `horizon` steps are done
(the rule of players.search). Each step is appended to `record` when one is given (the tests
replay it through the rules)."""

TRIES = 12
"""Random dots (or dot pairs) tried before a sampler scans for a legal one."""


def labyrinth_move(s: Any, seat: Seat, rng: random.Random) -> Move:
    """A random legal segment of Labyrinthine Loop: a first segment, a growth from the tree
    to a new dot (found from a random new dot next to the tree), or a closing pair."""
    n, parent, reached = s.n, s.parent, s.reached
    size = n * n
    if reached == 0 or reached == size:
        every = pairs(n)
        for _ in range(TRIES if reached else 1):
            a, b = every[int(rng.random() * len(every))]
            if reached == 0 or not joined(parent, a, b):
                return move_text(n, a, b)
        return move_text(n, *rng.choice([p for p in every if not joined(parent, *p)]))
    near = neighbours(n)
    for _ in range(TRIES):
        b = int(rng.random() * size)
        if parent[b] == UNREACHED:
            grown = [a for a in near[b] if parent[a] != UNREACHED]
            if grown:
                return move_text(n, grown[int(rng.random() * len(grown))], b)
    frontier = [
        b for b in range(size) if parent[b] == UNREACHED and any(parent[a] >= 0 for a in near[b])
    ]
    b = rng.choice(frontier)
    return move_text(n, rng.choice([a for a in near[b] if parent[a] != UNREACHED]), b)


def numbers_playout(
    s: Any,
    depth: int,
    horizon: int,
    limit: int,
    root_scores: Scores,
    rng: random.Random,
    record: list[Any] | None = None,
) -> tuple[Scores, bool]:
    """A random playout of Numbers To Number: both seats draw numbers they have not played,
    and each round is scored with the rules' own `round_points`."""
    top = (1 << s.m) - 1
    used = s.used
    added: tuple[set[int], set[int]] = (set(), set())
    pairs_now = list(s.pairs)
    rounds, m, done = s.rounds, s.m, s.round
    scores = list(s.scores)
    changed = tuple(scores) != tuple(root_scores)
    while done < rounds:
        if depth >= limit or (depth >= horizon and changed):
            break
        pair = (_unplayed(used[0], added[0], top, rng), _unplayed(used[1], added[1], top, rng))
        if record is not None:
            record.append(pair)
        pairs_now.append(pair)
        depth += 1
        if len(pairs_now) == m:
            got = round_points(pairs_now)
            if got[0] or got[1]:
                scores[0] += got[0]
                scores[1] += got[1]
                changed = tuple(scores) != tuple(root_scores)
            pairs_now = []
            done += 1
    return tuple(scores), done < rounds


def _unplayed(used: Any, added: set[int], top: int, rng: random.Random) -> int:
    """A random number 1..top not in `used` (the state's) nor in `added` (this playout's)."""
    for _ in range(64):
        x = 1 + int(rng.random() * top)
        if x not in added and x not in used:
            added.add(x)
            return x
    x = rng.choice([y for y in range(1, top + 1) if y not in used and y not in added])
    added.add(x)
    return x


def numbers_round_left(s: Any) -> int:
    """Numbers To Number: the steps left in the round under way."""
    return int(s.m - len(s.pairs))


def loop_ahead(left: int) -> float:
    """How much longer than `expected_loop` a round's loop ends, on average, with `left` dots
    still to reach: 0.4·left²/(left + 6), fitted to games between the heuristic players at
    n = 4 to 8 (within about a point at every stage of a round; the spread is 1 to 4 points)."""
    return 0.4 * left * left / (left + 6)


def typical_loop(n: int) -> float:
    """The loop a round's offense may expect before the round's first segment (14.3 at n = 6,
    25.4 at n = 8: the heuristic players' averages are 14.6 and 25.4)."""
    return 2 + loop_ahead(n * n)


def labyrinth_estimate(s: Any) -> tuple[float, ...]:
    """Labyrinthine Loop's final totals as the seats may expect them: the round's offense
    credited the loop it may expect to close (`expected_loop`, the tree only grows, plus what
    the dots still to reach add on average), and the offense of each round still to come a
    typical loop, so a first offense's loop is weighed against the loops still to come."""
    game = GAMES["labyrinthine-loop"]
    totals = list(map(float, s.scores))
    if game.is_over(s):
        return tuple(totals)
    seat = offense(s)
    if s.reached < 2:
        totals[seat] += typical_loop(s.n)
    else:
        expected = expected_loop(s, seat in game.to_move(s))
        totals[seat] += expected + loop_ahead(s.n * s.n - s.reached)
    for later in range(s.round + 1, s.players * s.rounds):
        totals[later % s.players] += typical_loop(s.n)
    return tuple(totals)


def cards_estimate(s: Any) -> tuple[float, ...]:
    """Numerical Card Game's totals with each seat still in the game credited a point for each
    card of its fresh pile (at most the moves left): a card scores about once before it
    molds, and a seat that leaves gives up every later point."""
    left = s.max_moves - s.moves
    return tuple(
        float(score) + (min(len(fresh), left) if active else 0.0)
        for score, fresh, active in zip(s.scores, s.fresh, s.active, strict=True)
    )


def cards_needed(s: Any, seat: Seat) -> tuple[Move, ...] | None:
    """The moves worth weighing in a two-player Numerical Card Game, where the rules show that
    no other move ever does better whatever the other seat seals; None where any may.

    The leader drops and wins at once. A seat behind never drops: that loses at once. A tied
    seat holding a 1 plays it: against a 1 the scores stay level with both piles as they were,
    against any other card it takes the lead (and drops next), and against a drop it draws, so
    neither a drop's sure draw nor another card (which loses to a 1) is ever better."""
    if len(s.scores) != 2 or not s.active[seat]:
        return None
    lead = s.scores[seat] - s.scores[1 - seat]
    if lead > 0:
        return ("drop",)
    if lead < 0:
        return tuple(str(card) for card in dict.fromkeys(s.fresh[seat]))
    return ("1",) if 1 in s.fresh[seat] else None


@dataclass(frozen=True)
class SearchKnowledge:
    """One game's knowledge for the search; a field left out is the rules contract's way."""

    sampler: Sampler | None = None
    """A fast random-move sampler (canonical legal moves only)."""
    playout: Playout | None = None
    """A fast whole playout (used when no seat has resigned)."""
    # A round scored on its own: a playout stops at the end of the round it starts in, since
    # the random moves of later rounds would only add noise to what the round's moves are worth.
    round_left: Callable[[Any], int] | None = None
    """Steps left in the round under way."""
    # With an estimate, a playout stops at its horizon instead of playing on to the next
    # change of the totals.
    estimate: Estimate | None = None
    """The final totals as the seats may expect them where a playout is cut."""
    horizon: int | None = None
    """Steps from the root after which a playout stops, where fewer than the budget's."""
    cut_spread: float | None = None
    """Points a lead may still swing at a cut: a seat's result is a logistic of its lead."""
    needed: Callable[[Any, Seat], tuple[Move, ...] | None] | None = None
    """The only moves worth weighing for an awaited seat, where the rules show that no other
    does better whatever the others play (None from it: any move may)."""


SEARCH_KNOWLEDGE: dict[str, SearchKnowledge] = {
    # The estimate predicts a round's loop to within 1 to 4 points (more on larger grids).
    "labyrinthine-loop": SearchKnowledge(
        sampler=labyrinth_move, estimate=labyrinth_estimate, cut_spread=3.0
    ),
    "numbers-to-number": SearchKnowledge(playout=numbers_playout, round_left=numbers_round_left),
    # Random cards played later say nothing of the card played now and only bury its points
    # in noise (horizon 1); judged won or lost, a seat a few points behind saw every card as
    # equally lost (a lead of 3 counts 0.73 instead).
    "numerical-cards": SearchKnowledge(
        estimate=cards_estimate, horizon=1, cut_spread=3.0, needed=cards_needed
    ),
}
"""Each game's search knowledge by slug."""
PLAIN = SearchKnowledge()
"""The knowledge of a game without an entry: its rules alone."""


def search_knowledge(slug: str) -> SearchKnowledge:
    """The search knowledge of a game (PLAIN when it has none)."""
    return SEARCH_KNOWLEDGE.get(slug, PLAIN)


def needed_moves(slug: str, state: Any, seat: Seat) -> tuple[Move, ...] | None:
    """The only moves worth weighing for a seat, where its game's knowledge shows them; None
    where any legal move may be."""
    needed = search_knowledge(slug).needed
    return None if needed is None else needed(state, seat)
