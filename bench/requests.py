"""Requests to Discord per move: whole games of every game, played by members through the bot."""

# Each game is opened with /newgame and the lobby's Join button in a channel of its own, by
# members the bot has never DMed (so every game pays for opening its DM channels, as the first
# game after a restart does), and played to the end with random legal moves: a bare DM for a
# sealed step, /move in the channel for a turn. Every request the bot makes while it handles a
# member's action is that action's (simcord settles each action's work before returning); the
# action that starts the game (the Join that fills the lobby, or Start) is counted apart.

from __future__ import annotations

import asyncio
import logging
import math
import random
import re
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bench.actions import BenchError, accepted, next_move
from bench.stats import goal, rounded, verdict
from bench.world import close_bot, make_bot
from referee import Referee
from referee.match import ACTIVE
from rules import GAMES

log = logging.getLogger(__name__)

SETUPS: tuple[tuple[str, int], ...] = (*((slug, 2) for slug in GAMES), ("numerical-cards", 3))
"""Every game at two players with default options, and one at three."""
UNLIMITED = ("/interactions/", "/webhooks/")
"""Interaction responses and follow-ups: outside the bot's global rate limit."""
GOAL_TURN_LIMITED = 0
"""A turn move is answered by one public interaction response carrying the board."""
GOAL_SEALED = 2.0
"""Requests per sealed move, averaged over a whole game."""
MAX_MOVES = 5000
"""A game longer than this is a bug in the benchmark, not a measurement."""
GUILD = "requests"
ID = re.compile(r"\d+")


def what(method: str, path: str, channel_id: int) -> str:
    """What a request was, in words: 'channel post', 'DM', 'DM open', 'interaction response'."""
    if path.startswith("/interactions/"):
        return "interaction response"
    if path.startswith("/webhooks/"):
        return "follow-up" if method == "POST" else f"follow-up {method}"
    if method == "POST" and path == "/users/@me/channels":
        return "DM open"
    if method == "POST" and path == f"/channels/{channel_id}/messages":
        return "channel post"
    if method == "POST" and re.fullmatch(r"/channels/\d+/messages", path):
        return "DM"
    if method == "PATCH" and re.fullmatch(r"/channels/\d+/messages/\d+", path):
        return "message edit"
    return f"{method} {ID.sub('{id}', path)}"


@dataclass
class Tally:
    """Requests counted over some actions of one kind (sealed moves, turn moves, starts)."""

    actions: int = 0
    responses: int = 0
    """Interaction responses and follow-ups."""
    limited: int = 0
    """Requests under the bot's global rate limit."""
    most_limited: int = 0
    """The most rate-limited requests of one action."""
    kinds: Counter[str] = field(default_factory=Counter)

    def add(self, requests: Iterable[Any], channel_id: int) -> None:
        """Count one action's requests (simcord HttpLogEntry) made in a game's channel."""
        entries = list(requests)
        responses = sum(e.path.startswith(UNLIMITED) for e in entries)
        limited = len(entries) - responses
        self.actions += 1
        self.responses += responses
        self.limited += limited
        self.most_limited = max(self.most_limited, limited)
        self.kinds.update(what(e.method, e.path, channel_id) for e in entries)

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.actions += other.actions
        self.responses += other.responses
        self.limited += other.limited
        self.most_limited = max(self.most_limited, other.most_limited)
        self.kinds.update(other.kinds)

    @property
    def total(self) -> int:
        """Every request counted."""
        return self.responses + self.limited

    def per(self, count: float) -> float:
        """A count per action (nan without actions)."""
        return count / self.actions if self.actions else math.nan


@dataclass
class GameRun:
    """One whole game's requests, by what caused them."""

    start: Tally = field(default_factory=Tally)
    sealed: Tally = field(default_factory=Tally)
    turn: Tally = field(default_factory=Tally)
    stray: Tally = field(default_factory=Tally)
    """Requests made outside any member's action (by timers, say): none are expected."""


PARTS = ("start", "sealed", "turn", "stray")


@dataclass
class SetupRequests:
    """One game at one table size, over several whole games."""

    slug: str
    players: int
    runs: list[GameRun] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The game's slug, with the table size when it is not two."""
        return self.slug if self.players == 2 else f"{self.slug}-{self.players}p"

    def part(self, name: str) -> Tally:
        """One part ('start', 'sealed', 'turn', 'stray') summed over the games."""
        total = Tally()
        for run in self.runs:
            total.merge(getattr(run, name))
        return total

    def sealed_worst_game(self) -> float:
        """The highest whole-game average of requests per sealed move (nan without any)."""
        return max(
            (r.sealed.per(r.sealed.total) for r in self.runs if r.sealed.actions), default=math.nan
        )

    def whole(self) -> tuple[float, float]:
        """Requests per move over whole games, start and end included: (responses, limited)."""
        parts = [self.part(name) for name in PARTS]
        moves = self.part("sealed").actions + self.part("turn").actions
        responses = sum(p.responses for p in parts)
        limited = sum(p.limited for p in parts)
        return (responses / moves, limited / moves) if moves else (math.nan, math.nan)


