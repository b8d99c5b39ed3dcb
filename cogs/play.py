"""Moves: /move, /resign, the 0/1 buttons, menus of moves, the secret-move form, and sealed
moves by DM."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import LeaveButton, PickSelect
from cogs.catalogue import N_, Ask
from cogs.context import GAME_ID, act, find_match, games_listed
from cogs.delivery import deliver, member_words, prompt_for, send_direct
from cogs.picker import groups
from cogs.replies import (
    DONE,
    NO_MENTIONS,
    answer_failure,
    answered,
    explain,
    hear,
    reply,
    words_for,
)
from cogs.servers import match_in
from cogs.speech import Words
from referee.codes import Refusal
from referee.errors import RefereeError
from referee.match import ACTIVE, Match
from referee.notices import Outcome
from referee.speech import Quote
from referee.store import StoreBusy
from rules.base import clip

if TYPE_CHECKING:
    from bot import RefereeBot
    from referee import Referee

log = logging.getLogger(__name__)

ADDRESSED = re.compile(r"^\s*#(\d{1,12})\s*[:,]?\s*(.*)$", re.DOTALL)
MAX_MOVE_TEXT = 100
AUTOCOMPLETE_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""
FORM_ID = re.compile(r"qr:form:(?P<match>\d+):(?P<step>\d+)")
"""A secret-move form's custom id: the match and the step it was shown for."""
FORM_MOVE = "move"
FORM_TITLE = N_("Secret move: {game}")
FORM_LABEL = N_("Your move")
ASK_RESIGN = N_(
    "Resign from {game}? You cannot come back into it, and you cannot win it any more. "
    "Press Resign to confirm."
)
ASK_LEAVE = N_(
    "{move} leaves {game}: you cannot come back into it, and you cannot win it any more. "
    "Press Leave the game to confirm."
)
OTHERS_LEAVE_BUTTON = N_(
    "This button confirms another member's choice to leave their game; nothing changed."
)


