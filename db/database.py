"""One SQLite connection on its own thread: every call is one transaction, one thread hop."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from db.migrate import migrate
from referee.store import StoreBusy

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=500")
"""WAL lets readers go on during a write; synchronous=FULL syncs the WAL at every commit, so an
acknowledged move survives a power cut, not only a crash. SQLite waits for a lock only briefly
(it holds the database thread while it waits); longer waits are BUSY_PAUSES, on the event loop."""
BUSY_PAUSES = (0.25, 0.5, 1.0, 2.0)
"""Pauses before each new attempt of a transaction that found the database locked: with the
attempts' own waits, about 6 s before StoreBusy."""


def big_add(a: str | int, b: str | int) -> str:
    """The sum of two decimal integers of any size, as decimal text (for SQL updates)."""
    return str(int(a) + int(b))


def connect(path: str) -> sqlite3.Connection:
    """Open (creating and migrating if needed) the database file; called on the db thread."""
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in PRAGMAS:
        conn.execute(f"PRAGMA {pragma}").fetchall()
    conn.create_function("big_add", 2, big_add, deterministic=True)
    migrate(conn)
    return conn


def _transaction(conn: sqlite3.Connection, begin: str, fn: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute(begin)
    try:
        result = fn(conn)
        conn.execute("COMMIT")
    except BaseException:
        # A COMMIT refused as busy leaves the transaction open; some errors end it themselves.
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


def is_busy(error: sqlite3.OperationalError) -> bool:
    """True when another connection holds the lock (SQLITE_BUSY or SQLITE_LOCKED, any variant)."""
    return (error.sqlite_errorcode & 0xFF) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class Database:
    """A connection used only by one worker thread, so calls run one at a time, in order.

    A whole transaction is one call on that thread: the event loop waits once per transaction,
    not once per statement, and a cancelled caller cannot leave a transaction half done.
    """

    shared = False
    """Only this process writes to the file."""

    def __init__(self, conn: sqlite3.Connection, pool: ThreadPoolExecutor) -> None:
        self._conn = conn
        self._pool = pool
        self._closed = False
        self.retries = 0
        """Transactions tried again whole because the file was locked, since it opened."""
        self.given_up = 0
        """Transactions given up as StoreBusy."""

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open the database at path on a new worker thread."""
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        loop = asyncio.get_running_loop()
        try:
            conn = await loop.run_in_executor(pool, connect, str(path))
        except BaseException:
            pool.shutdown(wait=False)
            raise
        return cls(conn, pool)

    async def _run(self, begin: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """The transaction; while the database is locked it is tried again whole, then StoreBusy."""
        loop = asyncio.get_running_loop()
        pauses = iter(BUSY_PAUSES)
        while True:
            try:
                return await loop.run_in_executor(self._pool, _transaction, self._conn, begin, fn)
            except sqlite3.OperationalError as e:
                if not is_busy(e):
                    raise
                pause = next(pauses, None)
                if pause is None:
                    self.given_up += 1
                    raise StoreBusy(str(e)) from e
                self.retries += 1
                log.info("Database locked (%s); trying again in %s s", e, pause)
            # Waiting here, not in SQLite, leaves the database thread free for other work.
            await asyncio.sleep(pause)

    async def write(
        self,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(conn, *args) in one write transaction, committed before this returns."""
        return await self._run("BEGIN IMMEDIATE", lambda conn: fn(conn, *args, **kwargs))

    async def read(
        self,
        fn: Callable[Concatenate[sqlite3.Connection, P], T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """fn(conn, *args) in one read transaction: every query sees the same snapshot."""
        return await self._run("BEGIN", lambda conn: fn(conn, *args, **kwargs))

    async def listen(self, changed: Callable[[int, int], None]) -> None:
        """Nothing to hear: one process serves one database file, and it knows its changes."""

    async def close(self) -> None:
        """Close the connection and stop the worker thread (again is harmless)."""
        if self._closed:
            return
        self._closed = True
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._pool, self._conn.close)
        self._pool.shutdown(wait=True)
