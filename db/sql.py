"""What the stores' SQL needs of a connection: the DB-API part SQLite and PostgreSQL share."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import psycopg

Params = Sequence[Any]
P = ParamSpec("P")
T = TypeVar("T")

INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)
"""A constraint refused a row (a unique key taken, a check failed), in either engine."""


class Cursor(Protocol):
    """The result of one statement."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection inside a transaction; statements use `?` placeholders and no literal `?`.

    A statement that fails (a constraint refusing a row) must end the transaction: PostgreSQL
    refuses every later statement of it, SQLite would carry on.
    """

    def execute(self, sql: str, parameters: Params = ..., /) -> Cursor: ...

    def executemany(self, sql: str, seq_of_parameters: Iterable[Params], /) -> Cursor: ...


class Engine(Protocol):
    """A database the store runs its transactions on: SQLite's or PostgreSQL's."""

    retries: int
    """Transactions tried again whole (the database was locked or busy), since it opened."""
    given_up: int
    """Transactions given up as StoreBusy after their attempts, since it opened."""

    @property
    def shared(self) -> bool:
        """True when other processes may write to the same database."""
        ...

    async def write(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """fn(conn, *args) in one write transaction, committed before this returns."""
        ...

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """fn(conn, *args) in one read transaction: every query sees the same snapshot."""
        ...

    async def listen(self, changed: Callable[[int, int], None]) -> None:
        """Call changed(match_id, version) on the event loop after another process changes a
        match; returns once listening."""
        ...

    async def close(self) -> None:
        """Release the database (again is harmless)."""
        ...
