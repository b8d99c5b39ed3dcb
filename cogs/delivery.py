"""Turn the referee's outcomes into Discord messages, surviving Discord's failures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from cogs.boards import PICTURE_NAME, Drawn, draw
from cogs.buttons import (
    ComputerSelect,
    DigitButton,
    LobbyButton,
    RematchButton,
    SecretButton,
    TournamentButton,
    VoteButton,
    pick_view,
)
from cogs.catalogue import N_
from cogs.cues import cues, reply_cue
from cogs.lists import EMBED_TEXT, fit_list
from cogs.replies import NO_MENTIONS, answered, done_text, mentioning, reply
from cogs.speech import ENGLISH, Words
from cogs.tournament_tables import draw_tournament
from referee.notices import Board, Controls, Direct, Outcome, Post, Style

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

COLOURS = {
    Style.LOBBY: discord.Colour.blurple(),
    Style.PROGRESS: discord.Colour.dark_grey(),
    Style.RESULT: discord.Colour.teal(),
    Style.FINAL: discord.Colour.gold(),
    Style.CANCELLED: discord.Colour.red(),
    Style.NOTICE: discord.Colour.light_grey(),
}
LINE_ROOM = 40
"""What an embed keeps free after its first line, for '… and N more'."""
CLOSED_DMS = 50007
UNKNOWN_MESSAGE = 10008
UNAVAILABLE = 503
"""Discord's 'service unavailable': as passing as its other server errors, which discord.py
sends again by itself (500, 502, 504, 524), but left to the caller."""
ATTEMPTS = 3
"""How often a message is sent when Discord answers UNAVAILABLE."""

T = TypeVar("T")


async def through_unavailable(send: Callable[[], Awaitable[T]]) -> T:
    """Send, and again after a pause if Discord is briefly unavailable (the pauses discord.py
    makes for its own retries: 1 s, then 3 s)."""
    for attempt in range(ATTEMPTS):
        try:
            return await send()
        except discord.HTTPException as e:
            if e.status != UNAVAILABLE or attempt == ATTEMPTS - 1:
                raise
            log.info("Discord unavailable (503); sending again")
            await asyncio.sleep(1 + attempt * 2)
    raise AssertionError("unreachable")


CANNOT_POST = N_("I could not post in {channel} (check my permissions there).")
SECRET_TITLE = N_("Secret move")
ABOUT = N_("**{game}** in {channel}: {text}")
"""A private message about a match, naming it and its channel."""
CLOSED_DMS_NOTE = N_(
    "{member}, I cannot DM you (your DMs are closed). Press the button to submit your secret "
    "move privately, or use `/move`."
)


def channel_words(bot: RefereeBot, channel_id: int) -> Words:
    """The words of a channel's server (its preferred language), for what is posted there or
    sent about its games."""
    channel = bot.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    return Words.of(guild.preferred_locale if guild is not None else None)


def member_words(bot: RefereeBot, user_id: int, channel_id: int) -> Words:
    """The words of a member in a DM (which carries no language): theirs, as last heard from
    them, else those of the server of the channel the message is about."""
    language = bot.languages.get(user_id)
    return Words(language) if language is not None else channel_words(bot, channel_id)


def embed_for(title: str, lines: Sequence[str], style: Style, words: Words) -> discord.Embed:
    """An embed with the lines as its description: as many whole lines as Discord's limit
    takes, then how many more there were (in these words)."""
    # A line is clipped to leave room for the count of the lines after it.
    longest = EMBED_TEXT - LINE_ROOM
    clipped = [text if len(text) <= longest else text[: longest - 1] + "…" for text in lines]
    text = fit_list(clipped, EMBED_TEXT, sep="\n", more=words.more())
    return discord.Embed(title=title[:256], description=text, colour=COLOURS[style])


def view_for(post: Post, words: Words) -> discord.ui.View | None:
    """The buttons of a post, labelled in these words, built from restart-proof dynamic items."""
    if post.controls in (Controls.NONE, Controls.SECRET):
        return None
    if post.controls is Controls.PICK:
        return pick_view(post.match_id, post.step, post.choices, words)
    view = discord.ui.View(timeout=None)
    if post.controls is Controls.LOBBY:
        for action in ("join", "start", "cancel"):
            view.add_item(LobbyButton(action, post.match_id, words))
        view.add_item(ComputerSelect(post.match_id, words))
    elif post.controls is Controls.DIGITS:
        for digit in "01":
            view.add_item(DigitButton(post.match_id, post.step, digit))
    elif post.controls is Controls.VOTE:
        for choice in ("yes", "no"):
            view.add_item(VoteButton(post.match_id, post.step, choice, words))
    elif post.controls is Controls.REMATCH:
        view.add_item(RematchButton(post.match_id, words))
    elif post.controls is Controls.ENTER:
        for action in ("join", "start"):
            view.add_item(TournamentButton(action, post.tournament_id, words))
    return view


def content_for(post: Post, drawn: Drawn | None) -> str | None:
    """Mentions of who must act, then the board in a code block if it has no picture, within
    2,000 characters."""
    mentions = " ".join(f"<@{u}>" for u in post.mentions)
    board = drawn.fallback() if drawn else ""
    content = f"{mentions}\n{board}".strip() if mentions else board
    if len(content) > 2000:
        content = board
    return content or None


async def deliver(bot: RefereeBot, outcome: Outcome) -> None:
    """Send an outcome's posts and direct messages; failures are logged, never raised."""
    for post in outcome.posts:
        try:
            await send_post(bot, post)
        except Exception:
            # The action is committed and the member answered: a failure here (say, the
            # database busy while the lobby message id is saved) must not tell them otherwise.
            log.exception("Could not deliver a post of match %s", post.match_id)
    for direct in outcome.directs:
        await send_direct(bot, direct)
    if outcome.computers:
        bot.dispatch("computers_to_move", tuple(outcome.computers))