class SecretMoveForm(discord.ui.Modal):
    """A private form for a sealed move, for members whose DMs are closed."""

    def __init__(self, match: Match, prompt: str, words: Words) -> None:
        super().__init__(
            title=words(FORM_TITLE, game=words.field(match.ref))[:45],
            custom_id=f"qr:form:{match.id}:{match.row.step}",
        )
        self.add_item(
            discord.ui.TextInput(
                label=words(FORM_LABEL),
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
        try:
            match = await find_match(interaction, game, (ACTIVE,))
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        leaving = leaving_move(match, interaction.user.id, move)
        if leaving:
            await ask_to_leave(interaction, match, leaving)
            return
        await act(
            interaction,
            lambda: self.bot.referee.move(match.id, interaction.user.id, move),
            move=True,
        )

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
        """Ask the member to confirm; someone who cannot resign is told why at once."""
        try:
            match = await find_match(interaction, game, (ACTIVE,))
        except RefereeError as e:
            await answer_failure(interaction, e)
            return
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.resigned(seat.seat):
            await act(interaction, lambda: self.bot.referee.resign(match.id, interaction.user.id))
            return
        await ask_to_leave(interaction, match, "")

    async def on_leave_button(
        self, interaction: discord.Interaction, match_id: int, user_id: int, step: int, move: str
    ) -> None:
        """The member's confirmation that they resign or leave; someone else's is refused."""
        if interaction.user.id != user_id:
            await reply(interaction, words_for(interaction)(OTHERS_LEAVE_BUTTON))
            return
        referee = self.bot.referee
        if move:
            await act(interaction, lambda: referee.move(match_id, user_id, move, step), move=True)
        else:
            await act(interaction, lambda: referee.resign(match_id, user_id))

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
            words = words_for(interaction)
            # A form's placeholder is plain text: no markdown, names as written.
            names = [words.seat_name(s.name, s.computer is not None) for s in match.seats]
            prompt = p.game.prompt(p.state, seat.seat).say(names, words.gettext)
            await interaction.response.send_modal(SecretMoveForm(match, prompt, words))
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
        hear(interaction)
        match_id, step = int(form["match"]), int(form["step"])
        text = _submitted(data.get("components", []), FORM_MOVE)
        try:
            await match_in(self.bot.referee, interaction.guild_id, match_id)
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
        failure: Exception | None = None
        try:
            match, text = await dm_target(self.bot.referee, message.author.id, message.content)
            leaving = leaving_move(match, message.author.id, text)
            if leaving:
                await self._ask_to_leave_by_dm(message, match, leaving)
                return
            outcome = await self.bot.referee.move(match.id, message.author.id, text)
        except Exception as e:
            outcome, failure = Outcome(), e
        await self._answer_in_dm(message, outcome, failure)

    async def on_pick(
        self, interaction: discord.Interaction, match_id: int, step: int, move: str
    ) -> None:
        """A move picked from a menu: under a turn post, answered as `/move` is; in a DM, as a
        DM move is. A menu of an earlier step is refused."""
        user_id = interaction.user.id
        match = await self.bot.referee.get(match_id)
        leaving = leaving_move(match, user_id, move)
        if leaving:
            # Menus never list such a move; one sent anyway still needs its confirmation.
            await ask_to_leave(interaction, match, leaving)
            return
        if interaction.guild_id is not None:
            await act(
                interaction, lambda: self.bot.referee.move(match_id, user_id, move, step), move=True
            )
            return
        try:
            outcome = await self.bot.referee.move(match_id, user_id, move, step)
        except (RefereeError, StoreBusy) as e:
            # A refused pick changes nothing and is told privately, as a refused click is.
            await answer_failure(interaction, e)
            answered(self.bot, interaction)
            return
        await self._answer_in_dm(interaction, outcome, None)

    async def on_group(
        self, interaction: discord.Interaction, match_id: int, step: int, group: int
    ) -> None:
        """A group picked from the first of two menus: the group's moves, in a private menu
        for the same step (its pick is answered as any pick is)."""
        words = words_for(interaction)
        try:
            moves = await self.bot.referee.choices(match_id, interaction.user.id, step)
            found = groups(moves)
            if not 0 <= group < len(found):
                match = await self.bot.referee.get(match_id)
                raise RefereeError(Refusal.STEP_RESOLVED, game=match.ref)
        except (RefereeError, StoreBusy) as e:
            await answer_failure(interaction, e)
            return
        label, chosen = found[group]
        view = discord.ui.View(timeout=None)
        view.add_item(PickSelect(match_id, step, chosen, words))
        await interaction.response.send_message(f"`{label}`", view=view, ephemeral=True)

    async def _answer_in_dm(
        self,
        about: discord.Message | discord.Interaction,
        outcome: Outcome,
        failure: Exception | None,
    ) -> None:
        """Answer a move made in a DM (a message, or a pick from a prompt's menu), then deliver
        the outcome."""
        user = about.author if isinstance(about, discord.Message) else about.user
        via = None if isinstance(about, discord.Message) else about
        # The last secret move of a step is answered together with the mover's next prompt.
        prompt = prompt_for(user.id, outcome)
        channel = prompt.channel_id if prompt else next((p.channel_id for p in outcome.posts), 0)
        words = member_words(self.bot, user.id, channel)
        if failure is not None:
            # Every DM gets an answer: why it was refused, or an apology (and a logged traceback).
            text = explain(failure, f"DM message {about.id}", words)
        else:
            text = words.text(outcome.reply) if outcome.reply else words(DONE)
        if prompt is not None:
            await send_direct(self.bot, prompt, before=text, via=via)
        else:
            try:
                if isinstance(about, discord.Message):
                    await about.channel.send(text[:2000], allowed_mentions=NO_MENTIONS)
                else:
                    await about.response.send_message(text[:2000], allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("Could not answer a DM from %s: %s", user.id, e)
        answered(self.bot, about)
        await deliver(self.bot, outcome)

    async def _ask_to_leave_by_dm(self, message: discord.Message, match: Match, move: str) -> None:
        """Ask, in the DM, to confirm a move that leaves the game, with the button that plays it."""
        words = member_words(self.bot, message.author.id, match.row.channel_id)
        question = words(ASK_LEAVE, move=words.field(Quote(move)), game=words.field(match.ref))
        view = discord.ui.View(timeout=None)
        view.add_item(LeaveButton(match.id, message.author.id, match.row.step, move, words))
        try:
            await message.channel.send(question, view=view, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as e:
            log.warning("Could not answer a DM from %s: %s", message.author.id, e)


async def dm_target(referee: Referee, user_id: int, content: str) -> tuple[Match, str]:
    """The match a DM's move is for, and the move's text."""
    addressed = ADDRESSED.match(content)
    if addressed:
        match_id, text = int(addressed.group(1)), addressed.group(2)
        try:
            match = await referee.get(match_id)
        except RefereeError:
            match = None
        if match is not None and not _playing(match, user_id):
            (match,) = await referee.current([match])
        if match is None or not _playing(match, user_id):
            raise RefereeError(Ask.NOT_PLAYING_NUMBER, number=match_id)
        return match, _move_text(text)
    text = _move_text(content)
    waiting = _awaiting_secret(await referee.matches_of(user_id), user_id)
    if not waiting:
        stored = await referee.matches_of(user_id, stored=True)
        waiting = _awaiting_secret(await referee.current(stored), user_id)
    if len(waiting) == 1:
        return waiting[0], text
    if not waiting:
        raise RefereeError(Ask.NO_SECRET_AWAITED)
    example = Quote(f"#{waiting[0].id} {clip(text, 20)}")
    raise RefereeError(Ask.SEVERAL_WAITING, games=games_listed(waiting), example=example)


def _playing(match: Match, user_id: int) -> bool:
    return match.status == ACTIVE and match.seat_of(user_id) is not None


def _awaiting_secret(mine: list[Match], user_id: int) -> list[Match]:
    """The member's games that wait for a secret move from them (else those whose step is
    theirs, where they may change the move they sent)."""
    # A bare DM is a secret move; turn moves need `#id` here, or /move in the channel.
    waiting = [m for m in mine if m.is_sealed() and _seat_in(m, user_id, m.awaited_seats())]
    if not waiting:
        waiting = [m for m in mine if m.is_sealed() and _seat_in(m, user_id, m.step_seats())]
    return waiting


def leaving_move(match: Match, user_id: int, text: str) -> str:
    """The move that `text` names if it would take the member out of the game (`drop`), else
    an empty string."""
    seat, p = match.seat_of(user_id), match.progress
    if seat is None or p is None or match.status != ACTIVE:
        return ""
    typed = text.strip().lower()
    return typed if typed in p.game.leaving_moves(p.state, seat.seat) else ""


async def ask_to_leave(interaction: discord.Interaction, match: Match, move: str) -> None:
    """Ask a member privately to confirm that they resign (`move` empty) or play a move that
    leaves the game, with the button that does it."""
    words = words_for(interaction)
    game = words.field(match.ref)
    quoted = words.field(Quote(move))
    question = words(ASK_LEAVE, move=quoted, game=game) if move else words(ASK_RESIGN, game=game)
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveButton(match.id, interaction.user.id, match.row.step, move, words))
    await reply(interaction, question, view=view)


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
