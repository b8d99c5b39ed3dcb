"""Hostile input through simcord: every refusal is a clear private answer that changes nothing."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from discord import app_commands
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from simcord import OptionError

from cogs.play import ADDRESSED
from cogs.play import MAX_MOVE_TEXT as MOVE_LIMIT
from cogs.replies import UNEXPECTED
from referee.errors import RefereeError
from referee.match import ACTIVE, LOBBY, OVER, Match
from rules import GAMES
from rules.base import BadOption
from rules.record import RecordError, replay_text
from tests.bot.table import Table
from tests.hostile import DISCORD_INT, game_ids, hostile_text, move_texts, slash_game_ids
from tests.rows import database_dump

EPHEMERAL = 64
"""The message flag of a private interaction answer."""
REFUSAL_LIMIT = 500
"""A refusal is a few sentences."""

# Each test builds one world (simcord env, real bot, real SQLite file) and pytest-asyncio runs
# every hypothesis example in that test's event loop. Examples are derandomized and stored
# nowhere, so CI runs the same examples every time; an input the referee would accept (it
# changes the game) is left out with assume(), so every example meets the same world.
BOT = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)


@dataclass
class World:
    """A server with games in every state, another server, and who sits where."""

    env: Any
    database: Path
    tables: dict[str, Table]
    ids: dict[str, int]

    @property
    def members(self) -> dict[str, Any]:
        """The home server's members by name."""
        return self.tables["sealed"].members

    def database_dump(self) -> list[str]:
        """Every row of every table of the bot's SQLite file."""
        return database_dump(self.database)

    async def matches(self) -> dict[int, Match]:
        """The referee's view of every match of the world."""
        return {i: await self.tables["sealed"].bot.referee.get(i) for i in self.ids.values()}

    async def snapshot(self) -> tuple[list[str], dict[int, Match]]:
        """Everything a refused input must leave as it was: the database and the matches."""
        return self.database_dump(), await self.matches()


async def build_world(env: Any, database: Path) -> World:
    """Two sealed games and a turn game under way, a lobby, an over, a cancelled, a foreign game."""
    # Bob owes two secret moves, Alice may change hers, Dave resigned, Carol hosts the lobby.
    sealed = Table.make(env, "home", players=4)
    guild, members = sealed.guild, sealed.members
    tables = {"sealed": sealed}
    for name in ("turn", "lobby", "done", "new"):
        tables[name] = Table(env, guild, guild.create_text_channel(name), members)
    alice, bob, carol, dave = (members[n] for n in ("alice", "bob", "carol", "dave"))
    ids = {"sealed": await sealed.open("alice", "numbers-to-number", m=3, rounds=2)}
    await sealed.seat(ids["sealed"], ["bob"])
    await alice.send_dm("5")

    turn = tables["turn"]
    ids["turn"] = await turn.open("bob", "lengths-of-lengths", n=6)
    await turn.seat(ids["turn"], ["alice", "dave"])
    started = await bob.click(turn.lobby_message(ids["turn"]), label="Start")
    assert "has started" in started.response.content, started.response.content
    resigned = await turn.resign(dave, game=ids["turn"])
    assert "You resigned" in resigned.response.content, resigned.response.content

    lobby = tables["lobby"]
    ids["cancelled"] = await lobby.open("carol", "numbers-to-number", m=2, rounds=1)
    cancelled = await carol.slash(lobby.channel, "cancel", game=ids["cancelled"])
    assert "cancelled" in cancelled.response.content, cancelled.response.content
    ids["lobby"] = await lobby.open("carol", "arcs-and-marks")

    done = tables["done"]
    ids["over"] = await done.open("alice", "numbers-to-number", m=2, rounds=1)
    await done.seat(ids["over"], ["bob"])
    await done.play_out(ids["over"], random.Random(7), by_dm_prefix=True)
    ids["sealed2"] = await done.open("bob", "numbers-to-number", m=2, rounds=1)
    await done.seat(ids["sealed2"], ["carol"])

    away = Table.make(env, "away", players=2)
    tables["away"] = away
    ids["away"] = await away.open("alice", "labyrinthine-loop")
    world = World(env, database, tables, ids)
    statuses = {
        name: m.status for name, m in zip(ids, (await world.matches()).values(), strict=True)
    }
    assert statuses == {
        "sealed": ACTIVE,
        "turn": ACTIVE,
        "cancelled": "cancelled",
        "lobby": LOBBY,
        "over": OVER,
        "sealed2": ACTIVE,
        "away": LOBBY,
    }
    matches = await world.matches()
    assert matches[ids["sealed"]].require_progress().pending == {0: "5"}
    assert {s.name for s in matches[ids["sealed2"]].seats} == {"bob-home", "carol-home"}
    to_move = matches[ids["turn"]].awaited_seats()
    assert {matches[ids["turn"]].seats[s].name for s in to_move} <= {"alice-home", "bob-home"}
    assert not env.errors_since(0)
    return world


