"""Hearing other processes: PostgreSQL notifications of changed matches, on their own thread."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import select
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import psycopg

log = logging.getLogger(__name__)

CHANNEL = "referee_matches"
"""The channel the matches table's trigger notifies, with 'id:version' as the payload."""
NAME = "referee-listen"
"""The listening connection's application_name, as the server lists it."""
QUIET_SECONDS = 10.0
"""After this long without a notification the connection is tested, so a dead one is noticed."""
RECONNECT_PAUSES = (0.1, 0.5, 1.0, 2.0, 5.0)
"""Pauses before each new connection after a failure; the last repeats."""


def parse(payload: str) -> tuple[int, int] | None:
    """(match id, version) from a notification's payload, or None if it is not one."""
    match_id, sep, version = payload.partition(":")
    try:
        return (int(match_id), int(version)) if sep else None
    except ValueError:
        return None


class Listener:
    """A dedicated autocommit connection that LISTENs and hands each change to the event loop.

    It reconnects after a failure and then calls `lost`: notifications sent meanwhile are lost,
    so whoever keeps copies treats every one as stale. It stops on stop().
    """

    def __init__(
        self,
        url: str,
        changed: Callable[[int, int], None],
        lost: Callable[[], None],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self._url = url
        self._changed = changed
        self._lost = lost
        self._loop = loop
        self._wake_read, self._wake_write = os.pipe()
        self._stopping = threading.Event()
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(target=self._run, name="postgres-listen", daemon=True)

    async def start(self) -> None:
        """Start the thread and wait until it listens; raise if the first connection fails."""
        self._thread.start()
        try:
            await asyncio.wrap_future(self._ready)
        except BaseException:
            await self.stop()
            raise

    async def stop(self) -> None:
        """Wake the thread, let it close its connection, and wait for it (again is harmless)."""
        if not self._stopping.is_set():
            self._stopping.set()
            os.write(self._wake_write, b"x")
        if self._thread.is_alive():
            await asyncio.to_thread(self._thread.join)
        for fd in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._wake_read = self._wake_write = -1

    def _run(self) -> None:
        failures = 0
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, application_name=NAME) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if failures:
                        log.warning("Listening for changed matches again")
                        # What changed while nobody listened was not heard.
                        try:
                            self._loop.call_soon_threadsafe(self._lost)
                        except RuntimeError:  # the event loop is closed: nobody left to tell
                            return
                    failures = 0
                    if not self._ready.done():
                        self._ready.set_result(None)
                    self._serve(conn)
            except Exception as e:
                if not self._ready.done():
                    self._ready.set_exception(e)
                    return
                pause = RECONNECT_PAUSES[min(failures, len(RECONNECT_PAUSES) - 1)]
                failures += 1
                log.warning("Listening for changed matches failed (%s); again in %s s", e, pause)
                self._wait(pause)

    def _serve(self, conn: psycopg.Connection[Any]) -> None:
        """Deliver notifications until stopped or the connection fails."""
        while True:
            readable = self._wait(QUIET_SECONDS, conn.fileno())
            if self._stopping.is_set():
                return
            if not readable:
                conn.execute("SELECT 1")
                continue
            for notify in conn.notifies(timeout=0):
                found = parse(notify.payload)
                if found is None:
                    log.warning("Ignoring notification %r", notify.payload)
                    continue
                try:
                    self._loop.call_soon_threadsafe(self._changed, *found)
                except RuntimeError:  # the event loop is closed: nobody left to tell
                    self._stopping.set()
                    return

    def _wait(self, seconds: float, fd: int | None = None) -> bool:
        """Wait until fd is readable (True), stop() is called or seconds pass."""
        fds = [self._wake_read] if fd is None else [self._wake_read, fd]
        readable, _, _ = select.select(fds, [], [], seconds)
        return fd is not None and fd in readable
