"""The search's strength, in a few seeded games (results only; no time is asserted)."""

from __future__ import annotations

import math
import random

from players.levels import choose
from players.outcome import Judge
from players.search import Budget, search
from rules import GAMES
from rules.record import Progress
from tests.players.helpers import small


def test_a_small_search_beats_random_play() -> None:
    """A 60-simulation search wins most of a handful of seeded Integer Sequence games against
    the random player, seats swapped."""
    game = GAMES["integer-sequence"]
    wins = 0
    for i in range(6):
        me = i % 2
        rng = random.Random(i)
        progress = Progress.begin(game, 2, {})
        while not progress.is_over():
            (seat,) = game.to_move(progress.state)
            if seat == me:
                move = search(game, progress.state, seat, Budget(60), rng.randrange(99))
            else:
                move = game.sample(progress.state, seat, rng)
            progress = progress.submit(seat, move)
        wins += progress.winners() == [me]
    assert wins >= 5


def test_the_search_takes_an_immediate_best_loop() -> None:
    """At the last close of a Labyrinthine Loop game, a small search plays a longest loop."""
    game = GAMES["labyrinthine-loop"]
    rng = random.Random(4)
    state = game.start(2, game.settle_options(2, {"n": 4}))
    while state.round < 1 or state.reached < 16:
        (seat,) = game.to_move(state)
        state = game.apply(state, {seat: game.sample(state, seat, rng)})
    (seat,) = game.to_move(state)
    loops = {m: game.apply(state, {seat: m}).scores[seat] for m in game.legal(state, seat)}
    move = search(game, state, seat, Budget(small(40).simulations), 1)
    assert loops[move] == max(loops.values())


def test_rewards_share_ties_and_exclude_resigned_seats() -> None:
    """A sole best seat gets most of the reward; a resigned seat gets nothing; lowest wins."""
    judge = Judge(GAMES["numerical-cards"], 3, frozenset({2}))
    even = judge.rewards((0, 0, 0))
    assert even[0] == even[1] > 0 and even[2] == 0
    ahead = judge.rewards((4, 2, 9))  # the resigned seat's 9 does not count
    assert ahead[0] > 0.75 > 0.25 > ahead[1] and ahead[2] == 0
    rewards = Judge(GAMES["arcs-and-marks"], 2, frozenset()).rewards((1, 5))
    assert rewards[0] > 0.5 > rewards[1]


def test_a_cut_playout_rewards_the_lead_by_degrees() -> None:
    """Where a playout is cut, a seat one point behind is worth more than one three behind and
    a wider lead more than a narrow one; at the end a win is a win."""
    judge = Judge(GAMES["numerical-cards"], 3, frozenset(), cut_spread=3.0)
    close = judge.rewards((10, 11, 5), cut=True)
    far = judge.rewards((10, 13, 5), cut=True)
    assert close[0] > far[0] and far[1] > close[1] > 0.5 > close[0]
    final = judge.rewards((10, 11, 5))
    assert final[1] > 0.75 > 0.25 > final[0]


def test_no_level_drops_for_a_draw_while_its_1_cannot_lose() -> None:
    """At the opening of a two-player Numerical Card Game the searching levels play the 1 in
    every seed (hard and expert dropped out for a draw in nearly half): it cannot lose, and it
    wins against any other card."""
    game = GAMES["numerical-cards"]
    state = Progress.begin(game, 2, {}).state
    for level in ("medium", "hard", "expert"):
        moves = {choose(game, state, seat, level, seed) for seat in (0, 1) for seed in range(4)}
        assert moves == {"1"}


def test_hard_plays_the_sure_points_at_a_table_of_three() -> None:
    """At the opening of Numerical Card Game with 3 or 4 players, a 1 scores 2 whatever the
    other seat shows: hard plays it in every seed (it used to scatter over the deck)."""
    game = GAMES["numerical-cards"]
    for players in (3, 4):
        state = Progress.begin(game, players, {}).state
        moves = {choose(game, state, 0, "hard", seed, seconds=math.inf) for seed in range(8)}
        assert moves == {"1"}