@pytest_asyncio.fixture
async def world(simcord_env: Any, database: Path) -> AsyncIterator[World]:
    """The world, built once per test; every example of the test runs in it."""
    yield await build_world(simcord_env, database)
    # simcord never closes the bot: close its database, or a failing test (whose traceback
    # keeps the bot alive) leaves the database thread running and the test process never exits.
    await simcord_env.settle()
    await simcord_env.bot.store.close()


# The referee's rules for what is accepted, restated so that an accepted input can be left out:
# an accepted input changes the game, and the next example must meet the same world.


def in_step(match: Match, user_id: int) -> int | None:
    """The seat of a member who may move in this match now, or None."""
    seat = match.seat_of(user_id)
    if match.status != ACTIVE or seat is None or match.resigned(seat.seat):
        return None
    return seat.seat if seat.seat in match.step_seats() else None


def legal_now(match: Match, user_id: int, text: str) -> bool:
    """True when the referee would accept this move text from this member."""
    seat = in_step(match, user_id)
    if seat is None:
        return False
    try:
        match.require_progress().check(seat, text, allow_change=True)
    except Exception:
        return False
    return True


async def meant(
    world: World, channel: str, user_id: int, game: int | None, statuses: tuple[str, ...]
) -> Match | None:
    """The match a slash command means (by id, else the only fitting one in the channel)."""
    table = world.tables[channel]
    if game is not None:
        try:
            match = await table.bot.referee.get(game)
        except RefereeError:
            return None
        return match if match.row.guild_id == table.guild.id else None
    here = [
        m
        for m in (await world.matches()).values()
        if m.row.channel_id == table.channel.id
        and m.status in statuses
        and m.status in (LOBBY, ACTIVE)  # Only open games are found without a number.
    ]
    return here[0] if len(here) == 1 else None


async def dm_accepted(world: World, user_id: int, content: str) -> bool:
    """True when the DM handler would play this text as a move."""
    mine = [
        m
        for m in (await world.matches()).values()
        if m.status == ACTIVE and m.seat_of(user_id) is not None
    ]
    addressed = ADDRESSED.match(content)
    if addressed:
        ids = [m for m in mine if m.id == int(addressed.group(1))]
        text = addressed.group(2).strip()
        return bool(ids) and 0 < len(text) <= MOVE_LIMIT and legal_now(ids[0], user_id, text)
    text = content.strip()
    if not 0 < len(text) <= MOVE_LIMIT:
        return False
    sealed = [m for m in mine if m.is_sealed() and in_step(m, user_id) is not None]
    return len(sealed) == 1 and legal_now(sealed[0], user_id, text)


# What every answer must look like.


def check_refusal(text: str | None) -> str:
    """A refusal: a non-empty, short, readable message whose `code` spans are intact."""
    assert text is not None and text.strip(), f"empty answer {text!r}"
    assert text != UNEXPECTED, "the bot failed (see the logged traceback)"
    assert len(text) <= REFUSAL_LIMIT, f"{len(text)} characters: {text!r}"
    assert "Traceback" not in text and "Exception" not in text, text
    assert text.count("`") % 2 == 0 and "``" not in text, f"broken code span: {text!r}"
    return text


def answered_privately(result: Any, requests: list[Any]) -> str:
    """The bot's only call was one private (ephemeral) answer to the interaction."""
    assert len(requests) == 1, [(r.method, r.path) for r in requests]
    (call,) = requests
    assert call.method == "POST" and call.path.startswith("/interactions/"), call
    assert call.path.endswith("/callback") and call.json["type"] == 4, call
    assert call.json["data"].get("flags", 0) & EPHEMERAL, f"not private: {call.json}"
    assert result.ephemeral and result.response is not None and not result.followups, result
    content: str = call.json["data"]["content"]
    assert result.response.content == content
    return content


def answered_in_dm(requests: list[Any], dm_id: int) -> str:
    """The bot's only call was one message in the member's own DM channel."""
    assert len(requests) == 1, [(r.method, r.path) for r in requests]
    (call,) = requests
    assert (call.method, call.path) == ("POST", f"/channels/{dm_id}/messages"), call
    assert not call.json.get("embeds") and not call.json.get("components"), call
    content: str = call.json["content"]
    return content


