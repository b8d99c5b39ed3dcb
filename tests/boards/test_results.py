"""A finished game's board, text and picture, names its result and shows nobody to move."""

from __future__ import annotations

from typing import Any

import pytest

import boards
from boards.pictures import picture
from boards.pictures.page import Canvas
from boards.samples import play
from rules import GAMES
from rules.record import Progress
from tests.boards.helpers import NAMES

TO_MOVE = ("to move", "Next", "to play", "Now:", "To move")
"""What a board says of a game still going: whose move it is."""


def resigned(slug: str, players: int) -> Progress:
    """A game a third of the way through, ended by its other seats resigning."""
    game = GAMES[slug]
    states = play(slug, players, {}, seed=5)
    progress = Progress(game, states[len(states) // 3])
    for seat in range(1, players):
        progress = progress.resign(seat, ("timeout", "removed")[seat % 2])
    assert progress.is_over() and not game.is_over(progress.state)
    return progress


def drawn_words(
    monkeypatch: pytest.MonkeyPatch, slug: str, view: Any, names: Any, result: Any
) -> list[str]:
    """Every text the picture of a view writes with the page's text."""
    written: list[str] = []
    text = Canvas.text

    def keep(self: Canvas, xy: Any, said: str, *args: Any, **kwargs: Any) -> float:
        written.append(said)
        return text(self, xy, said, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", keep)
    picture(slug, view, names, result)
    return written


@pytest.mark.parametrize("slug", list(GAMES))
@pytest.mark.parametrize("players", [2, 3])
def test_a_resigned_game_shows_its_result_and_nobody_to_move(
    monkeypatch: pytest.MonkeyPatch, slug: str, players: int
) -> None:
    """The text board starts with the result; neither it nor the picture names a player to
    move, though the game's own state still awaits one."""
    if players > GAMES[slug].max_players:
        pytest.skip("a game of two only")
    progress = resigned(slug, players)
    result = progress.final()
    assert result is not None and result.winners == (0,)
    names = NAMES[:players]
    view = progress.game.view(progress.state, None)
    text = boards.text(slug, view, names, result)
    first = text.splitlines()[0]
    assert first.startswith("alice wins") and "bob was removed" in first
    assert not any(word in text for word in TO_MOVE), text
    written = drawn_words(monkeypatch, slug, view, names, result)
    assert first in " ".join(written)  # the band may wrap it
    assert not any(word in said for said in written for word in TO_MOVE), written


def test_a_board_is_worded_by_the_readers_translation() -> None:
    """The words a picture and a text board write go through the translation given."""
    asked: list[str] = []

    def translate(message: str) -> str:
        asked.append(message)
        return f"«{message}»"

    progress = resigned("numbers-to-number", 2)
    result = progress.final()
    view = progress.game.view(progress.state, None)
    text = boards.text("numbers-to-number", view, NAMES[:2], result, translate)
    assert result is not None
    won = f"«alice wins {result.tally()}»"
    assert text.splitlines()[0] == f"«{won} («bob was removed»)»"
    picture("numbers-to-number", view, NAMES[:2], result, translate)
    assert "{player} was removed" in asked and "to move" not in asked
    assert "Round {number} of {rounds} · numbers 1 to {top}" in asked
