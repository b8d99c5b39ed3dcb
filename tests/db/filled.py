"""A database holding every kind of row the bot writes, many games of it, built in seconds: a few
dozen games played through the referee, and the rest copies of them (db/copies.py)."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bench.populate import open_game, table_size
from db import open_store
from db.copies import clone_games
from players import Request, think
from referee import Referee
from referee.match import ACTIVE
from referee.thinker import Thinker
from rules import GAMES
from rules.base import Move

GUILDS = (1_100_000_000_000_000_001, 1_100_000_000_000_000_002)
"""Ids of the size Discord gives (snowflakes need BIGINT)."""
CHANNEL = 1_200_000_000_000_000_000


@dataclass(frozen=True)
class Member:
    """A member as bench.populate seats them."""

    id: int
    name: str


MEMBERS = [Member(1_300_000_000_000_000_000 + i, f"member {i}") for i in range(6)]
BIG_POINTS = str(7 * 10**90)
"""A total beyond 64 bits, as Integer Sequence scores reach: it must stay decimal text."""


class InlineThinker(Thinker):
    """Computer moves worked out in this process: easy moves are light, and no pool to start."""

    async def decide(self, request: Request) -> Move:
        """The level's move, at once."""
        return think(request)


async def play_to_end(referee: Referee, match_id: int, rng: random.Random) -> None:
    """Random moves for the members, the computers' own moves, until the match is over."""
    while (match := await referee.get(match_id)).status == "active":
        if match.thinking():
            await referee.computer_moves(match_id)
            continue
        p = match.require_progress()
        seat = match.waiting_on()[0]
        move = p.game.sample(p.state, seat, rng)
        await referee.move(match_id, match.seats[seat].member_id, move)


async def play_templates(referee: Referee, rng: random.Random) -> None:
    """Games of every kind: finished (among members, with a resignation, against computers,
    alone), open mid-play (some in a sealed step), lobbies (a rematch among them), cancelled,
    and a cancel vote."""
    for i, slug in enumerate(GAMES):
        guild, channel = GUILDS[i % 2], CHANNEL + i
        players = rng.sample(MEMBERS, max(2, table_size(slug, rng)))
        done = await open_game(referee, guild, channel, players, slug, 0, rng)
        await play_to_end(referee, done, rng)
        if i == 0:
            # A rematch lobby, with the others invited and not yet joined.
            await referee.rematch(done, guild, players[0].id, players[0].name)
        if max(GAMES[slug].player_counts({})) >= 3:
            three = rng.sample(MEMBERS, 3)
            left = await open_game(referee, guild, channel, three, slug, 2, rng)
            await referee.resign(left, three[2].id)
            await play_to_end(referee, left, rng)
        host = MEMBERS[i % len(MEMBERS)]
        opened = await referee.new_match(guild, channel, host.id, host.name, slug, {}, None)
        versus = await referee.new_match(
            guild, channel + 100, host.id, host.name, slug, {}, computer="easy"
        )
        await play_to_end(referee, versus.posts[0].match_id, rng)
        guest = MEMBERS[(i + 1) % len(MEMBERS)]
        await referee.join(opened.posts[0].match_id, guest.id, guest.name)
        for moves in (1, 3, 6):
            await open_game(referee, guild, channel, players, slug, moves, rng)
        cancelled = await referee.new_match(guild, channel, host.id, host.name, slug, {})
        await referee.cancel(cancelled.posts[0].match_id, host.id, moderator=False)
    vote = await open_game(referee, GUILDS[0], CHANNEL, MEMBERS[:3], "numerical-cards", 3, rng)
    await referee.cancel(vote, MEMBERS[0].id, moderator=False)
    await play_tournament(referee, rng)
    for n in (3, 4):
        alone = MEMBERS[n]
        solo = await referee.new_match(
            GUILDS[0], CHANNEL, alone.id, alone.name, "integer-sequence", {"n": n}
        )
        await referee.start(solo.posts[0].match_id, alone.id)
        await play_to_end(referee, solo.posts[0].match_id, rng)


async def play_tournament(referee: Referee, rng: random.Random) -> None:
    """A round robin of three members (a bye each round) in which one withdraws after the
    first round: games played, byes, and games decided without play."""
    host, *others = MEMBERS[:3]
    slug = "lengths-of-lengths"
    out = await referee.create_tournament(
        GUILDS[0], CHANNEL, host.id, host.name, slug, {"n": 4}, "round-robin", 2, None, None, "auto"
    )
    assert out.reply is not None
    number = out.reply.field("tournament")
    assert isinstance(number, int)
    for member in others:
        await referee.enter_tournament(number, member.id, member.name)
    await referee.start_tournament(number, host.id, False)
    for round in (1, 2, 3):
        data = await referee.store.load_tournament(number)
        assert data is not None
        if round == 2:
            await referee.leave_tournament(number, others[1].id)
        for game in data.games:
            if game.match_id is not None and game.places is None:
                await play_to_end(referee, game.match_id, rng)


async def fill(path: Path, games: int, seed: int = 7) -> None:
    """A database at path with `games` matches of every kind."""
    store = await open_store(str(path))
    try:
        referee = Referee(store, thinker=InlineThinker())
        # One server keeps seasons, so its games fill the season tables too.
        await referee.set_season_length(GUILDS[0], "monthly", moderator=True)
        await play_templates(referee, random.Random(seed))
        # A search another process has claimed (with one process on SQLite, none is).
        claimed = next(m for m in await referee.known_open_matches() if m.status == ACTIVE)
        assert await store.claim("computer", claimed.id, claimed.row.step, "another", 0.0, 60.0)
    finally:
        await store.close()
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("UPDATE standings SET points = ? WHERE rowid = 1", (BIG_POINTS,))
        played = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        # A best names its match and is unique per server and options: copies would repeat it.
        templates = [
            r[0]
            for r in conn.execute(
                "SELECT id FROM matches WHERE id NOT IN (SELECT match_id FROM solitaire_bests)"
            )
        ]
    clone_games(path, templates, games - played)