@dataclass(frozen=True)
class Composed:
    """A post made ready to send: its text, embed, buttons, picture and whom it may ping."""

    content: str | None
    embed: discord.Embed
    view: discord.ui.View | None
    drawn: Drawn | None
    mentions: discord.AllowedMentions

    def parts(self) -> dict[str, Any]:
        """The keyword arguments of a send, with a fresh attachment (a file is read as it is
        sent, so each attempt needs its own)."""
        parts: dict[str, Any] = {
            "content": self.content,
            "embed": self.embed,
            "files": self.drawn.files() if self.drawn else [],
            "allowed_mentions": self.mentions,
        }
        if self.view is not None:
            parts["view"] = self.view
        return parts


async def compose(post: Post, words: Words) -> Composed:
    """A post's message in these words: the board's picture in the embed, drawn off the event
    loop."""
    lines = [*(words.text(line) for line in post.lines), *cues(post, words)]
    embed = embed_for(words.text(post.title), lines, post.style, words)
    drawn = await draw(post.board, words) if post.board else None
    if post.tournament is not None:
        drawn = await draw_tournament(post.tournament, words, words.text(post.title))
    if drawn and drawn.png:
        embed.set_image(url=f"attachment://{PICTURE_NAME}")
    return Composed(
        content_for(post, drawn), embed, view_for(post, words), drawn, mentioning(post.mentions)
    )


async def send_post(bot: RefereeBot, post: Post) -> discord.Message | None:
    """Post in a match's channel (editing the lobby message in place when there is one)."""
    words = channel_words(bot, post.channel_id)
    composed = await compose(post, words)
    try:
        # The channel may be on another process's shard, so not in this one's cache: it is
        # addressed by id, which costs no request.
        channel = bot.get_partial_messageable(post.channel_id)
        if post.replaces:
            lobby = channel.get_partial_message(post.replaces)
            try:
                # A lobby shows no board: nothing to attach.
                await lobby.edit(
                    content=composed.content,
                    embed=composed.embed,
                    view=composed.view,
                    allowed_mentions=composed.mentions,
                )
                return None
            except discord.NotFound as e:
                if e.code != UNKNOWN_MESSAGE:
                    raise
                # Someone deleted the lobby message. An open lobby needs its buttons back,
                # so it is posted again; a closed one has nothing left to offer.
                if composed.view is None:
                    return None
        # discord.py itself sends again after Discord's passing server errors (500, 502, ...);
        # each attempt gets fresh attachments (composed.parts).
        sent = await through_unavailable(lambda: channel.send(**composed.parts()))
        if post.style is Style.LOBBY and post.tournament_id:
            await bot.referee.set_tournament_message(post.tournament_id, sent.id)
        elif post.style is Style.LOBBY:
            await bot.referee.set_lobby_message(post.match_id, sent.id)
        return sent
    except discord.HTTPException as e:
        # The game is already committed; a lost post must never undo or block it.
        log.warning(
            "Could not post to channel %s for match %s: %s", post.channel_id, post.match_id, e
        )
        await tell_players_instead(bot, post, words)
        return None


async def tell_players_instead(bot: RefereeBot, post: Post, words: Words) -> None:
    """When the channel refuses a post, DM its content to the match's players."""
    note = words(CANNOT_POST, channel=f"<#{post.channel_id}>")
    lines = "\n".join(words.text(line) for line in post.lines)
    text = f"{note} **{words.text(post.title)}**\n{lines}"
    for user_id in post.players:
        await send_text(bot, user_id, text[:1900], post.board, words)


async def dm_channel(bot: RefereeBot, user_id: int) -> discord.PartialMessageable:
    """A member's DM channel, opened once and then addressed by its id: a DM costs no user or
    channel request, whichever shard the member was seen on."""
    channel_id = bot.dm_channels.get(user_id)
    if channel_id is None:
        channel_id = (await bot.create_dm(discord.Object(user_id))).id
        bot.dm_channels.remember(user_id, channel_id)
    return bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)


