"""Whole games of every game, from /newgame to the final summary and the leaderboard."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import GAMES
from tests.bot.table import NAMES, Table

SMALL = {
    "numbers-to-number": {"m": 3, "rounds": 2},
    "numerical-cards": {"m": 6},
    "lengths-of-lengths": {},
    "binary-scramble": {},
    "labyrinthine-loop": {"n": 3},
    "integer-sequence": {},
    "arcs-and-marks": {},
}


def player_counts(slug: str) -> list[int]:
    """Two players, and the most the game allows (when more than two)."""
    game = GAMES[slug]
    counts = [1] if game.min_players == 1 else []
    counts.append(max(2, game.min_players))
    if game.max_players > 2:
        counts.append(min(game.max_players, 4))
    return counts


CASES = [(slug, p) for slug in GAMES for p in player_counts(slug)]


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{s}-{p}" for s, p in CASES])
async def test_full_game(simcord_env: Any, slug: str, players: int) -> None:
    """Lobby, joins, start, every move through Discord, final post, replay, leaderboard."""
    table = Table.make(simcord_env, players=players)
    names = list(NAMES[:players])
    options = dict(SMALL.get(slug, {}))
    match_id = await table.open("alice", slug, **options)
    await table.seat(match_id, names[1:])
    match = await table.match(match_id)
    if match.status == "lobby":
        result = await table.members["alice"].click(table.lobby_message(match_id), label="Start")
        assert "started" in result.response.content
    moves = await table.play_out(match_id, random.Random(players))
    assert moves > 0
    final = table.channel.history()[-1]
    assert final.embeds[0].title.endswith("game over")
    match = await table.match(match_id)
    replayed = await table.result_is_the_replay(match_id, names[-1])
    p = match.require_progress()
    assert replayed["scores"] == list(p.game.scores(p.state))
    for seat, score in enumerate(replayed["scores"]):
        assert f"{match.seats[seat].name}: {score}" in final.embeds[0].description
    board = await table.members[names[-1]].slash(table.channel, "leaderboard", game=slug)
    if players == 1:
        # A one-player game is kept apart: it has its own table, never the leaderboard.
        assert board.ephemeral and "No finished games" in board.response.content
        best = await table.members["alice"].slash(table.channel, "solitaire")
        text = best.response.embeds[0].description
        assert f"{replayed['scores'][0]} by alice-home (#{match_id})" in text
        return
    text = board.response.embeds[0].description
    for name in names:
        assert f"{name}-home" in text
