"""A referee's board on Discord: a picture attached to the message, its text as the picture's
alt text, and the text in a code block when no picture can be drawn."""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass

import discord

import boards
from cogs.speech import ENGLISH, Words
from referee.notices import Board

log = logging.getLogger(__name__)

PICTURE_NAME = "board.png"
"""The attachment's file name; an embed shows it with `attachment://board.png`."""
ALT_TEXT = 1024
"""Discord's limit on an attachment's description (its alt text)."""


def code_block(board: str) -> str:
    """A board as a Discord code block."""
    return f"```\n{board}\n```"


@dataclass(frozen=True)
class Drawn:
    """A board made ready to send: its text, and its picture unless drawing it failed."""

    text: str
    png: bytes | None

    def file(self) -> discord.File:
        """The picture as a new attachment (a file can be sent once, so one per attempt)."""
        assert self.png is not None
        alt = self.text if len(self.text) <= ALT_TEXT else self.text[: ALT_TEXT - 1] + "…"
        return discord.File(io.BytesIO(self.png), filename=PICTURE_NAME, description=alt)

    def files(self) -> list[discord.File]:
        """The attachments of a message showing the board: its picture, if there is one."""
        return [self.file()] if self.png is not None else []

    def fallback(self) -> str:
        """The board as a code block for the message, when there is no picture to attach."""
        return "" if self.png is not None else code_block(self.text)


async def draw(board: Board, words: Words = ENGLISH) -> Drawn:
    """The board's text and picture in the reader's words; the picture is drawn off the event
    loop (it takes milliseconds), and a failure leaves the text alone to show."""
    t = words.gettext
    computers = board.computers or (False,) * len(board.names)
    names = tuple(words.seat_name(n, c) for n, c in zip(board.names, computers, strict=True))
    text = boards.text(board.game, board.view, names, board.result, t)
    try:
        png = await asyncio.to_thread(
            boards.picture, board.game, board.view, names, board.result, t
        )
    except Exception:
        log.exception("Could not draw the %s board; sending its text", board.game)
        png = None
    return Drawn(text, png)
