"""Private replies to the member who acted, and the one reply to any failure.

bot.py builds its command tree from here before it loads the cogs, so this module imports no
other cog: importing one would run an extension outside load_extension.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord import app_commands

from cogs.catalogue import N_
from cogs.lists import MESSAGE_TEXT
from cogs.speech import Words, language_of
from referee.errors import RefereeError
from referee.speech import Text
from referee.store import StoreBusy

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
"""For everything but a post that calls members: whatever the text holds, nobody is pinged."""
UNEXPECTED = N_("Something went wrong on our side; nothing was changed. Please try again.")
BUSY = N_("The game database is busy right now; nothing was changed. Please try again in a moment.")
DONE = N_("Done.")


def words_for(interaction: discord.Interaction) -> Words:
    """The words of the member who acted (their Discord language)."""
    return Words.of(interaction.locale)


def hear(interaction: discord.Interaction) -> None:
    """Remember the language of the member who acted, for their DMs (which carry none)."""
    # The bot's memory is reached through the client: this module may not import bot.py.
    languages = getattr(interaction.client, "languages", None)
    if languages is not None:
        languages.remember(interaction.user.id, language_of(interaction.locale))


def answered(client: discord.Client, about: discord.Interaction | discord.Message) -> None:
    """Tell listeners (the metrics) that a member's move was answered, and how long after
    Discord received it (by its id's time: no arrival time is kept)."""
    seconds = (discord.utils.utcnow() - about.created_at).total_seconds()
    via = "dm" if isinstance(about, discord.Message) else "interaction"
    client.dispatch("move_answered", via, seconds)


def done_text(interaction: discord.Interaction, said: Text | None) -> str:
    """What the referee said to the member who acted, in their words ('Done.' if nothing)."""
    words = words_for(interaction)
    return words.text(said, MESSAGE_TEXT) if said is not None else words(DONE)


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these members, never a mention parsed from text."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(user_id) for user_id in user_ids],
    )


async def reply(
    interaction: discord.Interaction,
    text: str,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
) -> None:
    """A private answer to the member who acted (first response or follow-up), with files
    attached (a board's picture) and buttons, if given."""
    parts: dict[str, Any] = {
        "ephemeral": True,
        "files": list(files),
        "allowed_mentions": NO_MENTIONS,
    }
    if view is not None:
        parts["view"] = view
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text[:MESSAGE_TEXT], **parts)
        else:
            await interaction.response.send_message(text[:MESSAGE_TEXT], **parts)
    except discord.HTTPException as e:
        log.warning("Could not answer interaction %s: %s", interaction.id, e)


async def defer(interaction: discord.Interaction) -> None:
    """Tell Discord a private answer is coming (the member sees "thinking...")."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as e:
        log.warning("Could not defer interaction %s: %s", interaction.id, e)


def explain(error: BaseException, about: str, words: Words) -> str:
    """What to tell the member: a refusal's own text, else BUSY or UNEXPECTED, logged `about`."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, RefereeError):
        return words.text(error.text, MESSAGE_TEXT)
    if isinstance(error, StoreBusy):
        log.warning("The database stayed busy; told %s: %s", about, error)
        return words(BUSY)
    log.error("Unexpected error answering %s", about, exc_info=error)
    return words(UNEXPECTED)


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer a failed command, click or form privately (a follow-up if already answered)."""
    await reply(
        interaction, explain(error, f"interaction {interaction.id}", words_for(interaction))
    )


class RefereeTree(app_commands.CommandTree):
    """The slash commands; whatever a command raises gets a private answer."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Hear the member's language before the command runs (buttons and forms do too)."""
        hear(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        """Answer the member (buttons and forms call answer_failure the same way)."""
        await answer_failure(interaction, error)
