"""A text board speaks its reader's language: in random games of every game, the French board
of a game under way and of a finished one has none of the English board words and fits, while
the board drawn with no translation is the English one, as it always was."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import boards
from cogs.speech import Words
from rules import GAMES
from rules.base import BOARD_LIMIT
from rules.record import Progress
from tests.boards.helpers import NAMES

FRENCH = Words("fr").gettext
ENGLISH_WORDS = re.compile(
    r"To move|Next:|Now:|Last:|Moldy|moldy|Your unused numbers|Your fresh pile|Game over"
    r"|game over|Scores?:|Totals:|Winner|\bround\b|\bRound\b|\boffense\b|to play|<- you"
    r"|\(left\)|\bplayer\b|\bfresh\b|Pairing cycle|\bdigits\b|\bflips?\b|\bearlier\b"
    r"|lists reached|\bruns\b|\blist\b|\blength\b|\btarget\b|\bstart\b|\bby\b|\bvs\b"
    r"|dropped out|cards kept|exchanged|\bso far\b|\bended\b|\bdots\b|\bmore levels\b"
)
"""English words of the boards that a French reader must not meet (the games' titles, names
and notation such as `k@c` or `P/C` are the same in every language)."""
SEEDS = 2


def games(slug: str, players: int, seed: int) -> tuple[Progress, Progress]:
    """A random game half way through, and the same game played to its end."""
    game = GAMES[slug]
    rng = random.Random(seed)
    progress = Progress.begin(game, players, {})
    states = [progress]
    while not progress.is_over():
        before = progress.state
        for seat in sorted(game.to_move(before)):
            progress = progress.submit(seat, game.sample(before, seat, rng))
        states.append(progress)
    return states[len(states) // 2], progress


def cases() -> list[tuple[str, int]]:
    """Every game at its smallest and largest table."""
    return [
        (slug, players)
        for slug, game in GAMES.items()
        for players in sorted({game.min_players, game.max_players})
    ]


@pytest.mark.parametrize(("slug", "players"), cases())
def test_a_french_board_has_no_english_words(slug: str, players: int) -> None:
    """The French text board of a game under way and of a finished game, for a spectator and
    for a seat, says none of the boards' English words and fits where the English one fits."""
    game = GAMES[slug]
    names = NAMES[:players]
    for seed in range(SEEDS):
        middle, end = games(slug, players, seed)
        for progress, result in ((middle, None), (end, end.final())):
            for viewer in (None, 0):
                view = game.view(progress.state, viewer)
                english = boards.text(slug, view, names, result)
                french = boards.text(slug, view, names, result, FRENCH)
                assert ENGLISH_WORDS.search(english), english
                found = ENGLISH_WORDS.search(french)
                assert found is None, (found, french)
                assert len(french) <= BOARD_LIMIT
                for compact in (False, True):
                    drawn = game.draw(view, names, compact, FRENCH)
                    if len(game.draw(view, names, compact)) <= BOARD_LIMIT:
                        assert len(drawn) <= BOARD_LIMIT, (compact, drawn)


def played(slug: str, players: int, options: dict[str, Any], steps: int, viewer: int | None) -> str:
    """The English board of a seeded random game after some steps."""
    game = GAMES[slug]
    rng = random.Random(1)
    progress = Progress.begin(game, players, options)
    for _ in range(steps):
        before = progress.state
        for seat in sorted(game.to_move(before)):
            progress = progress.submit(seat, game.sample(before, seat, rng))
    return game.render_view(game.view(progress.state, viewer), NAMES[:players])


ENGLISH_BOARDS = {
    ("numerical-cards", 3, (("m", 4),), 5, 1): """\
Numerical Card Game  m=4  move 4 of 36
Game over: nobody is left.
Last: alice and carol both dropped out

 #  player  score  fresh  moldy
 1  alice       4      3      1  (left)
 2  bob         0      4      0  (left)  <- you
 3  carol       0      3      1  (left)

Moldy piles (revealed cards):
 alice : 2
 carol : 4

Pairing cycle ([now], ~x-y~ skipped: a player left):
~1-2~ ~1-3~ ~2-3~

Your fresh pile (4): 1 2 3 4""",
    ("lengths-of-lengths", 2, (("n", 4),), 6, None): """\
Lengths Of Lengths Of Lengths  n=4  round 2 of 2

1. alice    2
2. bob      0  offense  <- to play

Round 2, offense bob: 2/4 digits, bob to play
  list 11..
  by   21^

Round 1 (offense alice): the run-length cascade
  0010
  2,1,1
  1,2
  1,1
alice (offense) scored 2""",
    ("binary-scramble", 2, (("length", 4),), 7, None): """\
Binary Scramble   length 4   target 5
Part 2: flip one digit; the new list must be one never reached.
  alice 0   > bob 0

    #  list  runs (1x4 = four runs of 1; * = point)
    0  0010  2 1 1    start
    1  0011  2 2      alice flips 4
    2  0111  3 1      bob flips 2
    3  0101  1x4      alice flips 3
  pos  1234
4 lists reached, 4 of 5 run-length sets seen.""",
    ("labyrinthine-loop", 2, (("n", 3),), 5, None): """\
Labyrinthine Loop 3x3, round 1 of 2
Scores: alice* 0, bob 0
(* = offense this round)

    a   b   c
  1 .   o---o
      / |   |
  2 o   o   o
          \\
  3 .   .   o
To move: bob draws segment 6 of 8 (from an o to a .).""",
    ("integer-sequence", 1, (("n", 4),), 2, 0): """\
An Integer Sequence Game  n=4  move 3 of 4
r:  1  (2)  3  (4)

k  r(k)  m(k)  P/C  C  by     pts
0     -  1     -    -
1     2  2     P    0  alice   +1
2     4  8     C    0  alice   +2

Score: alice 3
Next: alice; m(3) = r·m(2) + 1""",
    ("numbers-to-number", 2, (("m", 3), ("rounds", 2)), 4, 0): """\
Numbers To Number  m=3  round 2/2
alice    1 pts   bob      0 pts

This round: list 0..
  alice 3
  bob   6
        0

Your unused numbers: 1..7 except 1, 2, 3, 7""",
}
"""Boards as the rules drew them before they could be translated (replays and logs show them)."""


@pytest.mark.parametrize("case", list(ENGLISH_BOARDS), ids=lambda case: case[0])
def test_a_board_with_no_translation_is_the_english_one(case: tuple[Any, ...]) -> None:
    """With no translate function a board is exactly the English board it always was."""
    slug, players, options, steps, viewer = case
    assert played(slug, players, dict(options), steps, viewer) == ENGLISH_BOARDS[case]
