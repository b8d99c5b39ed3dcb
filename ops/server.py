"""/metrics and /health over HTTP, served by aiohttp on the bot's own event loop."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.aiohttp import make_aiohttp_handler

log = logging.getLogger(__name__)

HealthCheck = Callable[[], Awaitable[Mapping[str, str]]]
"""What failed, by part (`database`, `gateway`), each with a short reason; empty when healthy."""


class MetricsServer:
    """Serves a registry at /metrics and a health check at /health until stopped."""

    def __init__(self, registry: CollectorRegistry, health: HealthCheck) -> None:
        self._health = health
        app = web.Application()
        app.router.add_get("/metrics", make_aiohttp_handler(registry))
        app.router.add_get("/health", self._answer_health)
        # No access log: a scrape every few seconds would fill the bot's log.
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self, host: str, port: int) -> int:
        """Listen on host and port (0 takes a free one); the port bound."""
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        bound = int(self._runner.addresses[0][1])
        log.info("Serving /metrics and /health on %s:%s", host, bound)
        return bound

    async def stop(self) -> None:
        """Stop listening and close open connections."""
        await self._runner.cleanup()

    async def _answer_health(self, request: web.Request) -> web.Response:
        failed = dict(await self._health())
        if failed:
            return web.json_response({"status": "failing", "failed": failed}, status=503)
        return web.json_response({"status": "ok"})