async def unchanged(
    world: World, action: Callable[[], Awaitable[Any]], raises: type[Exception] | None = None
) -> tuple[Any, list[Any]]:
    """Run an action: the bot raises nothing and changes nothing; return it and the REST calls."""
    # `raises` is what simcord raises when Discord itself refuses the input (a slash option out
    # of its declared range): the bot never sees it.
    errors = world.env.error_cursor
    calls = len(world.env.http_requests)
    dump, matches = await world.snapshot()
    result = None
    if raises is None:
        result = await action()
    else:
        with pytest.raises(raises):
            await action()
    assert not world.env.errors_since(errors), world.env.errors_since(errors)
    assert world.database_dump() == dump, "the database changed"
    assert await world.matches() == matches, "a match changed"
    return result, list(world.env.http_requests[calls:])


# Strategies.

MEMBERS = st.sampled_from(("alice", "bob", "carol", "dave"))
CHANNELS = st.sampled_from(("sealed", "turn", "lobby", "done"))
GAME_CHANNELS = st.sampled_from(("sealed", "turn", "done", "sealed", "turn", "lobby"))
"""Channels with a game under way, more often than the lobby's."""


def world_ids(world: World) -> st.SearchStrategy[int]:
    """Ids of this world's games, their neighbours, and any other integer an option can carry."""
    return game_ids(tuple(world.ids.values()))


def outside_option(text: str) -> bool:
    """True when Discord itself would refuse this as the /move option (it never reaches the bot)."""
    return not 1 <= len(text) <= MOVE_LIMIT


# The tests.


@BOT
@given(data=st.data())
async def test_hostile_move_commands(world: World, data: st.DataObject) -> None:
    """`/move move:<text> [game:<id>]`: refused privately with a reason, and nothing changes."""
    name = data.draw(MEMBERS, label="member")
    channel = data.draw(GAME_CHANNELS, label="channel")
    text = data.draw(move_texts(MOVE_LIMIT + 20), label="move")
    game = data.draw(slash_game_ids(tuple(world.ids.values())), label="game")
    member = world.members[name]
    options: dict[str, Any] = {"move": text} if game is None else {"move": text, "game": game}

    async def call() -> Any:
        return await member.slash(world.tables[channel].channel, "move", **options)

    if outside_option(text) or (game is not None and abs(game) > DISCORD_INT):
        event("refused by Discord")
        _, requests = await unchanged(world, call, raises=OptionError)
        assert not requests
        return
    target = await meant(world, channel, member.id, game, (ACTIVE,))
    assume(target is None or not legal_now(target, member.id, text))
    role = "no game" if target is None else target.status
    if target is not None and target.seat_of(member.id) is not None:
        role += ", to move" if in_step(target, member.id) is not None else ", seated"
    event(role)
    check_refusal(answered_privately(*await unchanged(world, call)))


@st.composite
def dm_texts(draw: st.DrawFn, world: World) -> str:
    """DM text: hostile, nearly legal, or addressed to a game with `#id`."""
    body = draw(move_texts(2020))
    if draw(st.booleans()):
        gid = draw(st.one_of(world_ids(world).map(abs), st.integers(0, 10**13)))
        sep = draw(st.sampled_from((" ", "", ":", ", ", "  \n", "#", " # ")))
        body = f"{draw(st.sampled_from(('', ' ', '##')))}#{gid}{sep}{body}"
    return body


@BOT
@given(data=st.data())
async def test_hostile_dms(world: World, data: st.DataObject) -> None:
    """A DM of any text: one private reply in the DM, nothing posted, nothing changed."""
    name = data.draw(MEMBERS, label="member")
    text = data.draw(dm_texts(world), label="dm")
    assume(text.strip() and len(text) <= 2000)  # Discord refuses empty and longer messages.
    member = world.members[name]
    assume(not await dm_accepted(world, member.id, text))
    dm = member.user.dm_channel

    async def call() -> Any:
        return await member.send_dm(text)

    _, requests = await unchanged(world, call)
    event("addressed" if ADDRESSED.match(text) else "bare")
    answer = answered_in_dm(requests, dm.id)
    check_refusal(answer)
    assert dm.history()[-1].content == requests[0].json["content"]


LOOKING = ("join", "board", "history", "score", "leave", "start", "cancel", "resign")