@dataclass
class RequestsResult:
    """Every setup's requests."""

    setups: list[SetupRequests]
    games_per_setup: int


class RequestLog:
    """simcord's request log, cut into the windows of successive actions."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.mark = len(env.http_requests)

    def take(self) -> list[Any]:
        """The requests made since the last take."""
        entries: list[Any] = self.env.http_requests
        new, self.mark = entries[self.mark :], len(entries)
        return new


async def open_lobby(host: Any, channel: Any, slug: str) -> int:
    """/newgame with default options by the host; the new match's id."""
    result = await host.slash(channel, f"newgame {slug}")
    found = re.search(r"#(\d+)", result.response.content or "")
    if found is None:
        raise BenchError(f"/newgame {slug} opened no game: {result.response.content}")
    return int(found[1])


def lobby_message(channel: Any, message_id: int | None) -> Any:
    """The lobby message of a channel, by its id."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise BenchError(f"no lobby message {message_id} in #{channel.name}")


async def start(
    referee: Referee, channel: Any, match_id: int, members: list[Any], requests: RequestLog
) -> list[Any]:
    """Seat every other member by the Join button, then press Start unless the lobby filled;
    the requests of the action that started the game."""
    clicks = [(m, "Join") for m in members[1:]] + [(members[0], "Start")]
    for member, label in clicks:
        match = await referee.get(match_id)
        requests.take()  # the lobby's own requests come before the game
        await member.click(lobby_message(channel, match.row.lobby_message_id), label=label)
        started = requests.take()
        if (await referee.get(match_id)).status == ACTIVE:
            return started
    raise BenchError(f"#{match_id} did not start")


async def move(member: Any, channel: Any, text: str, sealed: bool) -> None:
    """A member's move: a bare DM in a sealed step, /move in the game's channel for a turn."""
    if sealed:
        await member.send_dm(text)
    else:
        await member.slash(channel, "move", move=text)


async def play_game(
    env: Any, guild: Any, slug: str, players: int, name: str, rng: random.Random
) -> GameRun:
    """Open, start and play one game to its end in a new channel with new members, counting
    the requests of every action."""
    channel = guild.create_text_channel(name)
    members = [guild.add_member(env.create_user(f"{name}-{i}")) for i in range(players)]
    referee: Referee = env.bot.referee
    requests = RequestLog(env)
    match_id = await open_lobby(members[0], channel, slug)
    run = GameRun()
    run.start.add(await start(referee, channel, match_id, members, requests), channel.id)
    for _ in range(MAX_MOVES):
        match = await referee.get(match_id)
        if match.status != ACTIVE:
            await env.settle()
            _stray(run, requests.take(), channel.id)
            return run
        seat, text = next_move(match, rng)
        member = next(m for m in members if m.id == match.seats[seat].member_id)
        _stray(run, requests.take(), channel.id)
        await move(member, channel, text, match.is_sealed())
        if not accepted(match, await referee.get(match_id), seat):
            raise BenchError(f"#{match_id}: {text!r} by seat {seat} was refused")
        (run.sealed if match.is_sealed() else run.turn).add(requests.take(), channel.id)
    raise BenchError(f"#{match_id} did not end within {MAX_MOVES} moves")


def _stray(run: GameRun, entries: list[Any], channel_id: int) -> None:
    if entries:
        run.stray.add(entries, channel_id)


async def play_setups(env: Any, games: int, rng: random.Random) -> RequestsResult:
    """`games` whole games of every setup, in a guild of their own."""
    guild = env.create_guild(GUILD)
    setups = [SetupRequests(slug, players) for slug, players in SETUPS]
    for setup in setups:
        for number in range(games):
            name = f"{setup.label}-{number}"
            setup.runs.append(await play_game(env, guild, setup.slug, setup.players, name, rng))
        log.info("%s: %d games", setup.label, games)
    return RequestsResult(setups, games)


async def _run(database: Path, games: int, seed: int) -> RequestsResult:
    bot = await make_bot(database)
    try:
        async with simcord.run(bot) as env:
            return await play_setups(env, games, random.Random(seed))
    finally:
        await close_bot(bot)


def run_requests(games_per_slug: int, seed: int = 1) -> RequestsResult:
    """Play `games_per_slug` whole games of every setup through the bot on a new SQLite file."""
    with tempfile.TemporaryDirectory(prefix="bench-requests-") as tmp:
        return asyncio.run(_run(Path(tmp) / "requests.sqlite3", games_per_slug, seed))


def setup_details(setup: SetupRequests) -> dict[str, Any]:
    """One setup's figures for the JSON summary (per move, per game start, whole games)."""
    sealed, turn, begin = setup.part("sealed"), setup.part("turn"), setup.part("start")
    responses, limited = setup.whole()
    return {
        "games": len(setup.runs),
        "sealed_moves": sealed.actions,
        "sealed_responses_per_move": rounded(sealed.per(sealed.responses)),
        "sealed_rate_limited_per_move": rounded(sealed.per(sealed.limited)),
        "sealed_worst_game_per_move": rounded(setup.sealed_worst_game()),
        "turn_moves": turn.actions,
        "turn_responses_per_move": rounded(turn.per(turn.responses)),
        "turn_rate_limited_per_move": rounded(turn.per(turn.limited)),
        "turn_rate_limited_max": turn.most_limited if turn.actions else None,
        "start_responses_per_game": rounded(begin.per(begin.responses)),
        "start_rate_limited_per_game": rounded(begin.per(begin.limited)),
        "whole_responses_per_move": rounded(responses),
        "whole_rate_limited_per_move": rounded(limited),
        "stray_requests": setup.part("stray").total,
        "kinds": {
            name: dict(setup.part(name).kinds) for name in ("start", "sealed", "turn", "stray")
        },
    }