async def send_direct(
    bot: RefereeBot, direct: Direct, before: str = "", via: discord.Interaction | None = None
) -> None:
    """DM a member (after `before`, an answer that rides in the same message, as the response
    to `via` if given: a pick in the DM); if their DMs are closed, offer the secret-move button
    in the channel."""
    words = member_words(bot, direct.user_id, direct.channel_id)
    text = words.text(direct.text)
    if direct.prompt:
        text = f"{text}\n{reply_cue(direct, words)}"
    if direct.title:
        text = words(
            ABOUT, game=words.text(direct.title), channel=f"<#{direct.channel_id}>", text=text
        )
    if before:
        text = f"{before}\n\n{text}"
    view = pick_view(direct.match_id, direct.step, direct.choices, words)
    sent = await send_text(bot, direct.user_id, text, direct.board, words, view, via)
    if not sent and direct.prompt and direct.channel_id:
        await offer_secret_button(bot, direct)


async def send_text(
    bot: RefereeBot,
    user_id: int,
    text: str,
    board: Board | None = None,
    words: Words = ENGLISH,
    view: discord.ui.View | None = None,
    via: discord.Interaction | None = None,
) -> bool:
    """DM a member a text and a board (its picture, or the board in a code block when the
    picture cannot be drawn) and a menu under it, as the response to `via` (an interaction in
    the DM) if given; False if it could not be sent."""
    parts = [text]
    drawn = await draw(board, words) if board else None
    block = drawn.fallback() if drawn else ""
    if block:
        if len(text) + 1 + len(block) <= 2000:
            parts = [f"{text}\n{block}"]
        else:
            parts.append(block)

    def sending(i: int) -> dict[str, Any]:
        """The keyword arguments of part i, with fresh attachments (a file is read as it is
        sent, so each attempt needs its own)."""
        # The picture rides with the first part: one message, text and board together.
        out: dict[str, Any] = {
            "files": drawn.files() if drawn and i == 0 else [],
            "allowed_mentions": NO_MENTIONS,
        }
        if view is not None and i == len(parts) - 1:
            out["view"] = view
        return out

    try:
        for i, part in enumerate(parts):
            if via is not None and not via.response.is_done():
                await via.response.send_message(part[:2000], **sending(i))
            elif via is not None:
                await via.followup.send(part[:2000], **sending(i))
            else:
                dm = await dm_channel(bot, user_id)
                await through_unavailable(partial(send_part, dm, part[:2000], sending, i))
        return True
    except discord.Forbidden as e:
        if e.code != CLOSED_DMS:
            log.warning("Could not DM %s: %s", user_id, e)
    except discord.HTTPException as e:
        log.warning("Could not DM %s: %s", user_id, e)
    return False


async def send_part(
    channel: discord.PartialMessageable,
    text: str,
    sending: Callable[[int], dict[str, Any]],
    i: int,
) -> discord.Message:
    """Send part i of a message in a channel."""
    return await channel.send(text, **sending(i))


def prompt_for(user_id: int, outcome: Outcome) -> Direct | None:
    """The member's own next prompt among an outcome's messages, taken out of it so that it can
    ride with their answer (one DM instead of two)."""
    for direct in outcome.directs:
        if direct.user_id == user_id and direct.prompt:
            outcome.directs.remove(direct)
            return direct
    return None


async def offer_secret_button(bot: RefereeBot, direct: Direct) -> None:
    """Tell a member in the channel that their DMs are closed, with a button for a modal (in the
    server's words: the channel reads it)."""
    words = channel_words(bot, direct.channel_id)
    view = discord.ui.View(timeout=None)
    view.add_item(SecretButton(direct.match_id, direct.user_id, words))
    lines = (words(CLOSED_DMS_NOTE, member=f"<@{direct.user_id}>"),)
    embed = embed_for(words(SECRET_TITLE), lines, Style.NOTICE, words)
    try:
        await bot.get_partial_messageable(direct.channel_id).send(
            f"<@{direct.user_id}>",
            embed=embed,
            view=view,
            allowed_mentions=mentioning([direct.user_id]),
        )
    except discord.HTTPException as e:
        log.warning("Could not offer the secret-move button in %s: %s", direct.channel_id, e)


def showing(interaction: discord.Interaction, outcome: Outcome) -> Post | None:
    """The post that shows what the member's action did to the board in this very channel
    (a move's result), if there is one."""
    for post in outcome.posts:
        if post.board is not None and post.channel_id == interaction.channel_id:
            return post
    return None


async def answer(
    bot: RefereeBot, interaction: discord.Interaction, outcome: Outcome, move: bool = False
) -> None:
    """Answer the member, then deliver the outcome's posts and messages. A move whose result is
    posted in this channel is answered by that post, in public: one interaction response,
    which spends none of the bot's rate limits, instead of a private answer and a post."""
    post = showing(interaction, outcome) if move else None
    if post is not None and not interaction.response.is_done():
        message = await compose(post, channel_words(bot, post.channel_id))
        try:
            await interaction.response.send_message(**message.parts())
        except discord.HTTPException as e:
            log.warning("Could not answer interaction %s with its post: %s", interaction.id, e)
        else:
            answered(bot, interaction)
            outcome.posts.remove(post)
            await deliver(bot, outcome)
            return
    await reply(interaction, done_text(interaction, outcome.reply))
    if move:
        answered(bot, interaction)
    await deliver(bot, outcome)
