"""Forgetting a member on request: their standings and bests go; their seats in finished games
stay as an anonymous former player, so everyone else's results stand."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from referee.core import RefereeCore
from referee.errors import RefereeError
from referee.match import Match
from referee.notices import Outcome
from referee.rows import FORMER_PLAYER, MemberData
from referee.store import StillSeated

log = logging.getLogger(__name__)

KEPT = (
    "The moves and results of those games stay, under “former player”, so no other player's "
    "result or standing changes."
)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _labels(matches: Sequence[Match]) -> str:
    return ", ".join(m.label for m in matches)


def held_lines(data: MemberData) -> list[str]:
    """What is stored about a member, one line per kind, the same before and after."""
    standings = (
        f"{_count(data.standings, 'game')} in {_count(data.servers, 'server')}"
        if data.servers
        else "none"
    )
    hosted = f", {data.hosted} of them hosted by you" if data.hosted else ""
    seats = (
        f"your name and Discord id in {_count(data.seats, 'finished game')}{hosted} "
        f"(each such seat becomes “{FORMER_PLAYER}”)"
        if data.seats
        else "your seats in finished games: none"
    )
    return [
        f"- your standings: {standings}",
        f"- your rating after each rated game (the chart of `/stats`): "
        f"{_count(data.rated, 'game') if data.rated else 'none'}",
        f"- your one-player bests: {data.bests or 'none'}",
        f"- your records against the computer (per game and level): {data.versus or 'none'}",
        f"- your agreements to cancel a game: {data.votes or 'none'}",
        f"- your invitations to rematch lobbies: {data.invitations or 'none'}",
        f"- {seats}",
    ]


class PrivacyDesk(RefereeCore):
    """`/forget-me`: what is stored about a member, and forgetting it once they confirm."""

    async def forget_question(self, user_id: int) -> str:
        """What forgetting a member would remove, asked before anything is; RefereeError while
        they sit in an open game, or when nothing is stored about them."""
        held = await self.store.member_data(user_id)
        if held.open_matches:
            raise await self._still_seated(user_id, held.open_matches)
        if held == MemberData():
            raise RefereeError(
                "This bot stores nothing about you: no standings, no one-player best and no "
                "seat in a finished game."
            )
        lines = "\n".join(held_lines(held))
        return (
            f"`/forget-me` removes for good what this bot stores about you:\n{lines}\n{KEPT}\n"
            "Press the Forget me button to confirm."
        )

    async def forget(self, user_id: int) -> Outcome:
        """Forget a member in one transaction; RefereeError, changing nothing, while they sit in
        a lobby or a game under way (checked in the transaction itself)."""
        try:
            held = await self.store.forget_member(user_id)
        except StillSeated as e:
            raise await self._still_seated(user_id, e.match_ids) from None
        await self._forget_in_memory(user_id)
        # The member's id stays out of the log: they asked for it to be gone.
        log.info("A member was forgotten: %s", held)
        if held == MemberData():
            return Outcome("This bot stores nothing about you; nothing was removed.")
        lines = "\n".join(held_lines(held))
        return Outcome(f"Forgotten. Removed:\n{lines}\n{KEPT}")

    async def _still_seated(self, user_id: int, match_ids: Sequence[int]) -> RefereeError:
        """The refusal naming the open games a member still sits in, and what to do."""
        matches = await self.get_many(list(match_ids))

        def left(match: Match) -> bool:
            seat = match.seat_of(user_id)
            return seat is not None and match.resigned(seat.seat)

        parts = []
        playing = [m for m in matches if not left(m)]
        if playing:
            them = "it" if len(playing) == 1 else "them"
            parts.append(
                f"You are still in {_labels(playing)}: leave or resign {them} "
                "(`/leave`, `/resign`), then `/forget-me` again."
            )
        gone = [m for m in matches if left(m)]
        if gone:
            goes, ended = ("goes", "it has") if len(gone) == 1 else ("go", "they have")
            parts.append(
                f"{_labels(gone)} {goes} on without you: `/forget-me` again once {ended} ended."
            )
        return RefereeError(" ".join(parts) + " Nothing was removed.")

    async def _forget_in_memory(self, user_id: int) -> None:
        """Reload any open match memory still seats the member in (a stale copy: the store has
        just said they sit in none), so no copy in memory keeps their name."""
        for match_id in sorted(self._playing.get(user_id, ())):
            async with self._lock(match_id):
                self._keep(await self._reload(match_id))
