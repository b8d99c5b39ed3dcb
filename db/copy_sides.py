"""Each engine's side of a copy: its catalog, a streamed read, batched inserts, its sequences."""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import psycopg
from psycopg import IsolationLevel

from db.open import POSTGRES_SCHEMES

BATCH = 5000
"""Rows read, held and inserted at a time: few round trips, and a table never whole in memory."""
BOOKKEEPING = frozenset({"schema_version", "listeners"})
"""Tables of the migrations themselves (PostgreSQL's version; SQLite keeps it in a pragma) and of
the running processes (who listens for changes)."""
ROWS_PER_INSERT = 50
"""Rows per INSERT statement into PostgreSQL: a row per statement spends most of the time on
the statements themselves (about 55,000 rows/s here, against 110,000 with 50 rows each; more
rows per statement were slower again)."""
WAIT_MS = 5000
"""How long the target may wait for a lock held by someone else (a running bot) before failing."""
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

Row = tuple[Any, ...]
Schema = dict[str, tuple[str, ...]]
"""Each table's columns, in the engine's order."""


class CopyError(Exception):
    """A copy that cannot be made; the message says why, in one line."""

    code = 1
    """The command's exit code."""


class CopyRefused(CopyError):
    """A target that must not be written to (it holds rows, or is the source)."""

    code = 2


def one_line(error: Exception) -> str:
    """An error's message on one line (the engines' run over several)."""
    return " ".join(str(error).split()) or type(error).__name__


def is_postgres(where: str) -> bool:
    """True for a postgresql:// (or postgres://) URL, False for the path of a SQLite file."""
    return where.startswith(POSTGRES_SCHEMES)


def shown(where: str) -> str:
    """A database's name as messages show it: a URL without its password."""
    return re.sub(r"^(\w+://[^:@/]*):[^@/]*@", r"\1:***@", where)


def quoted(name: str) -> str:
    """A table or column name from the catalog, quoted for SQL (both engines quote alike)."""
    if not NAME.fullmatch(name):
        raise CopyError(f"unexpected name in the schema: {name!r}")
    return f'"{name}"'


class Side(Protocol):
    """One database of a copy, inside one transaction: the source reads, the target writes."""

    def identity(self) -> tuple[Any, ...]:
        """What tells this database apart from any other (the same file, the same database)."""
        ...

    def schema(self) -> Schema:
        """The bot's tables (not the migrations' bookkeeping) and their columns."""
        ...

    def references(self) -> dict[str, set[str]]:
        """The tables each table's foreign keys point at."""
        ...

    def has_rows(self, table: str) -> bool:
        """True if the table holds any row."""
        ...

    def batches(self, table: str, columns: Sequence[str]) -> Iterator[list[Row]]:
        """The table's rows (these columns, in key order), BATCH at a time."""
        ...

    def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        """Insert rows of these columns."""
        ...

    def after_copy(self) -> None:
        """Bring what numbers new rows (id sequences) past the copied rows."""
        ...

    def commit(self) -> None:
        """Commit the transaction."""
        ...

    def close(self) -> None:
        """Close the connection; a transaction not committed is rolled back."""
        ...


class SqliteSide:
    """A SQLite file, opened read-only as a source, read-write as a target (never created)."""

    def __init__(self, path: str, write: bool) -> None:
        self._path = Path(path)
        if not self._path.is_file():
            raise CopyError(f"there is no SQLite database file at {path}")
        uri = f"{self._path.resolve().as_uri()}?mode={'rw' if write else 'ro'}"
        try:
            self._conn = sqlite3.connect(uri, uri=True, isolation_level=None)
            self._conn.execute(f"PRAGMA busy_timeout = {WAIT_MS}")
            # Off by default in SQLite: on, every copied row's references are checked.
            self._conn.execute("PRAGMA foreign_keys = ON")
            # BEGIN IMMEDIATE takes the write lock now, so nobody writes between check and copy.
            self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as e:
            raise CopyError(f"cannot open the SQLite database {path}: {one_line(e)}") from e

    def identity(self) -> tuple[Any, ...]:
        """The file's device and inode."""
        stat = os.stat(self._path)
        return ("sqlite", stat.st_dev, stat.st_ino)

    def schema(self) -> Schema:
        """Every table but SQLite's own, with its columns in order."""
        names = self._conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite~_%' "
            "ESCAPE '~' ORDER BY name"
        ).fetchall()
        return {
            name: tuple(r[1] for r in self._conn.execute(f"PRAGMA table_info({quoted(name)})"))
            for (name,) in names
            if name not in BOOKKEEPING
        }

    def references(self) -> dict[str, set[str]]:
        """From PRAGMA foreign_key_list."""
        return {
            table: {r[2] for r in self._conn.execute(f"PRAGMA foreign_key_list({quoted(table)})")}
            for table in self.schema()
        }

    def _key(self, table: str) -> list[str]:
        info = self._conn.execute(f"PRAGMA table_info({quoted(table)})").fetchall()
        return [r[1] for r in sorted((r for r in info if r[5] > 0), key=lambda r: r[5])]

    def has_rows(self, table: str) -> bool:
        """One row is enough."""
        return self._conn.execute(f"SELECT 1 FROM {quoted(table)} LIMIT 1").fetchone() is not None

    def batches(self, table: str, columns: Sequence[str]) -> Iterator[list[Row]]:
        """A cursor read BATCH rows at a time (SQLite steps through the table as it is read)."""
        order = ", ".join(quoted(c) for c in self._key(table)) or "rowid"
        cursor = self._conn.execute(
            f"SELECT {', '.join(quoted(c) for c in columns)} FROM {quoted(table)} ORDER BY {order}"
        )
        while rows := cursor.fetchmany(BATCH):
            yield rows

    def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        """One executemany."""
        names = ", ".join(quoted(c) for c in columns)
        marks = ", ".join("?" * len(columns))
        self._conn.executemany(f"INSERT INTO {quoted(table)} ({names}) VALUES ({marks})", rows)

    def after_copy(self) -> None:
        """Nothing: an INTEGER PRIMARY KEY goes on from the largest id by itself."""

    def commit(self) -> None:
        """COMMIT."""
        self._conn.execute("COMMIT")

    def close(self) -> None:
        """Close (an open transaction is rolled back)."""
        self._conn.close()