async def looking_accepted(world: World, command: str, match: Match | None, user_id: int) -> bool:
    """True when this lobby or game command would change something (it is then left out)."""
    if match is None:
        return False
    seat = match.seat_of(user_id)
    if command == "join":
        return match.status == LOBBY and seat is None
    if command == "leave":
        return match.status == LOBBY and seat is not None
    if command == "start":
        counts = match.game.player_counts(match.row.options)
        host = user_id == match.row.host_id
        return match.status == LOBBY and host and len(match.seats) in counts
    if command == "cancel":
        return match.status in (LOBBY, ACTIVE) and user_id == match.row.host_id
    if command == "resign":
        return match.status == ACTIVE and seat is not None and not match.resigned(seat.seat)
    return False


STATUSES = {
    "join": (LOBBY,),
    "leave": (LOBBY,),
    "start": (LOBBY,),
    "cancel": (LOBBY, ACTIVE),
    "resign": (ACTIVE,),
    "board": (ACTIVE, OVER),
    "score": (ACTIVE, OVER),
    "history": (LOBBY, ACTIVE, OVER),
}


@settings(BOT, max_examples=150)
@given(data=st.data())
async def test_hostile_game_numbers(world: World, data: st.DataObject) -> None:
    """`/join`, `/board`, `/history` and the rest with any `game:` number: private, no change."""
    command = data.draw(st.sampled_from(LOOKING), label="command")
    name = data.draw(MEMBERS, label="member")
    channel = data.draw(CHANNELS, label="channel")
    ids = world_ids(world) if command == "history" else slash_game_ids(tuple(world.ids.values()))
    game = data.draw(ids, label="game")
    member = world.members[name]
    options = {} if game is None else {"game": game}

    async def call() -> Any:
        return await member.slash(world.tables[channel].channel, command, **options)

    if game is not None and abs(game) > DISCORD_INT:
        _, requests = await unchanged(world, call, raises=OptionError)
        assert not requests
        return
    target = await meant(world, channel, member.id, game, STATUSES[command])
    assume(not await looking_accepted(world, command, target, member.id))
    event(f"{command}: {'no game' if target is None else target.status}")
    result, requests = await unchanged(world, call)
    content = answered_privately(result, requests)
    # A game that never started (a cancelled lobby) has nothing to show, and says so.
    looks = command in ("board", "score", "history")
    shown = target if looks and target is not None and target.progress is not None else None
    if shown is None:
        check_refusal(content)
    elif command == "history":
        (attachment,) = result.response.attachments
        replayed = replay_text((await attachment.read()).decode())
        assert replayed["game"] == shown.row.game, replayed
    else:
        assert shown.label in content, content


def option_values(parameter: Any, beyond: bool) -> st.SearchStrategy[Any]:
    """Values for one declared slash option: left out, in range, at its bounds, or beyond."""
    if parameter.choices:
        allowed = st.sampled_from([c.value for c in parameter.choices])
        return hostile_text(20) if beyond else st.one_of(st.none(), allowed)
    low = -DISCORD_INT if parameter.min_value is None else int(parameter.min_value)
    high = DISCORD_INT if parameter.max_value is None else int(parameter.max_value)
    if beyond:
        near = [v for v in (low - 1, high + 1, -1, 0) if not low <= v <= high]
        far = st.sampled_from((DISCORD_INT + 1, -(2**63), 2**64))
        return st.one_of(st.sampled_from(near or [high + 1]), st.integers(), far)
    edges = sorted({v for v in (low, low + 1, high - 1, high) if low <= v <= high})
    return st.one_of(st.none(), st.sampled_from(edges), st.integers(low, high))


def discord_refuses(parameter: Any, value: Any) -> bool:
    """True when Discord itself would refuse this option value (the bot never sees it)."""
    if parameter.choices:
        return value not in [c.value for c in parameter.choices]
    low = -DISCORD_INT if parameter.min_value is None else parameter.min_value
    high = DISCORD_INT if parameter.max_value is None else parameter.max_value
    return not max(low, -DISCORD_INT) <= value <= min(high, DISCORD_INT)


def rules_refuse(slug: str, options: dict[str, Any]) -> bool:
    """True when the game's own options refuse these values (0 meaning none where allowed)."""
    game = GAMES[slug]
    given = {}
    for opt in game.options:
        if options.get(opt.name) is not None:
            value = options[opt.name]
            given[opt.name] = None if opt.none_allowed and value == 0 else value
    try:
        for opt in game.options:
            if opt.name in given:
                opt.check(given[opt.name])
        return not game.player_counts(given)
    except BadOption:
        return True


