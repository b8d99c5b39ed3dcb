"""A game named by number, only in its own server: an entry point that takes a number (a
command's `game:`, a button's or a form's custom id) names nothing of another server's game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.catalogue import Ask
from referee.errors import RefereeError
from referee.match import Match

if TYPE_CHECKING:
    from referee import Referee


async def match_in(referee: Referee, guild_id: int | None, match_id: int) -> Match:
    """The match with this number if it belongs to this server (any, in a DM, where the
    referee checks the member's seat); else the refusal a missing game gets."""
    try:
        match = await referee.get(match_id)
    except RefereeError:
        match = None
    if match is None or (guild_id is not None and match.row.guild_id != guild_id):
        raise RefereeError(Ask.NO_GAME_HERE, number=match_id)
    return match
