"""Hearing other processes: PostgreSQL notifications of changed matches, read by the event loop
when the listening connection's socket has something to read."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import psycopg

log = logging.getLogger(__name__)

CHANNEL = "referee_matches"
"""The channel the matches table's trigger notifies, with 'id:version' as the payload."""
NAME = "referee-listen"
"""The listening connection's application_name, as the server lists it."""
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
    """A dedicated autocommit connection that LISTENs and hands each change to `changed`.

    No task waits on it: the event loop calls back when its socket is readable. After a failure
    it connects again and then calls `lost`: notifications sent meanwhile are lost, so whoever
    keeps copies treats every one as stale. It stops on stop().
    """

    def __init__(
        self, url: str, changed: Callable[[int, int], None], lost: Callable[[], None]
    ) -> None:
        self._url = url
        self._changed = changed
        self._lost = lost
        self._conn: psycopg.Connection[Any] | None = None
        self._fd = -1
        """The connection's socket, kept: a lost connection no longer tells it."""
        self._reconnecting: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start listening; raise if the first connection fails."""
        self._attach(await asyncio.to_thread(self._connect))

    async def stop(self) -> None:
        """Close the connection and end the listening (again is harmless)."""
        if self._reconnecting is not None:
            self._reconnecting.cancel()
            await asyncio.gather(self._reconnecting, return_exceptions=True)
            self._reconnecting = None
        self._detach()

    def _connect(self) -> psycopg.Connection[Any]:
        """A new connection that listens (blocking: run in a thread)."""
        conn = psycopg.connect(
            self._url,
            autocommit=True,
            application_name=NAME,
            # A connection that only reads must still notice a server gone silent (no reset
            # ever arrives): libpq's TCP keepalives fail its socket within about 25 s.
            keepalives=1,
            keepalives_idle=10,
            keepalives_interval=5,
            keepalives_count=3,
        )
        try:
            conn.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _attach(self, conn: psycopg.Connection[Any]) -> None:
        self._conn, self._fd = conn, conn.fileno()
        asyncio.get_running_loop().add_reader(self._fd, self._readable)

    def _detach(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            asyncio.get_running_loop().remove_reader(self._fd)
            conn.close()

    def _readable(self) -> None:
        """Deliver what arrived; on a failed connection, connect again in the background."""
        assert self._conn is not None
        try:
            # The socket is readable: one poll reads what came without waiting.
            notifies = list(self._conn.notifies(timeout=0))
        except psycopg.Error as e:
            self._detach()
            self._reconnecting = asyncio.get_running_loop().create_task(
                self._reconnect(e), name="postgres-listen-again"
            )
            return
        for notify in notifies:
            found = parse(notify.payload)
            if found is None:
                log.warning("Ignoring notification %r", notify.payload)
                continue
            try:
                self._changed(*found)
            except Exception:
                # A change not taken in may leave a stale copy: then every copy may be stale.
                log.exception("Could not take in a change to match %s", found[0])
                self._lost()

    async def _reconnect(self, error: Exception) -> None:
        """Connect again after pauses that grow, then say that changes may have gone unheard."""
        failures = 0
        while True:
            pause = RECONNECT_PAUSES[min(failures, len(RECONNECT_PAUSES) - 1)]
            log.warning("Listening for changed matches failed (%s); again in %s s", error, pause)
            await asyncio.sleep(pause)
            failures += 1
            try:
                conn = await asyncio.to_thread(self._connect)
            except psycopg.Error as e:
                error = e
                continue
            self._attach(conn)
            self._reconnecting = None
            log.warning("Listening for changed matches again")
            # What changed while nobody listened was not heard.
            self._lost()
            return