def requests_summary(res: RequestsResult) -> dict[str, Any]:
    """The section's JSON fields, with its goals under "goals" and per game under "details"."""
    sealed = [s.sealed_worst_game() for s in res.setups if s.part("sealed").actions]
    turns = [s.part("turn").most_limited for s in res.setups if s.part("turn").actions]
    sealed_max = rounded(max(sealed, default=math.nan))
    turn_max = max(turns) if turns else None
    return {
        "requests_sealed_max": sealed_max,
        "requests_turn_rate_limited_max": turn_max,
        "goals": {
            "requests_sealed_max": goal(
                sealed_max, f"<= {GOAL_SEALED:g} per sealed move", lambda v: v <= GOAL_SEALED
            ),
            "requests_turn_rate_limited_max": goal(
                turn_max, f"= {GOAL_TURN_LIMITED} per turn move", lambda v: v == GOAL_TURN_LIMITED
            ),
        },
        "details": {
            "requests_games_per_setup": res.games_per_setup,
            "requests": {s.label: setup_details(s) for s in res.setups},
        },
    }


def _cell(value: float | int | None) -> str:
    return "-" if value is None else f"{value:g}"


def _kinds_line(name: str, res: RequestsResult) -> str:
    """What one kind of action's requests were, per action, over every setup."""
    total = Tally()
    for setup in res.setups:
        total.merge(setup.part(name))
    kinds = ", ".join(f"{k} {total.per(n):.2f}" for k, n in total.kinds.most_common())
    return f"   per {'game start' if name == 'start' else f'{name} move'}: {kinds or 'none'}"


def requests_lines(res: RequestsResult, s: dict[str, Any], number: int) -> list[str]:
    """The section's block of the printed table."""
    rows = s["details"]["requests"]
    sealed = ("moves", "resp", "limited", "worst")
    turn = ("moves", "resp", "limited", "most")
    head = ("games", *sealed, *turn, "resp", "limited", "resp", "limited")
    keys = (
        "games",
        "sealed_moves",
        "sealed_responses_per_move",
        "sealed_rate_limited_per_move",
        "sealed_worst_game_per_move",
        "turn_moves",
        "turn_responses_per_move",
        "turn_rate_limited_per_move",
        "turn_rate_limited_max",
        "start_responses_per_game",
        "start_rate_limited_per_game",
        "whole_responses_per_move",
        "whole_rate_limited_per_move",
    )
    met = {name: verdict(g) for name, g in s["goals"].items()}
    stray = sum(row["stray_requests"] for row in rows.values())
    return [
        f"{number}. Requests to Discord: {res.games_per_setup} whole game(s) per game (default"
        " options), from the start to the final post; resp = interaction responses, limited ="
        " under the global rate limit",
        "   "
        + f"{'':30}{'sealed moves, per move':>32}{'turn moves, per move':>32}"
        + f"{'start/game':>16}{'whole games':>16}",
        "   " + f"{'game':22}" + "".join(f"{h:>8}" for h in head),
        *(
            "   " + f"{label:22}" + "".join(f"{_cell(row[k]):>8}" for k in keys)
            for label, row in rows.items()
        ),
        "   worst = the highest whole-game average of one game; most = the most of one move;"
        " whole games = start, every move and the final post, per move",
        *(_kinds_line(name, res) for name in ("start", "sealed", "turn")),
        f"   requests outside any member's action: {stray}",
        f"   sealed move: worst {_cell(s['requests_sealed_max'])} requests, goal <="
        f" {GOAL_SEALED:g}: {met['requests_sealed_max']}; turn move: at most"
        f" {_cell(s['requests_turn_rate_limited_max'])} rate-limited, goal"
        f" {GOAL_TURN_LIMITED}: {met['requests_turn_rate_limited_max']}",
    ]
