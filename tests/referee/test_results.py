"""Every final post starts with one line naming the result, and a finished game's board shows
it instead of a player to move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import boards
from db import SqlStore, open_store
from referee import Referee
from referee.codes import Line
from referee.notices import Outcome, Post, Style
from referee.speech import Listed, Person, Text, say

GUILD, HALL = 1, 20
ALICE, BOB = 10, 11
SMALL = {"m": 2, "rounds": 1}
"""Numbers To Number at its smallest: two sealed steps, numbers 1 to 3."""


@pytest.fixture
async def referee(tmp_path: Path) -> AsyncIterator[Referee]:
    """A referee on a store on a fresh file."""
    store: SqlStore = await open_store(str(tmp_path / "results.sqlite3"))
    yield Referee(store)
    await store.close()


async def started(referee: Referee, slug: str, options: dict[str, int]) -> int:
    """A game of alice and bob, under way."""
    opened = await referee.new_match(GUILD, HALL, ALICE, "alice", slug, options)
    match_id = opened.posts[0].match_id
    await referee.join(match_id, BOB, "bob")
    if (await referee.get(match_id)).status == "lobby":
        await referee.start(match_id, ALICE)
    return match_id


def final(outcome: Outcome) -> Post:
    """The one final post of an outcome."""
    [post] = [p for p in outcome.posts if p.style == Style.FINAL]
    return post


async def sealed_game(referee: Referee, numbers: list[tuple[str, str]]) -> Post:
    """A small Numbers To Number game with these numbers for alice and bob, step by step."""
    match_id = await started(referee, "numbers-to-number", SMALL)
    for mine, theirs in numbers:
        await referee.move(match_id, ALICE, mine)
        last = await referee.move(match_id, BOB, theirs)
    return final(last)


async def test_a_resignation_names_the_winner_and_who_resigned(referee: Referee) -> None:
    """Bob resigns: alice wins, with the score, and the line says bob resigned; the board says
    it too and shows nobody to move."""
    match_id = await started(referee, "integer-sequence", {})
    post = final(await referee.resign(match_id, BOB))
    won = say(Line.RESULT_WIN, player=Person("alice", ALICE), score="0-0")
    left = Listed.of([say(Line.LEFT_RESIGNED, player=Person("bob"))])
    assert post.lines[0] == say(Line.RESULT_AFTER, result=won, left=left)
    assert post.lines[1] == say(Line.RESIGNED, player=Person("bob"))
    assert post.mentions == (ALICE,)
    board = post.board
    assert board is not None and board.result is not None and board.result.winners == (0,)
    text = boards.text(board.game, board.view, board.names, board.result)
    assert text.splitlines()[0] == "alice wins 0-0 (bob resigned)"
    assert "Next" not in text and "to move" not in text.lower()


async def test_a_draw_names_the_score(referee: Referee) -> None:
    """The same numbers on both sides: a draw, said with its score."""
    post = await sealed_game(referee, [("1", "1"), ("2", "2")])
    board = post.board
    assert board is not None and board.result is not None
    score = board.result.tally()
    assert post.lines[0] == say(Line.RESULT_DRAW, score=score)
    assert score.split("-")[0] == score.split("-")[1]


async def test_a_win_names_the_winner_and_the_score(referee: Referee) -> None:
    """A won game starts its final post with the winner and the score, the winner's first."""
    post = await sealed_game(referee, [("3", "1"), ("1", "2")])
    board = post.board
    assert board is not None and board.result is not None
    [winner] = board.result.winners
    first, second = (int(x) for x in board.result.tally().split("-"))
    assert first > second
    line: Text = post.lines[0]
    who = Person(["alice", "bob"][winner], [ALICE, BOB][winner])
    assert line == say(Line.RESULT_WIN, player=who, score=f"{first}-{second}")
