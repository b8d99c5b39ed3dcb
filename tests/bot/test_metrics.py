"""The metrics and the health check of a running bot, read over HTTP as an operator reads them."""

from __future__ import annotations

import asyncio
import inspect
import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import discord
import psycopg
import pytest
import simcord
from prometheus_client.parser import text_string_to_metric_families

from bot import RefereeBot
from cogs.metrics import RateLimitLog
from db import open_store
from db.listen import NAME
from ops.metrics import Metrics
from settings import Settings
from tests.bot.table import Table
from tests.conftest import MADE, close_made

GAME = "numbers-to-number"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RefereeBot]:
    """The bot with its metrics on, on a free port of this machine."""
    MADE.clear()
    settings = Settings(
        token=None,
        database=str(database),
        log_level="INFO",
        dev_guild_id=None,
        metrics_port=0,
    )
    bot = RefereeBot(settings, await open_store(settings.database))
    MADE.append(bot)
    yield bot
    await close_made()


async def fetch(bot: RefereeBot, path: str) -> tuple[int, str]:
    """GET a path of the bot's metrics port: the status and the body."""
    # The extension is its own module object (discord.py imports it afresh): no isinstance.
    port = getattr(bot.get_cog("Watch"), "port", None)
    assert port, "the metrics are served"
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


async def scrape(bot: RefereeBot) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """/metrics as its samples: (name, labels) to value."""
    status, text = await fetch(bot, "/metrics")
    assert status == 200, text
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def total(
    samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str
) -> float:
    """The sum of a metric's samples whose labels include these."""
    wanted = set(labels.items())
    return sum(v for (n, got), v in samples.items() if n == name and wanted <= got)


async def test_a_game_is_counted(simcord_env: Any) -> None:
    """A whole game played through Discord: every move counted as accepted for its game, an
    illegal one as refused, each answer timed, Discord's requests counted, no game left open."""
    table = Table.make(simcord_env, players=2)
    match_id = await table.open("alice", GAME, m=3, rounds=2)
    await table.seat(match_id, ["bob"])
    match = await table.match(match_id)
    if match.status == "lobby":
        await table.members["alice"].click(table.lobby_message(match_id), label="Start")
    match = await table.match(match_id)
    during = await scrape(table.bot)
    assert total(during, "referee_open_games", game=GAME, status="active") == 1

    awaited = match.seats[min(match.awaited_seats())].member_id
    refused = await table.member(awaited).slash(table.channel, "move", move="zzz", game=match_id)
    assert refused.ephemeral, refused
    played = await table.play_out(match_id, random.Random(3))

    after = await scrape(table.bot)
    assert total(after, "referee_moves_accepted_total", game=GAME) == played > 0
    assert total(after, "referee_moves_refused_total", game=GAME, reason="illegal_move") == 1
    assert total(after, "referee_move_answer_seconds_count") == played + 1
    assert total(after, "referee_discord_requests_total") > 0
    assert total(after, "referee_open_games") == 0
    assert total(after, "referee_db_given_up_total") == 0
    await simcord_env.advance_time(3)
    # The lag is measured as the clock passes (how much is the machine's business, not a test's).
    assert total(await scrape(table.bot), "referee_event_loop_lag_seconds_count") > 0


async def test_health(simcord_env: Any) -> None:
    """/health answers 200 while the bot is up, and 503 naming the database once it is closed."""
    bot = simcord_env.bot
    status, body = await fetch(bot, "/health")
    assert (status, body) == (200, '{"status": "ok"}')
    await bot.store.close()
    status, body = await fetch(bot, "/health")
    assert status == 503 and '"database"' in body and '"gateway"' not in body, body


async def test_the_port_closes_with_the_bot(simcord_env: Any) -> None:
    """A bot that stops stops serving: nothing is left listening on its port."""
    bot = simcord_env.bot
    port = getattr(bot.get_cog("Watch"), "port", None)
    assert (await fetch(bot, "/health"))[0] == 200
    await bot.close()
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as session:
            await session.get(f"http://127.0.0.1:{port}/health")


def test_rate_limit_waits_are_counted() -> None:
    """A 429 that discord.py waits out is counted, with its wait, from the line the installed
    discord.py logs (read from its source, so a change of wording fails here)."""
    source = inspect.getsource(discord.http.HTTPClient.request)
    found = re.search(r"'(We are being rate limited\.[^']*Retrying in[^']*)'", source)
    assert found, "discord.py's rate-limit line is not where the metrics look for it"
    metrics = Metrics()
    handler = RateLimitLog(metrics)
    http_log = logging.getLogger("discord.http")
    http_log.addHandler(handler)
    try:
        http_log.warning(found[1], "POST", "https://discord.com/api/v10/channels/1/messages", 1.5)
        http_log.warning("Global rate limit has been hit. Retrying in %.2f seconds.", 1.5)
        http_log.warning("Something else entirely")
    finally:
        http_log.removeHandler(handler)
    assert metrics.registry.get_sample_value("referee_discord_rate_limit_waits_total") == 1
    assert metrics.registry.get_sample_value("referee_discord_rate_limit_wait_seconds_total") == 1.5


@pytest.mark.simcord(settle_timeout=60)
async def test_computer_decisions_are_counted(simcord_env: Any) -> None:
    """A game against the computer: each of its decisions counted and timed at its level, and
    only the member's moves among the moves accepted."""
    table = Table.make(simcord_env, players=1)
    match_id = await table.open("alice", GAME, computer="easy", m=3, rounds=2)
    played = await table.play_out(match_id, random.Random(5))
    record = await table.history("alice", match_id)
    computer_moves = sum(1 for entry in record["moves"] if entry[0] == 1)

    samples = await scrape(table.bot)
    assert computer_moves > 0
    assert total(samples, "referee_computer_decisions_total", level="easy") == computer_moves
    assert total(samples, "referee_computer_decision_seconds_count", level="easy") == computer_moves
    assert total(samples, "referee_moves_accepted_total", game=GAME) == played


@pytest.mark.postgres
async def test_changes_by_other_processes_are_counted(
    postgres_url: str, postgres_server: tuple[str, psycopg.Connection[Any]]
) -> None:
    """On PostgreSQL: a change another process makes is counted as heard, and the listening
    connection cut and back as a watch lost."""
    settings = Settings(
        token=None, database=postgres_url, log_level="INFO", dev_guild_id=None, metrics_port=0
    )
    store = await open_store(postgres_url)
    bot = RefereeBot(settings, store)
    try:
        async with simcord.run(bot):
            samples = await scrape(bot)
            assert total(samples, "referee_changes_heard_total") == 0
            assert total(samples, "referee_watch_lost_total") == 0
            with psycopg.connect(postgres_url, autocommit=True) as other:
                other.execute(
                    "INSERT INTO matches (guild_id, channel_id, game, options, host_id, status, "
                    "created_at, updated_at) VALUES (1, 2, %s, '{}', 3, 'cancelled', 0, 0)",
                    (GAME,),
                )
            assert await counted(bot, "referee_changes_heard_total") == 1
            _, admin = postgres_server
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = %s AND datname = %s",
                (NAME, urlsplit(postgres_url).path[1:]),
            )
            assert await counted(bot, "referee_watch_lost_total") == 1
    finally:
        await bot.close()
        await store.close()


async def counted(bot: RefereeBot, name: str) -> float:
    """A metric's total once it is above zero (or after 5 s)."""
    for _ in range(100):
        value = total(await scrape(bot), name)
        if value:
            return value
        await asyncio.sleep(0.05)
    return 0.0
