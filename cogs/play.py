"""Moves: /move, /resign, the 0/1 buttons, the secret-move form, and sealed moves by DM."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalogue import Ask
from cogs.context import GAME_ID, act, find_match, games_listed
from cogs.delivery import deliver, prompt_for, send_direct
from cogs.replies import DONE, NO_MENTIONS, answer_failure, explain
from cogs.speech import ENGLISH
from referee.errors import RefereeError
from referee.match import ACTIVE, Match
from referee.notices import Outcome
from referee.speech import Quote
from rules.base import clip

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

ADDRESSED = re.compile(r"^\s*#(\d{1,12})\s*[:,]?\s*(.*)$", re.DOTALL)
MAX_MOVE_TEXT = 100
AUTOCOMPLETE_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""
FORM_ID = re.compile(r"qr:form:(?P<match>\d+):(?P<step>\d+)")
"""A secret-move form's custom id: the match and the step it was shown for."""
FORM_MOVE = "move"


class SecretMoveForm(discord.ui.Modal):
    """A private form for a sealed move, for members whose DMs are closed."""

    def __init__(self, match: Match, prompt: str) -> None:
        super().__init__(
            title=f"Secret move: {match.label}"[:45],
            custom_id=f"qr:form:{match.id}:{match.row.step}",
        )
        self.add_item(
            discord.ui.TextInput(
                label="Your move",
                placeholder=prompt[:100],
                max_length=MAX_MOVE_TEXT,
                custom_id=FORM_MOVE,
            )
        )
        # Play.on_interaction answers the form by its custom id, in this process or the next;
        # a stopped modal is not kept by discord.py, so nothing else answers it too.
        self.stop()


