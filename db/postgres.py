"""PostgreSQL: a pool of connections on worker threads; every call is one whole transaction."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any, Concatenate, ParamSpec, TypeVar

import psycopg
from psycopg import IsolationLevel, errors
from psycopg_pool import ConnectionPool, PoolTimeout

from db.listen import SETTING, Listener, new_channel
from db.migrate import migrate_postgres
from db.sql import Connection, Params, Retries
from referee.store import StoreBusy

log = logging.getLogger(__name__)
# The pool logs every connection it lends at INFO: one line per transaction.
logging.getLogger("psycopg.pool").setLevel(logging.WARNING)

P = ParamSpec("P")
T = TypeVar("T")

POOL_SIZE = 6
"""Connections, and worker threads to use them: enough for a few transactions at once without
crowding a small server."""
BUSY_SECONDS = 6.0
"""How long a call keeps trying while the server is unreachable or the rows it needs are locked,
before StoreBusy (as long as SQLite waits out a locked file)."""
LOCK_TIMEOUT_MS = 1000
"""A statement waits this long for a row lock, then the transaction is tried again whole."""
WRITE_ISOLATION = IsolationLevel.READ_COMMITTED
"""Writes serialize on the rows they lock (a match's row, a server's rating lock; see
db/writes.py), not on everything they read: moves of different games never conflict, and a
statement run after a lock sees what the lock's previous holder committed."""
READ_ISOLATION = IsolationLevel.REPEATABLE_READ
"""Every query of a read sees the same snapshot, as in SQLite; read-only, it never conflicts."""
PREPARE_THRESHOLD: int | None = 5
"""A statement is prepared on a connection at its fifth run (psycopg's default, said outright):
the few statements of a move are prepared within a connection's first moves, which takes a
step's write from 0.90 to 0.53 ms (`python -m bench.pg_record`, against `--prepare none`);
preparing at the first run measured no faster, and would also prepare one-off statements
(lists of ids of every length)."""
CONFLICTS = (errors.SerializationFailure, errors.DeadlockDetected)
LOCKED = (errors.LockNotAvailable,)
GONE_STATES = ("57P01", "57P02", "57P03")
"""Server shutting down, crashed or starting: like a lost connection (SQLSTATE class 08)."""


@lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """The SQL with psycopg's placeholders: `?` becomes `%s`, a literal `%` becomes `%%`."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresConnection:
    """A psycopg connection inside a transaction, as the stores' SQL expects (`?` placeholders).

    Unlike SQLite, a failed statement spoils the whole transaction: the SQL lets such an error
    (a constraint refusing a row) end the transaction, never carries on after it.
    """

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Params = (), /) -> psycopg.Cursor[Any]:
        """Run one statement; its cursor holds the rows."""
        return self._conn.execute(to_postgres(sql), parameters)

    def executemany(self, sql: str, seq_of_parameters: Iterable[Params], /) -> psycopg.Cursor[Any]:
        """Run one statement once per set of parameters (none: no round trip to the server)."""
        cursor = self._conn.cursor()
        params = list(seq_of_parameters)
        if params:
            cursor.executemany(to_postgres(sql), params)
        return cursor


def is_gone(error: psycopg.Error) -> bool:
    """True when the error says the connection or the server is lost, not the statement wrong."""
    if isinstance(error, PoolTimeout):
        return True
    state = error.sqlstate
    return isinstance(error, psycopg.OperationalError) and (
        state is None or state.startswith("08") or state in GONE_STATES
    )


class CommitUnknown(psycopg.OperationalError):
    """The connection was lost while committing: the transaction may or may not have landed."""


def configurer(channel: str) -> Callable[[psycopg.Connection[Any]], None]:
    """The settings of every new connection of a pool whose process listens on `channel`."""

    def configure(conn: psycopg.Connection[Any]) -> None:
        conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
        # This process's changes are not notified to itself (the matches' trigger reads it).
        conn.execute("SELECT set_config(%s, %s, false)", (SETTING, channel))
        conn.commit()

    return configure


class PostgresDatabase:
    """A pool of connections, each used by one worker thread for one transaction at a time.

    A whole transaction is one call on a worker thread, so a cancelled caller cannot leave a
    transaction half done: the thread finishes it (commit or rollback) whatever the caller does.
    """

    shared = True
    """Other processes may write to the same database."""

    def __init__(
        self,
        url: str,
        pool: ConnectionPool[Any],
        channel: str,
        busy_seconds: float = BUSY_SECONDS,
    ) -> None:
        self._url = url
        self._pool = pool
        self._channel = channel
        self._workers = ThreadPoolExecutor(max_workers=POOL_SIZE, thread_name_prefix="postgres")
        self._busy_seconds = busy_seconds
        self._listener: Listener | None = None
        self._closed = False
        self.retries = Retries()

    @classmethod
    async def open(cls, url: str, *, busy_seconds: float = BUSY_SECONDS) -> PostgresDatabase:
        """Connect to the database at url, migrating it if needed."""
        await asyncio.to_thread(_migrate, url)
        channel = new_channel()
        pool: ConnectionPool[Any] = ConnectionPool(
            url,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"prepare_threshold": PREPARE_THRESHOLD},
            open=False,
            configure=configurer(channel),
            name="referee",
            # After a failed reconnection the pool waits longer each time; giving up after as
            # long as a call waits lets the next call start again at once.
            reconnect_timeout=busy_seconds,
        )
        try:
            await asyncio.to_thread(pool.open, wait=True, timeout=busy_seconds)
        except BaseException:
            await asyncio.to_thread(pool.close)
            raise
        return cls(url, pool, channel, busy_seconds)

    def _transaction(self, read_only: bool, fn: Callable[[Connection], T], deadline: float) -> T:
        """One attempt at the transaction, on a worker thread."""
        with self._pool.connection(timeout=max(0.0, deadline - time.monotonic())) as conn:
            conn.read_only = read_only
            conn.isolation_level = READ_ISOLATION if read_only else WRITE_ISOLATION
            done = False
            try:
                with conn.transaction():
                    result = fn(PostgresConnection(conn))
                    done = True
            except psycopg.Error as e:
                if done and is_gone(e):
                    raise CommitUnknown(f"connection lost while committing: {e}") from e
                raise
            return result

    async def _run(self, read_only: bool, fn: Callable[[Connection], T]) -> T:
        """The transaction, tried again whole after a conflict, a lock held too long or a lost
        server, until BUSY_SECONDS have passed: then StoreBusy."""
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + self._busy_seconds
        attempt = 0
        while True:
            attempt += 1
            try:
                return await loop.run_in_executor(
                    self._workers, self._transaction, read_only, fn, deadline
                )
            except CommitUnknown:
                raise
            except CONFLICTS as e:
                # Both sides of a conflict may be tried again: a random pause parts them.
                pause = random.uniform(0, min(0.2, 0.005 * 2**attempt))
                error: psycopg.Error = e
                reason = "conflict"
            except LOCKED as e:
                pause, error, reason = 0.0, e, "locked"
            except psycopg.Error as e:
                if not is_gone(e):
                    raise
                await asyncio.to_thread(self._pool.check)
                pause, error, reason = min(1.0, 0.1 * 2**attempt), e, "gone"
            if time.monotonic() + pause >= deadline:
                self.retries.given_up[reason] += 1
                raise StoreBusy(str(error)) from error
            self.retries.tried_again[reason] += 1
            log.info("Transaction not done (%s); trying again in %.3f s", error, pause)
            await asyncio.sleep(pause)

    async def write(
        self,
        fn: Callable[Concatenate[Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(conn, *args) in one write transaction, committed before this returns."""
        return await self._run(False, lambda conn: fn(conn, *args, **kwargs))

    async def read(
        self,
        fn: Callable[Concatenate[Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(conn, *args) in one read-only transaction: every query sees the same snapshot."""
        return await self._run(True, lambda conn: fn(conn, *args, **kwargs))

    async def listen(
        self, changed: Callable[[int, int], None], lost: Callable[[], None] = lambda: None
    ) -> None:
        """Call changed(match_id, version) on this event loop after every committed change to a
        match by another process (this one's own are not notified), and lost() after listening
        was cut and is back (what changed meanwhile was not heard); returns once listening."""
        if self._listener is not None:
            raise RuntimeError("already listening")
        self._listener = Listener(self._url, self._channel, changed, lost)
        await self._listener.start()

    async def close(self) -> None:
        """Stop listening, let running transactions finish, and close the connections (again is
        harmless)."""
        if self._closed:
            return
        self._closed = True
        if self._listener is not None:
            await self._listener.stop()
        await asyncio.to_thread(self._workers.shutdown, wait=True)
        await asyncio.to_thread(self._pool.close)


def _migrate(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        migrate_postgres(conn)
