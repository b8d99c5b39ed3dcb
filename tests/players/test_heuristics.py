"""The heuristic players give legal, canonical, seeded moves from what their seat may know,
and beat the random player."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.heuristic_labyrinth import depths, expected_loop, longest_loop, path_dots
from players.heuristics import HEURISTICS, heuristic_move, move_values
from rules import GAMES
from rules.base import IllegalMove
from rules.labyrinthine_geometry import tree_path
from rules.record import Progress
from tests.players.helpers import played
from tests.players.test_levels import cases


@pytest.mark.parametrize(("slug", "players", "options"), cases())
def test_every_heuristic_plays_legal_canonical_moves(
    slug: str, players: int, options: dict[str, Any]
) -> None:
    """At random positions (sealed steps included), every heuristic's move parses to itself,
    every valued move does too, and the same seed gives the same move."""
    game = GAMES[slug]
    rng = random.Random(f"heuristics {slug}{players}{sorted(options.items())}")
    for _ in range(4):
        progress, _ = played(slug, players, options, rng.randrange(80), rng.randrange(999))
        if progress.is_over():
            continue
        state = progress.state
        for seat in sorted(game.to_move(state)):
            seed = rng.randrange(10**6)
            valued = move_values(game, state, seat, random.Random(seed))
            assert valued, "no move weighed"
            moves = [move for move, _ in valued]
            assert len(set(moves)) == len(moves)
            for move in moves:
                assert game.parse(state, seat, move) == move
            for name in HEURISTICS:
                move = heuristic_move(name, game, state, seat, random.Random(seed))
                assert game.parse(state, seat, move) == move
                assert heuristic_move(name, game, state, seat, random.Random(seed)) == move


SEALED = [
    ("numbers-to-number", 2, {}, 9),
    ("numbers-to-number", 2, {"m": 12}, 3),
    ("numerical-cards", 2, {}, 5),
    ("numerical-cards", 4, {"m": 6}, 7),
]


@pytest.mark.parametrize(("slug", "players", "given", "steps"), SEALED)
@pytest.mark.parametrize("name", list(HEURISTICS))
def test_the_decision_ignores_what_others_sealed(
    slug: str, players: int, given: dict[str, int], steps: int, name: str
) -> None:
    """Whatever the other awaited seat sealed, the heuristic's move is the same: the sealed
    move lives outside the state it decides from."""
    progress, _ = played(slug, players, given, steps, seed=3)
    game = progress.game
    seat, other = sorted(game.to_move(progress.state))
    moves = set()
    for sealed in sorted(game.legal(progress.state, other), key=str)[:6]:
        waiting = progress.submit(other, sealed)
        assert waiting.pending == {other: sealed}
        assert waiting.state == progress.state
        moves.add(heuristic_move(name, game, waiting.state, seat, random.Random(5)))
    assert len(moves) == 1, moves


def test_a_resigned_seat_plays_the_referees_way_out() -> None:
    """A resigned seat drops in Numerical Card Game, as the referee would play it."""
    game = GAMES["numerical-cards"]
    progress = Progress.begin(game, 3, {"m": 6}).resign(1)
    for name in HEURISTICS:
        move = heuristic_move(name, game, progress.state, 1, random.Random(1), progress.resigned)
        assert move == "drop"
        move = heuristic_move(name, game, progress.state, 0, random.Random(1), progress.resigned)
        assert move != "drop"


def test_a_seat_not_awaited_is_refused() -> None:
    """Asking for the move of a seat that is not to move raises IllegalMove."""
    game = GAMES["lengths-of-lengths"]
    state = game.start(2, game.settle_options(2, {}))
    for name in HEURISTICS:
        with pytest.raises(IllegalMove):
            heuristic_move(name, game, state, 1, random.Random(1))
    with pytest.raises(IllegalMove):
        move_values(game, state, 1, random.Random(1))
    with pytest.raises(ValueError, match="greedy"):
        heuristic_move("clever", game, state, 0, random.Random(1))


SMALL: dict[str, dict[str, int]] = {
    "numbers-to-number": {"m": 4, "rounds": 3},
    "numerical-cards": {"m": 8},
    "lengths-of-lengths": {"n": 8},
    "binary-scramble": {"length": 6, "target": 3},
    "labyrinthine-loop": {"n": 4},
    "integer-sequence": {"n": 8},
    "arcs-and-marks": {"m": 8, "rounds": 2},
}
GAMES_EACH = 8
"""Games per heuristic and game against random, seats swapped in half of them."""


def duel(slug: str, name: str, seed: int) -> int:
    """Wins minus losses of a heuristic against the random player, over GAMES_EACH games."""
    game = GAMES[slug]
    balance = 0
    for i in range(GAMES_EACH):
        rng = random.Random(f"{seed}:{i}")
        mine = i % 2
        progress = Progress.begin(game, 2, SMALL[slug])
        while not progress.is_over():
            state = progress.state
            step = {
                seat: heuristic_move(name, game, state, seat, random.Random(rng.randrange(2**32)))
                if seat == mine
                else game.sample(state, seat, rng)
                for seat in sorted(game.to_move(state))
            }
            for seat, move in step.items():
                progress = progress.submit(seat, move)
        won = progress.winners()
        balance += (won == [mine]) - (mine not in won)
    return balance


@pytest.mark.parametrize("slug", list(SMALL))
@pytest.mark.parametrize("name", list(HEURISTICS))
def test_every_heuristic_beats_random(slug: str, name: str) -> None:
    """Over a few seeded games at small options, each heuristic wins at least two games more
    than it loses."""
    assert set(SMALL) == set(GAMES)
    assert duel(slug, name, seed=7) >= 2


def test_greedy_plays_a_move_of_highest_value() -> None:
    """Greedy's move is one that `move_values` rates highest (the search's priors agree)."""
    for slug, game in GAMES.items():
        progress, _ = played(slug, 2, {}, 7, seed=4)
        seat = min(game.to_move(progress.state))
        valued = dict(move_values(game, progress.state, seat, random.Random(8)))
        move = heuristic_move("greedy", game, progress.state, seat, random.Random(8))
        assert valued[move] == max(valued.values()), slug


def test_card_leader_drops_to_win_and_the_other_stays() -> None:
    """In Numerical Card Game with two players, the seat ahead drops (the game ends with it
    winning); the seat behind plays on."""
    game = GAMES["numerical-cards"]
    progress = Progress.begin(game, 2, {}).submit(0, "1").submit(1, "7")
    assert game.scores(progress.state) == (2, 0)
    for name in HEURISTICS:
        assert heuristic_move(name, game, progress.state, 0, random.Random(2)) == "drop"
        assert heuristic_move(name, game, progress.state, 1, random.Random(2)) != "drop"


def test_lengths_defence_spoils_the_alternation() -> None:
    """After 010 of four digits, the defence repeats the 0 (0101 would score the offense 4)."""
    game = GAMES["lengths-of-lengths"]
    progress = Progress.begin(game, 2, {"n": 4})
    for seat, digit in ((0, "0"), (1, "1"), (0, "0")):
        progress = progress.submit(seat, digit)
    for name in HEURISTICS:
        assert heuristic_move(name, game, progress.state, 1, random.Random(3)) == "0"


def test_loop_offense_closes_the_longest_loop() -> None:
    """Once every dot is reached, the offense closes a loop of the most dots it can."""
    game = GAMES["labyrinthine-loop"]
    progress = Progress.begin(game, 2, {"n": 4})
    rng = random.Random(6)
    while progress.state.reached < 16:
        seat = min(game.to_move(progress.state))
        progress = progress.submit(seat, game.sample(progress.state, seat, rng))
    state = progress.state
    gains = {
        move: game.scores(game.apply(state, {0: move}))[0] - game.scores(state)[0]
        for move in game.legal(state, 0)
    }
    for name in HEURISTICS:
        move = heuristic_move(name, game, state, 0, random.Random(1))
        assert gains[move] == max(gains.values())


def test_the_loop_to_expect_counts_the_dots_still_to_reach() -> None:
    """After a1-b1, b1-c1, c1-c2 on 3x3 dots, the loop closable now has 3 dots (b1 c1 c2);
    b2 grown from a1 or c2 would make one of 5 and from b1 or c1 one of 4, a2 one of 3. The
    offense to move expects 5; the defence to move spoils b2 (4), and the offense takes the
    next best dot (3), so 4."""
    game = GAMES["labyrinthine-loop"]
    progress = Progress.begin(game, 2, {"n": 3})
    for seat, move in ((0, "a1 b1"), (1, "b1 c1"), (0, "c1 c2")):
        progress = progress.submit(seat, move)
    state = progress.state
    assert longest_loop(3, state.parent) == 3
    assert expected_loop(state, offense_moves=True) == 5
    assert expected_loop(state, offense_moves=False) == 4
    rng = random.Random(4)
    while not progress.is_over():
        state = progress.state
        if state.reached >= 2:
            for moves in (True, False):
                assert expected_loop(state, moves) >= longest_loop(state.n, state.parent)
        seat = min(game.to_move(state))
        progress = progress.submit(seat, game.sample(state, seat, rng))


def test_path_dots_counts_what_the_rules_path_has() -> None:
    """The heuristic's fast count of a tree path's dots equals the length of the rules' own
    path, for every pair of reached dots over random games."""
    game = GAMES["labyrinthine-loop"]
    rng = random.Random(7)
    for n in (3, 5):
        progress = Progress.begin(game, 2, {"n": n})
        while not progress.is_over():
            state = progress.state
            deep = depths(state.parent, state.order)
            for a in state.order:
                for b in state.order:
                    assert path_dots(state.parent, deep, a, b) == len(tree_path(state.parent, a, b))
            seat = min(game.to_move(state))
            progress = progress.submit(seat, game.sample(state, seat, rng))


def test_binary_scramble_takes_a_point_when_it_can() -> None:
    """In part 2, a flip that scores is taken whenever one exists (and no flip ends the game,
    where the result counts first)."""
    game = GAMES["binary-scramble"]
    rng = random.Random(12)
    checked = 0
    for trial in range(30):
        progress, _ = played("binary-scramble", 2, {}, 10 + trial % 8, seed=trial)
        state = progress.state
        if progress.is_over() or len(state.digits) < state.length:
            continue
        seat = min(game.to_move(state))
        after = {move: game.apply(state, {seat: move}) for move in game.legal(state, seat)}
        if any(game.is_over(s) for s in after.values()):
            continue
        scoring = [m for m, s in after.items() if game.scores(s)[seat] > game.scores(state)[seat]]
        if scoring:
            checked += 1
            move = heuristic_move("greedy", game, state, seat, random.Random(rng.randrange(99)))
            assert move in scoring
    assert checked


@pytest.mark.parametrize("seed", [0, 1])
def test_at_three_players_greedy_safe_holds_every_offense_to_two(seed: int) -> None:
    """Lengths Of Lengths Of Lengths at 3 players: a round is worth 2 to its offense under best
    play; greedy-safe's defence holds the best offense to 2, and its offense scores 2 against
    the best defence by either other seat. So in a game of one seat against two greedy-safe
    ones every offense scores 2 whatever that seat plays: it is never alone best."""
    game: Any = GAMES["lengths-of-lengths"]
    start = Progress.begin(game, 3, {}).state

    def worth(state: Any, best: frozenset[int]) -> int:
        """Round 0's score for its offense (seat 0) when the seats in `best` play their best
        (the offense for itself, the defence against it) and greedy-safe plays the others."""
        if game.offense(state) != 0 or game.is_over(state):
            return int(game.scores(state)[0])
        (seat,) = game.to_move(state)
        if seat not in best:
            move = heuristic_move("greedy-safe", game, state, seat, random.Random(seed))
            return worth(game.apply(state, {seat: move}), best)
        results = [worth(game.apply(state, {seat: digit}), best) for digit in "01"]
        return max(results) if seat == 0 else min(results)

    assert worth(start, frozenset({0, 1, 2})) == 2
    assert worth(start, frozenset({0})) == 2
    assert worth(start, frozenset({1})) == worth(start, frozenset({2})) == 2
