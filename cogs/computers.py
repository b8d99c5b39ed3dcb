"""Computer seats: once an outcome says computers are to move, ask the referee for their moves
in the background and deliver them, so the bot answers members while computers think."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from discord.ext import commands

from cogs.delivery import deliver

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

RETRY_PAUSES = (10.0, 60.0, 300.0)
"""How long to wait before asking again for a computer's move that failed (say, the database
busy), and how many times."""


class Computers(commands.Cog):
    """One task per match whose computers are to move; a match is never searched twice at once."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        """Matches that were asked for again while their task ran: it goes round once more."""

    async def cog_unload(self) -> None:
        """Stop thinking: a search cut short is done again after the next start."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    @commands.Cog.listener()
    async def on_computers_to_move(self, match_ids: tuple[int, ...]) -> None:
        """Start the moves of these matches' computers (delivered through `deliver`)."""
        for match_id in match_ids:
            if match_id in self._tasks:
                self._again.add(match_id)
            else:
                self._tasks[match_id] = asyncio.create_task(self._play(match_id))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a start: the computers that were to move, move."""
        try:
            # Another process resumes the games of its own guilds: never two searches at once.
            outcome = await self.bot.referee.computers_to_resume(self.bot.owns_guild)
        except Exception:
            log.exception("Could not find the games awaiting a computer")
            return
        await self.on_computers_to_move(tuple(outcome.computers))

    async def _play(self, match_id: int) -> None:
        failures = 0
        try:
            while True:
                self._again.discard(match_id)
                try:
                    outcome = await self.bot.referee.computer_moves(match_id)
                except Exception:
                    failures += 1
                    log.exception("Match %s: the computer could not move", match_id)
                    if failures > len(RETRY_PAUSES):
                        # The step's deadline, if any, still runs; a restart tries again.
                        return
                    await asyncio.sleep(RETRY_PAUSES[failures - 1])
                    continue
                again = match_id in outcome.computers
                outcome.computers = [m for m in outcome.computers if m != match_id]
                await deliver(self.bot, outcome)
                if not (again or match_id in self._again):
                    return
        finally:
            self._tasks.pop(match_id, None)


async def setup(bot: RefereeBot) -> None:
    """Add the computers cog."""
    await bot.add_cog(Computers(bot))
