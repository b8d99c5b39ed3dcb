"""One member's move on a given game through simcord, timed to the bot's acknowledgement."""

from __future__ import annotations

import random
import time
from typing import Any

from bench.world import AckClock
from referee import Referee
from referee.match import ACTIVE, Match


class BenchError(RuntimeError):
    """The bot did not accept a move the benchmark made."""


def accepted(before: Match, after: Match, seat: int) -> bool:
    """True if a seat's move was taken: the game moved on, or holds the sealed move."""
    pending = after.progress.pending if after.progress else {}
    return after.status != ACTIVE or after.row.step != before.row.step or seat in pending


def next_move(match: Match, rng: random.Random) -> tuple[int, str]:
    """The first awaited seat of a game under way, and a random legal move for it."""
    game, state = match.require_progress().game, match.require_progress().state
    seat = min(match.awaited_seats())
    move = game.sample(state, seat, rng)
    if move in game.leaving_moves(state, seat):
        # Leaving a game asks the member to confirm with a button; these players stay in.
        move = game.auto_move(state, seat, rng, resigned=False)
    return seat, move


async def move_on(
    referee: Referee,
    clock: AckClock,
    members: dict[int, Any],
    channels: dict[int, Any],
    match_id: int,
    rng: random.Random,
) -> float:
    """Play the next awaited move of a game (DM `#id move` if sealed, else `/move game:`)."""
    match = await referee.get(match_id)
    if match.status != ACTIVE:
        raise BenchError(f"#{match_id} is not active")
    seat, move = next_move(match, rng)
    member = members[match.seats[seat].member_id]
    if match.is_sealed():
        clock.expect("POST", f"/channels/{member.user.dm_channel.id}/messages")
        start = time.perf_counter()
        await member.send_dm(f"#{match_id} {move}")
    else:
        clock.expect("POST", "/interactions/")
        start = time.perf_counter()
        await member.slash(channels[match.row.channel_id], "move", move=move, game=match_id)
    if clock.at is None:
        raise BenchError(f"#{match_id}: no acknowledgement")
    if not accepted(match, await referee.get(match_id), seat):
        raise BenchError(f"#{match_id}: move refused: {clock.entry.json if clock.entry else ''}")
    return clock.at - start