class Play(commands.Cog):
    """Playing moves."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Play your move (secret moves stay secret).")
    @app_commands.describe(move="your move, e.g. 17, 1, b2 c3, 2@0, drop", game=GAME_ID)
    @app_commands.guild_only()
    async def move(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, MAX_MOVE_TEXT],
        game: int | None = None,
    ) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (ACTIVE,))
            return await self.bot.referee.move(match.id, interaction.user.id, move)

        await act(interaction, run, move=True)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves that start with what has been typed, where the list is short."""
        try:
            match = await find_match(interaction, interaction.namespace.game, (ACTIVE,))
        except RefereeError:
            return []
        seat = match.seat_of(interaction.user.id)
        if seat is None or seat.seat not in match.step_seats() or match.progress is None:
            return []
        p = match.progress
        hits = p.game.completions(p.state, seat.seat, current, AUTOCOMPLETE_CHOICES)
        return [app_commands.Choice(name=m, value=m) for m in hits]

    @app_commands.command(name="resign", description="Give up a game you are playing.")
    @app_commands.describe(game=GAME_ID)
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def run() -> Outcome:
            match = await find_match(interaction, game, (ACTIVE,))
            return await self.bot.referee.resign(match.id, interaction.user.id)

        await act(interaction, run)

    async def on_digit_button(
        self, interaction: discord.Interaction, match_id: int, step: int, digit: str
    ) -> None:
        """A click on a 0/1 button; a button from an earlier step is refused."""

        async def run() -> Outcome:
            return await self.bot.referee.move(match_id, interaction.user.id, digit, step)

        await act(interaction, run, move=True)

    async def on_secret_button(
        self, interaction: discord.Interaction, match_id: int, user_id: int
    ) -> None:
        """Open the secret-move form for the member it was offered to."""
        try:
            if interaction.user.id != user_id:
                raise RefereeError(Ask.OTHER_PLAYERS_BUTTON)
            match = await self.bot.referee.get(match_id)
            seat = match.seat_of(user_id)
            if seat is None or match.status != ACTIVE or seat.seat not in match.step_seats():
                raise RefereeError(Ask.NOT_WAITING_ON_YOU, game=match.ref)
            p = match.require_progress()
            await interaction.response.send_modal(
                SecretMoveForm(match, p.game.prompt(p.state, seat.seat).english(match.names))
            )
        except RefereeError as e:
            await answer_failure(interaction, e)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted secret-move form; a form of a step that has resolved is refused."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast(dict[str, Any], interaction.data or {})
        form = FORM_ID.fullmatch(str(data.get("custom_id", "")))
        if form is None:
            return
        match_id, step = int(form["match"]), int(form["step"])
        text = _submitted(data.get("components", []), FORM_MOVE)
        try:
            await act(
                interaction,
                lambda: self.bot.referee.move(match_id, interaction.user.id, text, step),
            )
        except Exception as e:
            # No command tree stands behind a listener: the form is answered here.
            await answer_failure(interaction, e)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A DM to the bot is a move: `17`, or `#12 17` for game #12."""
        if message.guild is not None or message.author.bot:
            return
        self.bot.dm_channels.remember(message.author.id, message.channel.id)
        try:
            outcome = await self._dm_move(message.author.id, message.content)
            # A message carries no language: DMs are answered in the source language.
            text = ENGLISH.text(outcome.reply) if outcome.reply else ENGLISH(DONE)
        except Exception as e:
            # Every DM gets an answer: why it was refused, or an apology (and a logged traceback).
            outcome, text = Outcome(), explain(e, f"DM message {message.id}", ENGLISH)
        # The last secret move of a step is answered together with the mover's next prompt.
        prompt = prompt_for(message.author.id, outcome)
        if prompt is not None:
            await send_direct(self.bot, prompt, before=text)
        else:
            try:
                await message.channel.send(text[:2000], allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("Could not answer a DM from %s: %s", message.author.id, e)
        await deliver(self.bot, outcome)

    async def _dm_move(self, user_id: int, content: str) -> Outcome:
        referee = self.bot.referee
        addressed = ADDRESSED.match(content)
        if addressed:
            match_id, text = int(addressed.group(1)), addressed.group(2)
            try:
                match = await referee.get(match_id)
            except RefereeError:
                match = None
            if match is None or match.status != ACTIVE or match.seat_of(user_id) is None:
                raise RefereeError(Ask.NOT_PLAYING_NUMBER, number=match_id)
            return await referee.move(match_id, user_id, _move_text(text))
        text = _move_text(content)
        mine = await referee.matches_of(user_id)
        # A bare DM is a secret move; turn moves need `#id` here, or /move in the channel.
        waiting = [m for m in mine if m.is_sealed() and _seat_in(m, user_id, m.awaited_seats())]
        if not waiting:
            waiting = [m for m in mine if m.is_sealed() and _seat_in(m, user_id, m.step_seats())]
        if len(waiting) == 1:
            return await referee.move(waiting[0].id, user_id, text)
        if not waiting:
            raise RefereeError(Ask.NO_SECRET_AWAITED)
        example = Quote(f"#{waiting[0].id} {clip(text, 20)}")
        raise RefereeError(Ask.SEVERAL_WAITING, games=games_listed(waiting), example=example)


def _seat_in(match: Match, user_id: int, seats: frozenset[int]) -> bool:
    seat = match.seat_of(user_id)
    return seat is not None and seat.seat in seats


def _submitted(components: list[dict[str, Any]], custom_id: str) -> str:
    """The value of a form's input, found in the submitted rows (empty when missing)."""
    for component in components:
        if component.get("custom_id") == custom_id:
            return str(component.get("value", ""))
        # Inputs sit in action rows ("components") or, in newer forms, in labels ("component").
        label = component.get("component")
        found = _submitted(component.get("components") or ([label] if label else []), custom_id)
        if found:
            return found
    return ""


def _move_text(text: str) -> str:
    text = text.strip()
    if not text:
        raise RefereeError(Ask.EMPTY_DM)
    if len(text) > MAX_MOVE_TEXT:
        raise RefereeError(Ask.MOVE_TOO_LONG, limit=MAX_MOVE_TEXT)
    return text


async def setup(bot: RefereeBot) -> None:
    """Add the play cog."""
    await bot.add_cog(Play(bot))
