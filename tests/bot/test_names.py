"""Members whose names or moves hold markup, mentions and hidden characters change nothing.

Members named with a code fence and a mention, backticks, spoiler bars, a right-to-left
override, zero-width characters, new lines and far too many characters play whole games,
look at /board, /score, /games and /leaderboard, and send hostile moves; then every request
the bot made to Discord is read.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cogs.boards import PICTURE_NAME
from tests.bot.table import Table

FENCE = "```"
ESCAPE = re.compile(r"\\.", re.DOTALL)
CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
HOSTILE_MOVE = "```\n<@{outsider}> @everyone ||x||\u202e\u200b"


def hostile_names(outsider: int) -> dict[str, str]:
    """Display names by member key; the first one mentions a member who never plays."""
    return {
        "fence": f"```\n<@{outsider}> hi",
        "ticks": "`tick` ``",
        "spoiler": "||spoiler|| **bold** @everyone",
        "rtl": "\u202eevil\u202c name",
        "zero": "ze\u200bro\u200dwi\ufeffdth",
        "lines": "two\nlines\n# heading",
        "long": "> " + "x" * 200,
    }


@dataclass
class Scene:
    """The table after the games, who played, and who never did."""

    table: Table
    players: set[int]
    outsider: int
    leaderboard: Any

    def payloads(self) -> Iterator[dict[str, Any]]:
        """Every message the bot sent, edited or answered with (content, embeds, mentions)."""
        for request in self.table.env.http_requests:
            yield from messages_in(request.json)


def messages_in(data: Any) -> Iterator[dict[str, Any]]:
    """The message payloads inside a request body (an interaction answer wraps one)."""
    if isinstance(data, dict):
        if "content" in data or "embeds" in data:
            yield data
        for value in data.values():
            yield from messages_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from messages_in(value)


def texts(message: dict[str, Any]) -> Iterator[str]:
    """The markdown texts of a message: its content, and its embeds' titles and descriptions."""
    if message.get("content"):
        yield message["content"]
    for embed in message.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield embed[key]


def strings(data: Any) -> Iterator[str]:
    """Every string anywhere in a request body."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


async def play_with_hostile_names(env: Any) -> Scene:
    """Two games among members with hostile names, looked at through every command."""
    guild = env.create_guild("home")
    channel = guild.create_text_channel("games")
    table = Table(env, guild, channel)
    outsider = guild.add_member(env.create_user("outsider"))
    for key, nick in hostile_names(outsider.id).items():
        table.members[key] = guild.add_member(env.create_user(key), nick=nick)
    rng = random.Random(7)

    turns = await table.open("fence", "lengths-of-lengths", n=4)
    await table.seat(turns, ["ticks", "spoiler", "rtl"])
    sealed = await table.open("zero", "numbers-to-number", m=2, rounds=1)
    await table.seat(sealed, ["lines"])
    lobby = await table.open("long", "binary-scramble")
    for key in ("fence", "zero"):
        for command in ("board", "score"):
            await table.members[key].slash(channel, command)
    await outsider.slash(channel, "games")

    move = HOSTILE_MOVE.format(outsider=outsider.id)
    await table.members["zero"].send_dm(move)
    await table.members["zero"].send_dm(f"#{sealed} {move}")
    match = await table.match(turns)
    mover = table.member(match.seats[min(match.awaited_seats())].member_id)
    await mover.slash(channel, "move", move=move[:100], game=turns)

    await table.resign(table.members["rtl"], game=turns)
    await table.play_out(turns, rng)
    await table.play_out(sealed, rng)
    await table.members["long"].slash(channel, "cancel", game=lobby)
    leaderboard = await outsider.slash(channel, "leaderboard")
    players = {m.id for key, m in table.members.items() if key != "long"}
    return Scene(table, players, outsider.id, leaderboard)


async def test_boards_stay_one_code_block(simcord_env: Any) -> None:
    """Every board's text (its picture's alt text, or a code block with exactly the two fences
    the bot wrote) holds no backtick; outside code, code spans pair up."""
    scene = await play_with_hostile_names(simcord_env)
    boards = 0
    for message in scene.payloads():
        for text in texts(message):
            parts = text.split(FENCE)
            assert len(parts) in (1, 3), text
            if len(parts) == 3:
                boards += 1
                assert "`" not in parts[1] and parts[1].startswith("\n"), text
            outside = ESCAPE.sub("", parts[0] + (parts[2] if len(parts) == 3 else ""))
            assert outside.count("`") % 2 == 0, text
        for attachment in message.get("attachments") or []:
            if attachment.get("filename") == PICTURE_NAME:
                boards += 1
                assert "`" not in attachment["description"], attachment
    assert boards > 20


async def test_only_the_members_meant_can_be_pinged(simcord_env: Any) -> None:
    """Each message lets Discord ping only players it calls by mention itself; nothing is
    parsed from the text, and the member named in a nickname is never pinged."""
    scene = await play_with_hostile_names(simcord_env)
    pinging = 0
    for message in scene.payloads():
        allowed = message.get("allowed_mentions")
        assert allowed is not None and allowed["parse"] == [], message
        users = {int(u) for u in allowed.get("users", [])}
        content = CODE.sub("", message.get("content") or "")
        called = {int(u) for u in re.findall(r"<@(\d+)>", content)}
        assert users <= called & scene.players, message
        pinging += bool(users)
    assert pinging > 10


async def test_names_show_literally_in_markdown(simcord_env: Any) -> None:
    """Outside code, a name makes no mention of the outsider, no spoiler, no heading."""
    scene = await play_with_hostile_names(simcord_env)
    seen = 0
    for message in scene.payloads():
        for text in texts(message):
            prose = CODE.sub("", ESCAPE.sub("", text))
            assert f"<@{scene.outsider}>" not in prose, text
            assert "||" not in prose and "**bold" not in prose, text
            assert not re.search(r"^(#|>) ", prose, re.M), text
            seen += "spoiler" in text
    assert seen > 5


async def test_leaderboard_code_spans_stay_intact(simcord_env: Any) -> None:
    """Each leaderboard row is one code span of the same width, whatever the names."""
    scene = await play_with_hostile_names(simcord_env)
    rows = scene.leaderboard.response.embeds[0].description.split("\n")
    table = [row for row in rows if row.startswith("`")]
    assert len(table) == 1 + len(scene.players)
    for row in table:
        assert row.endswith("`") and row.count("`") == 2, row
        assert len(row) == len(table[0]), row


async def test_no_hidden_character_reaches_discord(simcord_env: Any) -> None:
    """No bidi override, zero-width or control character (but the new line) is ever sent."""
    scene = await play_with_hostile_names(simcord_env)
    for request in scene.table.env.http_requests:
        for text in strings(request.json):
            hidden = {c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"}
            assert not hidden, (request.path, text)
