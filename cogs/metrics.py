"""Metrics and the health check for the operator: the hooks that count, and their server.

Loaded only when METRICS_PORT is set. What it counts comes through hooks that know nothing of
Prometheus: the referee's `on_move` and `on_decided`, the store's retry counts, the
`move_answered` event the cogs dispatch, and a wrapper around discord.py's REST client.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands, tasks
from discord.http import Route

from ops.metrics import Metrics
from ops.server import MetricsServer
from referee.match import ACTIVE, LOBBY
from rules import GAMES

if TYPE_CHECKING:
    from bot import RefereeBot

log = logging.getLogger(__name__)

LAG_SECONDS = 1.0
"""How often the event loop's lag is measured."""
HEALTH_SECONDS = 5.0
"""How long the health check waits for the database's answer."""
RATE_LIMITED = "We are being rate limited."
"""How discord.py's log starts the line of a 429 it waits out (and then sends again)."""


class Watch(commands.Cog):
    """Counts what the bot does and serves it at /metrics, with /health, on the metrics port."""

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot
        self.metrics = Metrics()
        self.server = MetricsServer(self.metrics.registry, self.health)
        self.port: int | None = None
        """The port bound (METRICS_PORT, or the free one taken for 0), once serving."""
        self._due: datetime.datetime | None = None
        """When the lag measure's next wake is due."""
        self._rate_limits = RateLimitLog(self.metrics)

    async def cog_load(self) -> None:
        """Start serving (a port already taken stops the start here, with nothing hooked), then
        hook the counters in."""
        settings = self.bot.settings
        assert settings.metrics_port is not None  # the bot loads this cog only then
        self.port = await self.server.start(settings.metrics_host, settings.metrics_port)
        referee = self.bot.referee
        referee.play.on_move = self.metrics.move
        referee.thinker.on_decided = self.metrics.decided
        self.metrics.read_open_games(GAMES, (LOBBY, ACTIVE), self._open_games)
        retries = getattr(self.bot.store, "retries", None)
        if retries is not None:
            self.metrics.read_retries(lambda: (retries.tried_again, retries.given_up))
        book = referee.book
        self.metrics.read_watch(lambda: (book.changes_heard, book.losses))
        count_requests(self.bot.http, self.metrics)
        logging.getLogger("discord.http").addHandler(self._rate_limits)
        self._measure_lag.start()

    async def cog_unload(self) -> None:
        """Stop serving and unhook, so a bot that stops leaves no port or task behind."""
        await self.server.stop()
        self._measure_lag.cancel()
        logging.getLogger("discord.http").removeHandler(self._rate_limits)
        uncount_requests(self.bot.http)
        referee = self.bot.referee
        referee.play.on_move = lambda game, refusal: None
        referee.thinker.on_decided = lambda level, how, seconds: None

    @commands.Cog.listener()
    async def on_move_answered(self, via: str, seconds: float) -> None:
        """A member's move answered (see cogs.replies.answered)."""
        self.metrics.answered(via, seconds)

    @tasks.loop(seconds=LAG_SECONDS)
    async def _measure_lag(self) -> None:
        """How late this wake came: the time other work held the event loop past its due."""
        # A discord.py task loop, not a bare sleep: the offline mode's simulated clock knows it.
        now = discord.utils.utcnow()
        if self._due is not None:
            self.metrics.lagged(max(0.0, (now - self._due).total_seconds()))
        # Behind schedule, the loop runs again at once to catch up: that wake is due now, not
        # at the time already missed (which would count one long stall several times).
        due = self._measure_lag.next_iteration
        self._due = max(due, now) if due is not None else None

    async def health(self) -> Mapping[str, str]:
        """What fails, if anything: the gateway (ready and not closed) and the database (it
        answers a trivial query)."""
        failed = {}
        if self.bot.is_closed():
            failed["gateway"] = "closed"
        elif not self.bot.is_ready():
            failed["gateway"] = "not ready"
        try:
            await asyncio.wait_for(self.bot.store.version_of(0), HEALTH_SECONDS)
        except TimeoutError:
            failed["database"] = f"no answer within {HEALTH_SECONDS:g} s"
        except Exception as e:
            # The class only: a driver's message may name the server or its user.
            failed["database"] = type(e).__name__
        return failed

    def _open_games(self) -> Mapping[tuple[str, str], int]:
        return Counter((m.row.game, m.status) for m in self.bot.referee.book.held())


def count_requests(http: discord.http.HTTPClient, metrics: Metrics) -> None:
    """Count every REST request the client makes, by route and result (the client is shared by
    the bot, its connection state and its command tree, so one wrapper sees them all)."""
    send = http.request

    async def request(route: Route, **kwargs: Any) -> Any:
        kind = f"{route.method} {route.path}"
        try:
            result = await send(route, **kwargs)
        except discord.HTTPException as e:
            metrics.discord_request(kind, str(e.status))
            raise
        except discord.RateLimited:
            metrics.discord_request(kind, "rate_limited")
            raise
        except Exception:
            metrics.discord_request(kind, "error")
            raise
        metrics.discord_request(kind, "ok")
        return result

    request.counting = True  # type: ignore[attr-defined]
    http.request = request  # type: ignore[method-assign]


def uncount_requests(http: discord.http.HTTPClient) -> None:
    """Take count_requests's wrapper off the client again."""
    if getattr(http.__dict__.get("request"), "counting", False):
        del http.request


class RateLimitLog(logging.Handler):
    """Counts the 429 answers discord.py waits out, from its own log line: the library has no
    other hook for them, and the line carries the wait."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.WARNING)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        text = record.msg if isinstance(record.msg, str) else ""
        if not text.startswith(RATE_LIMITED) or "Retrying in" not in text:
            return
        wait = record.args[-1] if isinstance(record.args, tuple) and record.args else 0.0
        self.metrics.rate_limited(float(wait) if isinstance(wait, int | float) else 0.0)


async def setup(bot: RefereeBot) -> None:
    """Add the metrics cog."""
    await bot.add_cog(Watch(bot))
