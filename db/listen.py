"""Hearing other processes: PostgreSQL notifications of changed matches, on a channel of the
process's own, read by the event loop when the listening connection's socket has something to
read."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import errors

log = logging.getLogger(__name__)

NAME = "referee-listen"
"""The listening connection's application_name, as the server lists it."""
SETTING = "referee.channel"
"""The session setting that names the writing process's own channel, which its changes do not
notify (the matches table's trigger reads it)."""
REGISTER_WAIT_MS = 5000
"""How long listing a process may wait for the writes under way to end, each try."""
REGISTER_TRIES = 3
"""Tries at listing a process whose wait ran out or was chosen to end a deadlock."""
RECONNECT_PAUSES = (0.1, 0.5, 1.0, 2.0, 5.0)
"""Pauses before each new connection after a failure; the last repeats."""


def new_channel() -> str:
    """A channel name of this process's own, the same on every connection it opens."""
    return f"referee_{secrets.token_hex(8)}"


def parse(payload: str) -> tuple[int, int] | None:
    """(match id, version) from a notification's payload, or None if it is not one."""
    match_id, sep, version = payload.partition(":")
    try:
        return (int(match_id), int(version)) if sep else None
    except ValueError:
        return None


class Listener:
    """A dedicated autocommit connection that LISTENs on `channel`, lists the process among the
    listeners, and hands each change to `changed`.

    No task waits on it: the event loop calls back when its socket is readable. After a failure
    it connects again and then calls `lost`: notifications sent meanwhile are lost, so whoever
    keeps copies treats every one as stale. It stops on stop(), and leaves the list.
    """

    def __init__(
        self,
        url: str,
        channel: str,
        changed: Callable[[int, int], None],
        lost: Callable[[], None],
    ) -> None:
        self._url = url
        self._channel = channel
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
        conn = self._detach()
        if conn is not None:
            await asyncio.to_thread(self._leave, conn)

    def _connect(self) -> psycopg.Connection[Any]:
        """A new connection that listens, the process listed (blocking: run in a thread)."""
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
            conn.execute(f"LISTEN {self._channel}")
            for tried in range(1, REGISTER_TRIES + 1):
                try:
                    self._register(conn)
                    break
                except (errors.LockNotAvailable, errors.DeadlockDetected) as e:
                    # A write that locked rows before its trigger read the list can wait on
                    # one that read it first: the server ends one of the three, maybe this.
                    if tried == REGISTER_TRIES:
                        raise
                    log.info("Listing this process again (%s)", e)
        except BaseException:
            conn.close()
            raise
        return conn

    def _register(self, conn: psycopg.Connection[Any]) -> None:
        """List this process's channel (again), and drop those of listeners that are gone."""
        with conn.transaction():
            conn.execute(f"SET LOCAL lock_timeout = {REGISTER_WAIT_MS}")
            # A write reads the list when its trigger runs and holds its lock until it ends: so
            # once this lock is had, every write that read the list without this process has
            # ended, and any later one reads it with this process. A change is either in the
            # database before the list says so, or notified here.
            conn.execute("LOCK TABLE listeners IN ACCESS EXCLUSIVE MODE")
            conn.execute(
                "DELETE FROM listeners WHERE channel = %s OR pid NOT IN "
                "(SELECT pid FROM pg_stat_activity WHERE application_name = %s)",
                (self._channel, NAME),
            )
            conn.execute(
                "INSERT INTO listeners (channel, pid) VALUES (%s, pg_backend_pid())",
                (self._channel,),
            )

    def _leave(self, conn: psycopg.Connection[Any]) -> None:
        """Take this process off the list and close the connection (blocking: run in a thread)."""
        try:
            conn.execute("DELETE FROM listeners WHERE channel = %s", (self._channel,))
        except psycopg.Error as e:
            # A process not listed is not notified; one left listed costs notifications until
            # the next process that starts sees its connection gone.
            log.info("Could not leave the listeners' list (%s)", e)
        finally:
            conn.close()

    def _attach(self, conn: psycopg.Connection[Any]) -> None:
        self._conn, self._fd = conn, conn.fileno()
        asyncio.get_running_loop().add_reader(self._fd, self._readable)
        # Notifications that came while the connection listed the process are held by psycopg,
        # not on the socket: deliver them now.
        self._readable()

    def _detach(self) -> psycopg.Connection[Any] | None:
        """Stop reading the connection; the connection, still open, if there was one."""
        conn, self._conn = self._conn, None
        if conn is not None:
            asyncio.get_running_loop().remove_reader(self._fd)
        return conn

    def _readable(self) -> None:
        """Deliver what arrived; on a failed connection, connect again in the background."""
        assert self._conn is not None
        try:
            # The socket is readable: one poll reads what came without waiting.
            notifies = list(self._conn.notifies(timeout=0))
        except psycopg.Error as e:
            if (conn := self._detach()) is not None:
                conn.close()
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
            # Cleared first: attaching reads the connection, and a failure there starts anew.
            self._reconnecting = None
            log.warning("Listening for changed matches again")
            # What changed while nobody listened was not heard.
            self._lost()
            self._attach(conn)
            return
