"""The short list of a seat's moves that a front end may offer to pick from."""

from __future__ import annotations

from rules import GAMES


def test_a_leaving_move_is_never_offered() -> None:
    """Numerical Card Game offers the fresh pile, without `drop`."""
    game = GAMES["numerical-cards"]
    state = game.start(2, game.settle_options(2, {"m": 20}))
    assert game.few_moves(state, 0, 25) == [str(c) for c in range(1, 21)]
    assert "drop" in list(game.legal(state, 0))


def test_too_many_moves_offer_none() -> None:
    """Numbers To Number at m=5 has 31 numbers: more than 25, so none; at m=4, all 15."""
    game = GAMES["numbers-to-number"]
    big = game.start(2, game.settle_options(2, {"m": 5}))
    assert game.few_moves(big, 0, 25) == []
    small = game.start(2, game.settle_options(2, {"m": 4}))
    assert game.few_moves(small, 1, 25) == [str(n) for n in range(1, 16)]


def test_a_seat_not_to_move_has_none() -> None:
    """A seat whose move is not awaited is offered nothing."""
    game = GAMES["integer-sequence"]
    state = game.start(2, game.settle_options(2, {}))
    (mover,) = game.to_move(state)
    assert game.few_moves(state, 1 - mover, 25) == []
    assert game.few_moves(state, mover, 25) == list(game.legal(state, mover))
