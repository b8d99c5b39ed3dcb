"""The strength goals against the heuristics: a score where a game can be won, no loss where
perfect play draws."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bench.strength import Plan, StrengthResult
from bench.strength_games import GameResult, Pairing, Table
from bench.strength_report import DRAWN_UNDER_PERFECT_PLAY, UNDRAWN, strength_summary
from players.exact import Solver
from rules import GAMES
from tests.players.helpers import started


def game(slug: str, other: str, index: int, hard_won: bool | None) -> GameResult:
    """A two-player game at the defaults, hard in seat 0: won, lost, or drawn (None)."""
    winners = (0, 1) if hard_won is None else ((0,) if hard_won else (1,))
    return GameResult(Pairing(Table(slug), "hard", other), index, 0, (1, 1), winners)


def goals_of(results: list[GameResult]) -> dict[str, dict[str, object]]:
    """The strength goals of a run that played these games."""
    run = StrengthResult(results, {}, Plan(len(results), 0, 0), seconds=1.0)
    return strength_summary(run)[1]


def test_hard_draws_where_perfect_play_draws_and_scores_where_it_can_win() -> None:
    drawn, open_game = DRAWN_UNDER_PERFECT_PLAY[0], UNDRAWN[0]
    games = [game(drawn, "greedy", i, None) for i in range(4)]
    games += [
        game(open_game, other, i, i < 3)
        for other in ("greedy", "greedy-safe")
        for i in (0, 1, 2, 3)
    ]
    goals = goals_of(games)
    undrawn, losses = (
        goals["hard_vs_heuristics_min_win_rate_undrawn"],
        goals["hard_vs_heuristics_losses_drawn"],
    )
    assert (undrawn["value"], undrawn["met"]) == (0.75, True)
    assert (losses["value"], losses["met"]) == (0, True)
    # One loss where perfect play draws misses the goal, however well the rest went.
    goals = goals_of([*games, game(drawn, "greedy-safe", 0, False)])
    assert goals["hard_vs_heuristics_losses_drawn"]["value"] == 1
    assert not goals["hard_vs_heuristics_losses_drawn"]["met"]
    # Draws alone fall short where a game can be won.
    goals = goals_of([*games, *(game(UNDRAWN[1], "greedy", i, None) for i in range(4))])
    assert goals["hard_vs_heuristics_min_win_rate_undrawn"]["value"] == 0.5
    assert not goals["hard_vs_heuristics_min_win_rate_undrawn"]["met"]


def test_a_goal_not_played_is_not_measured() -> None:
    goals = goals_of([game(UNDRAWN[0], "greedy", 0, True)])
    assert goals["hard_vs_heuristics_losses_drawn"] == {
        "goal": "<= 0 against the heuristics in the games drawn under perfect play",
        "value": None,
        "met": False,
    }


@pytest.mark.parametrize("slug", [s for s in DRAWN_UNDER_PERFECT_PLAY if s != "numerical-cards"])
def test_the_games_counted_as_drawn_are_draws_at_their_defaults(slug: str) -> None:
    assert Solver(GAMES[slug]).value(started(slug, {})) == Fraction(1, 2)


def test_numerical_card_game_is_a_draw_at_every_deck_that_solves() -> None:
    """Its default deck does not solve; the reason it is a draw holds at every size (a lead
    ends the game, and a tied seat's 1 cannot lose), and every small deck bears it out."""
    assert "numerical-cards" in DRAWN_UNDER_PERFECT_PLAY
    for m in (2, 3, 4):
        value = Solver(GAMES["numerical-cards"]).value(started("numerical-cards", {"m": m}))
        assert value == Fraction(1, 2), m
