"""What the stores' SQL needs of a connection: the DB-API part SQLite and PostgreSQL share."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import psycopg

Params = Sequence[Any]
P = ParamSpec("P")
T = TypeVar("T")

INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)
"""A constraint refused a row (a unique key taken, a check failed), in either engine."""


@dataclass
class Retries:
    """Transactions tried again, and given up (StoreBusy), since the database opened, by why:
    read by the metrics, so db/ needs no metrics library."""

    tried_again: Counter[str] = field(default_factory=Counter)
    given_up: Counter[str] = field(default_factory=Counter)

    def totals(self) -> tuple[int, int]:
        """Transactions tried again, and given up, for any reason."""
        return sum(self.tried_again.values()), sum(self.given_up.values())


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


def modifies_in_with(conn: Connection) -> bool:
    """True when a statement's WITH clause may change rows (PostgreSQL's may, SQLite's not), so
    a write and what depends on it can go to the server as one statement."""
    return not isinstance(conn, sqlite3.Connection)


class Engine(Protocol):
    """A database the store runs its transactions on: SQLite's or PostgreSQL's."""

    @property
    def shared(self) -> bool:
        """True when other processes may write to the same database."""
        ...

    @property
    def retries(self) -> Retries:
        """Transactions tried again and given up so far."""
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

    async def listen(self, changed: Callable[[int, int], None], lost: Callable[[], None]) -> None:
        """Call changed(match_id, version) on the event loop after another process changes a
        match, and lost() when changes may have gone unheard; returns once listening."""
        ...

    async def close(self) -> None:
        """Release the database (again is harmless)."""
        ...