@settings(BOT, max_examples=100)
@given(data=st.data())
async def test_newgame_option_bounds(world: World, data: st.DataObject) -> None:
    """`/newgame <game>` with every option at, inside and beyond its bounds: open or refuse."""
    slug = data.draw(st.sampled_from(sorted(GAMES)), label="game")
    table = world.tables["sealed"]
    group = table.bot.tree.get_command("newgame")
    assert isinstance(group, app_commands.Group)
    command = group.get_command(slug)
    assert isinstance(command, app_commands.Command)
    names = [p.name for p in command.parameters]
    spoilt = data.draw(st.one_of(st.none(), st.none(), st.sampled_from(names)), label="beyond")
    options = {}
    for parameter in command.parameters:
        beyond = parameter.name == spoilt
        value = data.draw(option_values(parameter, beyond), label=parameter.name)
        if value is not None:
            options[parameter.name] = value
    member = world.members[data.draw(MEMBERS, label="member")]
    channel = world.tables["new"].channel

    async def call() -> Any:
        return await member.slash(channel, f"newgame {slug}", **options)

    by_name = {p.name: p for p in command.parameters}
    if any(discord_refuses(by_name[name], value) for name, value in options.items()):
        event("refused by Discord")
        _, requests = await unchanged(world, call, raises=OptionError)
        assert not requests
        return
    if rules_refuse(slug, options):
        event("refused by the rules")
        check_refusal(answered_privately(*await unchanged(world, call)))
        return
    event("opened")
    before = {m.id for m in await table.bot.referee.open_matches(table.guild.id)}
    calls = len(world.env.http_requests)
    errors = world.env.error_cursor
    result = await call()
    assert not world.env.errors_since(errors)
    requests = world.env.http_requests[calls:]
    assert "Opened" in answered_privately(result, requests[:1])
    # Against the computer the game starts at once: its first prompt may go to the member's DMs.
    allowed = {f"/channels/{channel.id}/messages"}
    if "computer" in options:
        dm = member.user.dm_channel
        allowed |= {f"/users/{member.id}", "/users/@me/channels"}
        allowed |= {f"/channels/{dm.id}/messages"} if dm else set()
    assert {r.path for r in requests[1:]} <= allowed, requests
    opened = [m for m in await table.bot.referee.open_matches(table.guild.id) if m.id not in before]
    status = ACTIVE if "computer" in options else LOBBY
    assert len(opened) == 1 and opened[0].status == status and opened[0].row.game == slug
    assert opened[0].row.host_id == member.id and opened[0].row.channel_id == channel.id


@settings(BOT, max_examples=30)
@given(text=st.text(alphabet="`ab1 ", min_size=1, max_size=8))
async def test_several_games_answer_quotes_the_text_safely(world: World, text: str) -> None:
    """Bob waits in two sealed games: the answer to a bare DM quotes his text without breaking."""
    assume("`" in text and text.strip())
    bob = world.members["bob"]

    async def call() -> Any:
        return await bob.send_dm(text)

    _, requests = await unchanged(world, call)
    answer = answered_in_dm(requests, bob.user.dm_channel.id)
    assert answer.startswith("Several games are waiting"), answer
    check_refusal(answer)


async def test_history_of_a_cancelled_lobby_is_refused_or_replays(world: World) -> None:
    """/history of a game that never started: refused like a lobby's, or a record that replays."""
    carol = world.members["carol"]

    async def call() -> Any:
        return await carol.slash(
            world.tables["lobby"].channel, "history", game=world.ids["cancelled"]
        )

    result, requests = await unchanged(world, call)
    content = answered_privately(result, requests)
    for attachment in result.response.attachments:
        try:
            replay_text((await attachment.read()).decode())
        except RecordError as e:
            raise AssertionError(f"{content!r} attaches a record that does not replay: {e}") from e


@settings(BOT, max_examples=20)
@given(
    text=st.text(alphabet=st.sampled_from(" \t\n\u00a0\u2003\u3000"), min_size=1, max_size=4),
    channel=st.sampled_from(("sealed", "turn")),
)
async def test_blank_move_is_refused_clearly(world: World, text: str, channel: str) -> None:
    """`/move move:<only whitespace>` says to send a move, not that `` is not one."""
    alice = world.members["alice"]

    async def call() -> Any:
        return await alice.slash(world.tables[channel].channel, "move", move=text)

    check_refusal(answered_privately(*await unchanged(world, call)))
