"""Every level returns a legal move in every game, deterministically given a seed."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from players import LEVELS, Level, choose, decide
from rules import GAMES
from rules.record import Progress
from tests.players.helpers import EASY, move_of, played, small


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at its defaults, its option bounds, and with more players where allowed."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for slug, game in GAMES.items():
        counts = sorted({max(2, game.min_players), min(game.max_players, 5)})
        for players in counts:
            givens: list[dict[str, Any]] = [{}]
            givens.append({o.name: o.low for o in game.options})
            givens.append({o.name: o.high for o in game.options})
            for given in givens:
                try:
                    options = game.settle_options(players, given)
                except Exception:
                    options = None
                if options is not None:
                    out.append((slug, players, options))
    out.append(("integer-sequence", 1, {"n": 12}))
    return out


@pytest.mark.parametrize(("slug", "players", "options"), cases())
def test_every_level_plays_legal_moves(slug: str, players: int, options: dict[str, Any]) -> None:
    """At random positions (sealed steps included), easy and small searches give moves that
    parse, and the same seed gives the same move."""
    game = GAMES[slug]
    rng = random.Random(f"{slug}{players}{sorted(options.items())}")
    for level in (EASY, small(12)):
        for _ in range(3):
            progress, _ = played(slug, players, options, rng.randrange(60), rng.randrange(999))
            if progress.is_over():
                continue
            for seat in sorted(game.to_move(progress.state)):
                seed = rng.randrange(10**6)
                move = move_of(progress, seat, level, seed)
                assert game.parse(progress.state, seat, move) == move
                assert move_of(progress, seat, level, seed) == move


@pytest.mark.parametrize("slug", list(GAMES))
def test_named_levels_are_deterministic_without_a_time_cap(slug: str) -> None:
    """`choose` with seconds=inf: the same inputs give the same (legal) move at every level."""
    game = GAMES[slug]
    progress, _ = played(slug, 2, {}, 5, seed=9)
    seat = min(game.to_move(progress.state))
    for level in LEVELS:
        if level in ("hard", "expert") and slug in ("numbers-to-number", "labyrinthine-loop"):
            continue  # long; the other games cover the same code
        first = choose(game, progress.state, seat, level, 42, seconds=math.inf)
        assert choose(game, progress.state, seat, level, 42, seconds=math.inf) == first
        assert game.parse(progress.state, seat, first) == first


def test_levels_are_ordered_by_budget() -> None:
    """easy, medium, hard, expert: each searches at least as much as the one before, with at
    least as long a time cap, and each says what it does."""
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    levels = list(LEVELS.values())
    assert levels[0].simulations == 0
    for weaker, stronger in itertools.pairwise(levels):
        assert weaker.simulations <= stronger.simulations
        assert weaker.seconds <= stronger.seconds
        assert weaker.endgame_positions <= stronger.endgame_positions
        assert weaker.endgame_seconds <= stronger.endgame_seconds
    assert all(level.seconds > 0 and level.description for level in levels)
    # The database tells a level's rating from a member's (kept under their id) by its name.
    assert not any(name[0].isdigit() for name in LEVELS)


def test_easy_never_leaves_while_it_can_stay() -> None:
    """In Numerical Card Game, easy never seals `drop` while it holds a card."""
    game = GAMES["numerical-cards"]
    rng = random.Random(1)
    for trial in range(40):
        progress, _ = played("numerical-cards", 3, {"m": 4}, rng.randrange(12), trial)
        if progress.is_over():
            continue
        for seat in sorted(game.to_move(progress.state)):
            for seed in range(5):
                assert move_of(progress, seat, EASY, seed) != "drop"


def test_resigned_seats_play_the_referees_way_out() -> None:
    """A resigned seat is modelled with the referee's own move for it: in Numerical Card Game
    it drops, so it cannot score; the searcher still plays a legal card."""
    game = GAMES["numerical-cards"]
    progress = Progress.begin(game, 3, {"m": 6}).resign(1)
    state = progress.state
    seat = min(game.to_move(state))
    move = decide(game, state, seat, small(30), 3, progress.resigned)
    assert game.parse(state, seat, move) == move
    # For the resigned seat itself, the move is the referee's own: its way out.
    assert decide(game, state, 1, small(30), 3, progress.resigned) == "drop"
    assert decide(game, state, 1, EASY, 3, progress.resigned) == "drop"


def test_an_unknown_level_is_refused() -> None:
    """A level name that does not exist is a ValueError naming the levels."""
    game = GAMES["lengths-of-lengths"]
    state = game.start(2, game.settle_options(2, {}))
    with pytest.raises(ValueError, match="easy"):
        choose(game, state, 0, "impossible", 1)


def test_a_custom_level_decides_through_decide() -> None:
    """decide() takes a Level: a test can give a search a tiny budget."""
    game = GAMES["integer-sequence"]
    state = game.start(2, game.settle_options(2, {}))
    move = decide(game, state, 0, Level("tiny", 5, math.inf), 1)
    assert game.parse(state, 0, move) == move


@pytest.mark.parametrize("slug", list(GAMES))
def test_no_time_left_still_gives_a_legal_move(slug: str) -> None:
    """With a zero time cap the search runs no simulation and still answers legally."""
    game = GAMES[slug]
    progress, _ = played(slug, 2, {}, 3, seed=2)
    seat = min(game.to_move(progress.state))
    move = choose(game, progress.state, seat, "hard", 5, seconds=0)
    assert game.parse(progress.state, seat, move) == move
