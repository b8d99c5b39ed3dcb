"""The per-game playout samplers give only canonical legal moves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from players.heuristic_labyrinth import expected_loop
from players.knowledge import (
    SEARCH_KNOWLEDGE,
    cards_estimate,
    cards_needed,
    labyrinth_estimate,
    search_knowledge,
    typical_loop,
)
from players.search import Budget, Search
from rules import GAMES
from rules.labyrinthine_loop import offense
from rules.record import Progress
from tests.players.helpers import played

SAMPLED = ["labyrinthine-loop"]
"""The games with a fast random-move sampler."""
PLAYED_OUT = ["numbers-to-number"]
"""The games with a fast whole playout."""


def test_the_games_with_speed_ups_are_the_ones_tested() -> None:
    """A speed-up added or lost shows here, so that its tests below never vanish quietly."""
    assert sorted(s for s, k in SEARCH_KNOWLEDGE.items() if k.sampler) == SAMPLED
    assert sorted(s for s, k in SEARCH_KNOWLEDGE.items() if k.playout) == PLAYED_OUT
    assert sorted(s for s, k in SEARCH_KNOWLEDGE.items() if k.needed) == ["numerical-cards"]


@pytest.mark.parametrize("slug", SAMPLED)
@pytest.mark.parametrize(("players", "n"), [(2, 2), (3, 3), (2, 6), (4, 12)])
def test_samplers_draw_legal_moves(slug: str, players: int, n: int) -> None:
    """Through whole random games, every sampled move is one of the legal moves."""
    game, sample = GAMES[slug], search_knowledge(slug).sampler
    assert sample is not None
    rng = random.Random(n)
    state = game.start(players, game.settle_options(players, {"n": n, "rounds": 1}))
    while not game.is_over(state):
        (seat,) = game.to_move(state)
        legal = set(game.legal(state, seat))
        for _ in range(3):
            move = sample(state, seat, rng)
            assert move in legal and game.parse(state, seat, move) == move
        state = game.apply(state, {seat: move})


@pytest.mark.parametrize("slug", PLAYED_OUT)
@pytest.mark.parametrize(("given", "steps"), [({}, 0), ({}, 17), ({"m": 3}, 2), ({"m": 12}, 5)])
def test_fast_playouts_are_games_the_rules_accept(
    slug: str, given: dict[str, int], steps: int
) -> None:
    """Replayed through the rules, a fast playout's steps are legal and give its totals,
    whether it runs to the end or is cut."""
    game, fast = GAMES[slug], search_knowledge(slug).playout
    assert fast is not None
    progress, _ = played(slug, 2, given, steps, seed=steps)
    root = progress.state
    for horizon, limit in ((10**6, 10**6), (3, 10**6), (0, 7)):
        record: list[tuple[int, int]] = []
        rng = random.Random(horizon)
        totals, cut = fast(root, 0, horizon, limit, game.scores(root), rng, record)
        state = root
        for a, b in record:
            state = game.apply(state, {0: str(a), 1: str(b)})
        assert totals == game.scores(state) and cut == (not game.is_over(state))
        if horizon == 10**6:
            assert game.is_over(state)
        if limit == 7:
            assert len(record) <= 7


@pytest.mark.parametrize("steps", [0, 9, 40])
def test_the_fast_playout_matches_the_generic_one(steps: int) -> None:
    """From the same random stream, the Numbers To Number playout on plain numbers gives the
    totals of the playout through the rules (it is only faster)."""
    game = GAMES["numbers-to-number"]
    progress, _ = played("numbers-to-number", 2, {}, steps, seed=steps)
    for seed in range(5):
        totals = []
        for fast in (True, False):
            search = Search(game, progress.state, Budget(1), random.Random(seed), frozenset())
            if not fast:
                search.fast = None
            totals.append(search._playout(progress.state, 0))
        assert totals[0] == totals[1]


def test_the_card_estimate_credits_the_seats_still_playing() -> None:
    """A Numerical Card Game seat still in the game is credited its fresh cards (at most the
    moves left); a seat that dropped out keeps only its score."""
    game = GAMES["numerical-cards"]
    progress = Progress.begin(game, 3, {"m": 5})
    progress = progress.submit(0, "drop").submit(1, "2")
    state = progress.state
    assert cards_estimate(state) == (0.0, 5.0, 5.0)
    short = Progress.begin(game, 3, {"m": 5, "max_moves": 3}).submit(0, "1").submit(1, "1")
    assert cards_estimate(short.state) == (4.0, 4.0, 2.0)


def test_the_loop_estimate_weighs_each_round_against_the_rounds_to_come() -> None:
    """Labyrinthine Loop's estimate credits the round's offense the loop it may expect (more
    than it could close now while dots are left) and each round still to come a typical
    loop; a finished game is its totals."""
    game = GAMES["labyrinthine-loop"]
    sample = search_knowledge("labyrinthine-loop").sampler
    assert sample is not None
    rng = random.Random(4)
    state = game.start(2, game.settle_options(2, {"n": 6}))
    typical = typical_loop(6)
    assert labyrinth_estimate(state) == (typical, typical)
    assert 13 < typical < 16  # what two heuristic players close at n = 6 on average
    while state.round == 0 and state.reached < 20:
        (seat,) = game.to_move(state)
        state = game.apply(state, {seat: sample(state, seat, rng)})
    first, second = labyrinth_estimate(state)
    assert second == typical
    assert first > expected_loop(state, offense(state) in game.to_move(state))
    while state.round == 0:
        (seat,) = game.to_move(state)
        state = game.apply(state, {seat: sample(state, seat, rng)})
    assert labyrinth_estimate(state) == (state.scores[0], state.scores[1] + typical)
    while not game.is_over(state):
        (seat,) = game.to_move(state)
        state = game.apply(state, {seat: sample(state, seat, rng)})
    assert labyrinth_estimate(state) == tuple(map(float, state.scores))


def test_two_card_players_weigh_only_the_moves_that_can_be_best() -> None:
    """Between two Numerical Card Game players the leader drops, a seat behind keeps to its
    cards, and a tied seat holding a 1 plays it; a tied seat without a 1, and any seat at a
    table of three, may play anything."""
    game = GAMES["numerical-cards"]
    start = Progress.begin(game, 2, {"m": 5}).state
    assert cards_needed(start, 0) == cards_needed(start, 1) == ("1",)
    led = Progress.begin(game, 2, {"m": 5}).submit(0, "1").submit(1, "3").state
    assert led.scores == (2, 0)
    assert cards_needed(led, 0) == ("drop",)
    behind = cards_needed(led, 1)
    assert behind is not None and sorted(behind) == sorted({str(c) for c in led.fresh[1]})
    assert cards_needed(replace(start, fresh=((2, 3, 4, 5), start.fresh[1])), 0) is None
    assert cards_needed(Progress.begin(game, 3, {"m": 5}).state, 0) is None


def test_a_cut_playout_counts_a_win_by_leaving_as_won() -> None:
    """Where a playout is cut, a seat that can drop out and win at once has won: the playout
    ends the game there instead of weighing the lead (at a table of three it weighs it)."""
    game = GAMES["numerical-cards"]
    led = Progress.begin(game, 2, {"m": 5}).submit(0, "1").submit(1, "3").state
    search = Search(game, led, Budget(1), random.Random(0), frozenset())
    assert search._playout(led, 5) == ((2, 0), False)
    three = Progress.begin(game, 3, {"m": 5}).submit(0, "1").submit(1, "3").state
    search = Search(game, three, Budget(1), random.Random(0), frozenset())
    assert search._playout(three, 5)[1]