class PostgresSide:
    """A PostgreSQL database: a repeatable-read snapshot as a source, a locked write as a target."""

    def __init__(self, url: str, write: bool) -> None:
        try:
            self._conn = psycopg.connect(url, connect_timeout=10)
        except psycopg.Error as e:
            raise CopyError(f"cannot connect to PostgreSQL at {shown(url)}: {one_line(e)}") from e
        if not write:
            # Every table is read from one snapshot, however long the copy takes.
            self._conn.isolation_level = IsolationLevel.REPEATABLE_READ
            self._conn.read_only = True
        else:
            self._conn.execute(f"SET lock_timeout = {WAIT_MS}")
            # Nobody else writes while the target is checked for rows and filled.
            tables = ", ".join(quoted(t) for t in self.schema())
            if tables:
                self._conn.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")

    def identity(self) -> tuple[Any, ...]:
        """The server (by when it started) and the database on it."""
        row = self._conn.execute(
            "SELECT pg_postmaster_start_time(), oid FROM pg_database "
            "WHERE datname = current_database()"
        ).fetchone()
        return ("postgres", *(row or ()))

    def schema(self) -> Schema:
        """Every table of the current schema but the migrations' own, with its columns."""
        found: Schema = {}
        for table, column in self._conn.execute(
            "SELECT c.table_name, c.column_name FROM information_schema.columns c "
            "JOIN information_schema.tables t "
            "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
            "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
            "ORDER BY c.table_name, c.ordinal_position"
        ):
            if table not in BOOKKEEPING:
                found[table] = (*found.get(table, ()), column)
        return found

    def references(self) -> dict[str, set[str]]:
        """From pg_constraint's foreign keys."""
        found: dict[str, set[str]] = {}
        for table, target in self._conn.execute(
            "SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c "
            "JOIN pg_class r ON r.oid = c.conrelid "
            "WHERE c.contype = 'f' AND r.relnamespace = current_schema()::regnamespace"
        ):
            found.setdefault(table.strip('"'), set()).add(target.strip('"'))
        return found

    def _key(self, table: str) -> list[str]:
        rows = self._conn.execute(
            "SELECT a.attname FROM pg_index i "
            "JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) ON true "
            "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum "
            "WHERE i.indrelid = %s::regclass AND i.indisprimary ORDER BY k.n",
            (quoted(table),),
        ).fetchall()
        return [r[0] for r in rows]

    def has_rows(self, table: str) -> bool:
        """One row is enough."""
        return self._conn.execute(f"SELECT 1 FROM {quoted(table)} LIMIT 1").fetchone() is not None

    def batches(self, table: str, columns: Sequence[str]) -> Iterator[list[Row]]:
        """A server-side cursor fetched BATCH rows at a time (a plain one would fetch it all)."""
        order = ", ".join(quoted(c) for c in self._key(table))
        with self._conn.cursor(name=f"copy_{table}") as cursor:
            cursor.execute(
                f"SELECT {', '.join(quoted(c) for c in columns)} FROM {quoted(table)}"
                + (f" ORDER BY {order}" if order else "")
            )
            while rows := cursor.fetchmany(BATCH):
                yield rows

    def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        """One executemany of statements of ROWS_PER_INSERT rows each, and one for the rest."""
        one = f"({', '.join(['%s'] * len(columns))})"
        head = f"INSERT INTO {quoted(table)} ({', '.join(quoted(c) for c in columns)}) VALUES "
        whole = len(rows) - len(rows) % ROWS_PER_INSERT
        with self._conn.cursor() as cursor:
            if whole:
                cursor.executemany(
                    head + ", ".join([one] * ROWS_PER_INSERT),
                    [
                        [value for row in rows[i : i + ROWS_PER_INSERT] for value in row]
                        for i in range(0, whole, ROWS_PER_INSERT)
                    ],
                )
            if whole < len(rows):
                rest = rows[whole:]
                cursor.execute(
                    head + ", ".join([one] * len(rest)), [v for row in rest for v in row]
                )

    def after_copy(self) -> None:
        """Every identity or serial column's sequence goes on from the largest copied value."""
        generated = self._conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() "
            "AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')"
        ).fetchall()
        for table, column in generated:
            # setval ignores a NULL: an empty table leaves its sequence where it is.
            self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence(%s, %s), MAX({quoted(column)})) "
                f"FROM {quoted(table)}",
                (quoted(table), column),
            )

    def commit(self) -> None:
        """COMMIT."""
        self._conn.commit()

    def close(self) -> None:
        """Close (an open transaction is rolled back)."""
        self._conn.close()


def open_side(where: str, write: bool) -> Side:
    """The database at where (a URL or a file path) in a transaction: read-only unless write."""
    if is_postgres(where):
        return PostgresSide(where, write)
    return SqliteSide(where, write)
