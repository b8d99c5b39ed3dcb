"""/replay: a game's board at any step of its record, privately, with buttons to step through it
and an animated picture of the whole game."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from boards.animation import FRAME_MS, MAX_FRAMES, animate
from cogs.boards import Drawn, draw
from cogs.buttons import ReplayButton
from cogs.catalogue import N_
from cogs.context import DEFER_AFTER, find_match
from cogs.lists import MESSAGE_TEXT
from cogs.replies import NO_MENTIONS, answer_failure, defer, reply, words_for
from cogs.speech import Words
from referee import replays
from referee.announce import board_names
from referee.errors import RefereeError
from referee.match import ACTIVE, CANCELLED, LOBBY, OVER, Match

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

STATUSES = (LOBBY, ACTIVE, OVER, CANCELLED)
"""Any game of this server is found; a lobby is refused by the replay itself, saying why."""
T = TypeVar("T")


@dataclass(frozen=True)
class Page:
    """One step of a replay made ready to send: its text, board and buttons."""

    text: str
    drawn: Drawn
    view: discord.ui.View

    def files(self) -> list[discord.File]:
        """The board's picture, as a new attachment."""
        return self.drawn.files()


def moved(match: Match, to: str, step: int) -> replays.Shown:
    """The step a button leads to from `step`, within the steps the record has now."""
    found = replays.frames(match)
    last = len(found) - 1
    target = {"first": 0, "previous": step - 1, "next": step + 1, "last": last}[to]
    return replays.shown(match, max(0, min(target, last)), found)


REPLAY_HEAD = N_("**{game}**: replay, step {step} of {last}")
EVERY_FRAME = N_("{frames} frames, one for each step from the start")
SOME_FRAMES = N_(
    "{frames} frames for its {steps} steps (the start included), spread evenly: an animation "
    "holds at most {most}, and stays under Discord's 8 MB"
)
ANIMATION = N_("**{game}**: the whole game, {frames}; {seconds} s a frame.")
ANIMATION_ALT = N_("Animation of {game}: the board after each step.")


async def page(match: Match, words: Words, step: int, to: str | None = None) -> Page:
    """The message showing a step of a match's replay, or the step a button leads to from it
    (the record is replayed off the loop: a long game's takes a while)."""
    if to is None:
        shown = await asyncio.to_thread(replays.shown, match, step)
    else:
        shown = await asyncio.to_thread(moved, match, to, step)
    drawn = await draw(shown.board, words)
    head = words(REPLAY_HEAD, game=words.field(match.ref), step=shown.step, last=shown.last)
    text = "\n".join((head, *(words.text(line) for line in shown.lines)))
    fallback = drawn.fallback()
    room = MESSAGE_TEXT - len(fallback) - 2
    text = (text if len(text) <= room else text[: room - 1] + "…") + "\n" + fallback
    return Page(text.strip(), drawn, buttons(match.id, shown.step, shown.last, words))


def buttons(match_id: int, step: int, last: int, words: Words) -> discord.ui.View:
    """First, Previous, Next and Last from this step (those that lead nowhere greyed out), and
    Animation; their state is in their custom ids, so they work after a restart."""
    view = discord.ui.View(timeout=None)
    for to in ("first", "previous", "next", "last"):
        stuck = step == 0 if to in ("first", "previous") else step == last
        view.add_item(ReplayButton(match_id, to, step, words, disabled=stuck))
    view.add_item(ReplayButton(match_id, "animation", step, words))
    return view


async def soon(interaction: discord.Interaction, work: Awaitable[T], *, update: bool) -> T:
    """The work's result, deferring the interaction first if it takes longer than Discord
    waits for an answer (only then: every request counts against Discord's limits)."""
    running = asyncio.ensure_future(work)
    done, _ = await asyncio.wait((running,), timeout=DEFER_AFTER)
    if not done:
        if update:
            await interaction.response.defer()
        else:
            await defer(interaction)
    return await running


class Replay(commands.Cog):
    """Replays of started games, step by step or animated."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="replay", description="Step through a game's record (privately).")
    @app_commands.describe(
        game="the game's number (#id)",
        step="the step to show: 0 is the start (the default)",
        animated="also attach an animated picture of the whole game",
    )
    @app_commands.guild_only()
    async def replay(
        self,
        interaction: discord.Interaction,
        game: int,
        step: int = 0,
        animated: bool = False,
    ) -> None:
        try:
            match = await find_match(interaction, game, STATUSES)
            shown = await soon(interaction, page(match, words_for(interaction), step), update=False)
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        await reply(interaction, shown.text, shown.files(), shown.view)
        if animated:
            await self.send_animation(interaction, match)

    async def on_replay_button(
        self, interaction: discord.Interaction, match_id: int, to: str, step: int
    ) -> None:
        """Show another step in the same private message, or attach the animation."""
        match = await find_match(interaction, match_id, STATUSES)
        if to == "animation":
            await defer(interaction)
            await self.send_animation(interaction, match)
            return
        shown = await soon(interaction, page(match, words_for(interaction), step, to), update=True)
        if interaction.response.is_done():
            await interaction.edit_original_response(
                content=shown.text,
                attachments=shown.files(),
                view=shown.view,
                allowed_mentions=NO_MENTIONS,
            )
        else:
            await interaction.response.edit_message(
                content=shown.text,
                attachments=shown.files(),
                view=shown.view,
                allowed_mentions=NO_MENTIONS,
            )

    async def send_animation(self, interaction: discord.Interaction, match: Match) -> None:
        """A private follow-up with an animated picture of the game, one frame per step (or
        steps spread over a long game), drawn off the event loop."""
        try:
            found = await asyncio.to_thread(replays.frames, match)
            made = await asyncio.to_thread(
                animate, match.row.game, replays.PublicViews(found), board_names(match)
            )
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        except Exception as e:
            log.exception("Could not animate %s", match.label)
            await answer_failure(interaction, e)
            return
        words = words_for(interaction)
        game = words.field(match.ref)
        frames, steps = len(made.steps), len(found)
        what = words(EVERY_FRAME, frames=frames)
        if frames < steps:
            what = words(SOME_FRAMES, frames=frames, steps=steps, most=MAX_FRAMES)
        text = words(ANIMATION, game=game, frames=what, seconds=f"{FRAME_MS / 1000:g}")
        file = discord.File(
            io.BytesIO(made.gif),
            filename=f"game-{match.id}-replay.gif",
            description=words(ANIMATION_ALT, game=game),
        )
        await reply(interaction, text, [file])


async def setup(bot: RefereeBot) -> None:
    """Add the replay cog."""
    await bot.add_cog(Replay(bot))
