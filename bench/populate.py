"""Open many games mid-play through the referee API (real code, no Discord round trips)."""

from __future__ import annotations

import logging
import random
from typing import Any

from referee import Referee
from rules import GAMES

log = logging.getLogger(__name__)

MAX_TABLE = 4
"""Background tables seat as many players as the game allows, up to four."""


async def open_game(
    referee: Referee,
    guild_id: int,
    channel_id: int,
    players: list[Any],
    slug: str,
    moves: int,
    rng: random.Random,
) -> int:
    """Open a game of slug at default options, seat players, start it, play up to `moves`."""
    host = players[0]
    opened = await referee.new_match(guild_id, channel_id, host.id, host.name, slug, {})
    match_id = opened.posts[0].match_id
    for member in players[1:]:
        await referee.join(match_id, member.id, member.name)
    if (await referee.get(match_id)).status == "lobby":
        await referee.start(match_id, host.id)
    await play_moves(referee, match_id, moves, rng)
    return match_id


async def play_moves(referee: Referee, match_id: int, moves: int, rng: random.Random) -> None:
    """Submit up to `moves` random moves, stopping before one that would end the game."""
    for _ in range(moves):
        match = await referee.get(match_id)
        progress = match.require_progress()
        seat = min(match.awaited_seats())
        move = progress.game.sample(progress.state, seat, rng)
        if progress.game.is_over(progress.submit(seat, move).state):
            return
        await referee.move(match_id, match.seats[seat].member_id, move)


def table_size(slug: str, rng: random.Random) -> int:
    """A player count the game allows at default options, at most MAX_TABLE."""
    counts = [p for p in GAMES[slug].player_counts({}) if p <= MAX_TABLE]
    return rng.choice(counts)


async def open_background(
    referee: Referee,
    guild_id: int,
    channels: list[Any],
    pool: list[Any],
    count: int,
    rng: random.Random,
    first: int = 0,
) -> list[int]:
    """Open `count` mid-play games of every game in turn, spread over channels and members."""
    slugs = list(GAMES)
    ids = []
    for i in range(first, first + count):
        slug = slugs[i % len(slugs)]
        players = rng.sample(pool, table_size(slug, rng))
        channel = channels[i % len(channels)]
        ids.append(
            await open_game(referee, guild_id, channel.id, players, slug, rng.randint(1, 8), rng)
        )
        if (i + 1) % 250 == 0:
            log.info("opened %s background games", i + 1)
    return ids
