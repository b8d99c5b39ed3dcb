"""Resignations in hand-written records of every game: in turn, out of turn, in the middle of a
sealed step, the last seat, a second resignation, and a resignation after the end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.record import RecordError, replay_text


def replayed(game: str, players: int, options: dict[str, Any], moves: list[list[Any]]) -> dict:
    """The replay summary of a record."""
    record = {"game": game, "players": players, "options": options, "moves": moves}
    return replay_text(json.dumps(record))


def refused(
    game: str, players: int, options: dict[str, Any], moves: list[list[Any]]
) -> RecordError:
    """The error a record is refused with."""
    with pytest.raises(RecordError) as caught:
        replayed(game, players, options, moves)
    return caught.value


def test_two_player_sealed_step_resigned_in_the_middle() -> None:
    """Numbers To Number: bob resigns after alice sealed; the game is over, alice alone wins."""
    out = replayed("numbers-to-number", 2, {"m": 2, "rounds": 1}, [[0, "3"], [1, "resign"]])
    assert out == {
        "game": "numbers-to-number",
        "over": True,
        "scores": [0, 0],
        "winners": [0],
        "to_move": [],
        "resigned": [1],
    }


def test_sealed_move_of_a_resigned_seat_stands_and_the_game_goes_on() -> None:
    """Numerical Card Game, 3 players: seat 0 seals, then resigns; its card still counts, the
    referee's later moves for it are in the record, and it cannot win."""
    moves: list[list[Any]] = [[0, "2", ""], [0, "resign", "resigned"], [1, "4"]]
    out = replayed("numerical-cards", 3, {"m": 6}, moves)
    assert out["over"] is False and out["resigned"] == [0]
    assert out["scores"] == [2, 0, 0]  # 2 divides 4: the sealed card of the resigned seat scored
    assert out["to_move"] == [0, 2]  # the next pairing (0, 2) still awaits seat 0
    moves += [[0, "drop", "auto"], [2, "3"]]
    out = replayed("numerical-cards", 3, {"m": 6}, moves)
    assert out["over"] is False and out["to_move"] == [1, 2]  # seat 0 left by its way out


def test_turn_game_resigned_in_turn() -> None:
    """Lengths Of Lengths: the seat to move resigns; the other seat wins at once."""
    out = replayed("lengths-of-lengths", 2, {"n": 2}, [[0, "1"], [1, "resign", "timeout"]])
    assert out["over"] is True and out["winners"] == [0] and out["to_move"] == []


def test_out_of_turn_resignation_with_the_game_going_on() -> None:
    """Binary Scramble, 3 players: seat 1 resigns before moving; its moves follow as usual and
    the winners are the best of the others."""
    moves: list[list[Any]] = [[1, "resign", "removed"], [0, "0"], [1, "0", "auto"], [2, "1"]]
    out = replayed("binary-scramble", 3, {"length": 3, "target": 1}, moves)
    assert out["over"] is False and out["to_move"] == [0] and out["resigned"] == [1]
    # 001 -> 101: runs 1,1,1 are new, no point.
    out = replayed("binary-scramble", 3, {"length": 3, "target": 1}, [*moves, [0, "1"]])
    assert out["scores"] == [0, 0, 0] and out["over"] is False and out["to_move"] == [1]
    # 101 -> 100: runs 1,2 as in 001, a point, and the target.
    out = replayed(
        "binary-scramble", 3, {"length": 3, "target": 1}, [*moves, [0, "1"], [1, "3", "auto"]]
    )
    assert out["scores"] == [0, 1, 0] and out["over"] is True
    assert out["winners"] == [0, 2]  # seat 1 reached the target but resigned: it cannot win


def test_the_last_seat_left_wins() -> None:
    """An Integer Sequence Game, 3 players: two resign, the third wins whatever the scores."""
    moves: list[list[Any]] = [[0, "3"], [1, "1"], [0, "resign"]]
    out = replayed("integer-sequence", 3, {"n": 3}, moves)
    assert out["over"] is False and out["to_move"] == [2]
    out = replayed("integer-sequence", 3, {"n": 3}, [*moves, [2, "resign"]])
    assert out["over"] is True and out["winners"] == [1] and out["resigned"] == [0, 2]


def test_a_resigned_solitaire_has_no_winner() -> None:
    """A one-player game that is resigned is over with no winner."""
    out = replayed("integer-sequence", 1, {"n": 3}, [[0, "2"], [0, "resign", "resigned"]])
    assert out["over"] is True and out["winners"] == [] and out["scores"] == [1]


def test_second_resignation_is_refused() -> None:
    """Arcs And Marks, 3 players: a seat resigns once."""
    error = refused("arcs-and-marks", 3, {"m": 3}, [[1, "resign"], [0, "1"], [1, "resign"]])
    assert error.index == 2 and "already resigned" in str(error)


@pytest.mark.parametrize(
    ("game", "players", "options", "moves"),
    [
        ("labyrinthine-loop", 2, {"n": 2}, [[0, "resign"], [1, "resign"]]),
        (
            "lengths-of-lengths",
            2,
            {"n": 2},
            [[0, "1"], [1, "1"], [1, "0"], [0, "0"], [0, "resign"]],
        ),
        ("numbers-to-number", 2, {"m": 2, "rounds": 1}, [[0, "resign"], [1, "resign"]]),
    ],
)
def test_resignation_after_the_end_is_refused(
    game: str, players: int, options: dict[str, Any], moves: list[list[Any]]
) -> None:
    """Once the game is over, by its rules or by resignations, nobody can resign."""
    error = refused(game, players, options, moves)
    assert error.index == len(moves) - 1 and "over" in str(error)


def test_notes_are_checked_and_otherwise_ignored() -> None:
    """A note on a move changes nothing; a note that is not a string is refused."""
    plain = replayed("lengths-of-lengths", 2, {"n": 2}, [[0, "1"], [1, "0"]])
    noted = replayed("lengths-of-lengths", 2, {"n": 2}, [[0, "1", "auto"], [1, "0", "x"]])
    assert plain == noted
    error = refused("lengths-of-lengths", 2, {"n": 2}, [[0, "1", None]])
    assert error.index == 0


def test_automatic_moves_keep_a_present_seat_in_the_game() -> None:
    """The referee never plays `drop` for a seat still in the game; for a resigned one it does."""
    import random

    from rules import GAMES
    from rules.record import Progress

    game = GAMES["numerical-cards"]
    progress = Progress.begin(game, 2, {"m": 2})
    rng = random.Random(1)
    picks = {game.auto_move(progress.state, 0, rng, resigned=False) for _ in range(200)}
    assert picks == {"1", "2"}
    assert game.auto_move(progress.state, 0, rng, resigned=True) == "drop"
    other = GAMES["lengths-of-lengths"]
    start = Progress.begin(other, 2, {"n": 2}).state
    assert other.auto_move(start, 0, rng, resigned=True) in {"0", "1"}
