"""Copying the bot's whole database into an empty one: SQLite file or PostgreSQL, either way."""

from __future__ import annotations

import asyncio
import graphlib
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg

from db.copy_sides import (
    CopyError,
    CopyRefused,
    Schema,
    Side,
    is_postgres,
    one_line,
    open_side,
)
from db.open import open_store
from referee.store import StoreBusy

__all__ = ["Copied", "CopyError", "CopyRefused", "copy_database", "table_order"]


@dataclass(frozen=True)
class Copied:
    """What a copy did: rows per table, in the order copied, and how long it took."""

    rows: dict[str, int]
    seconds: float

    @property
    def total(self) -> int:
        """Rows over every table."""
        return sum(self.rows.values())


@contextmanager
def _opened(where: str, write: bool) -> Iterator[Side]:
    side = open_side(where, write)
    try:
        yield side
    finally:
        side.close()


@contextmanager
def _failing_as(doing: str) -> Iterator[None]:
    """An engine's error, told as a one-line CopyError naming what was being done."""
    try:
        yield
    except (sqlite3.Error, psycopg.Error, StoreBusy, OSError) as e:
        raise CopyError(f"{doing} failed: {one_line(e)}") from e


def table_order(source: Schema, target: Schema, references: dict[str, set[str]]) -> list[str]:
    """The tables in an order where every table comes after those it references; CopyError if
    the two schemas do not have the same tables and columns."""
    if not source:
        raise CopyError("the source holds no tables: it is not a database of the bot")
    differences = [f"table {t} only in the source" for t in sorted(source.keys() - target)]
    differences += [f"table {t} only in the target" for t in sorted(target.keys() - source)]
    for table in sorted(source.keys() & target.keys()):
        mine, theirs = set(source[table]), set(target[table])
        differences += [f"column {table}.{c} only in the source" for c in sorted(mine - theirs)]
        differences += [f"column {table}.{c} only in the target" for c in sorted(theirs - mine)]
    if differences:
        raise CopyError(
            f"the schemas differ ({'; '.join(differences)}); let the bot open the older "
            "database once, which migrates it, then copy again"
        )
    # A table referring to itself needs its rows in order: matches does (a rematch names the
    # finished match it plays again), and rows go in key order, a rematch after its match.
    sorter = graphlib.TopologicalSorter(
        {t: {r for r in references.get(t, set()) if r != t and r in target} for t in target}
    )
    sorter.prepare()
    order: list[str] = []
    while sorter.is_active():
        ready = sorted(sorter.get_ready())
        order += ready
        sorter.done(*ready)
    return order


def _filled(side: Side, tables: list[str]) -> list[str]:
    return [t for t in tables if side.has_rows(t)]


def _refuse_filled(filled: list[str]) -> None:
    if filled:
        named = ", ".join(filled[:3]) + (f" and {len(filled) - 3} more" if len(filled) > 3 else "")
        raise CopyRefused(
            f"the target already holds rows (in {named}); it was left as it was: copy into a "
            "new, empty database"
        )


def _check_target(target: str, source: Side) -> None:
    """Refuse the source itself, or a target holding rows, before anything is written to it."""
    if not is_postgres(target) and not Path(target).exists():
        return
    with _opened(target, write=False) as probe, _failing_as("reading the target"):
        if probe.identity() == source.identity():
            raise CopyRefused("the source and the target are the same database")
        _refuse_filled(_filled(probe, sorted(probe.schema())))


def migrate(target: str) -> None:
    """Create the target if needed and bring it to the newest schema: the bot's own opening."""

    async def opened_and_closed() -> None:
        store = await open_store(target)
        await store.close()

    asyncio.run(opened_and_closed())


def copy_database(source: str, target: str) -> Copied:
    """Copy every row of source into target, which must be empty: the target is migrated first,
    then filled in one transaction from one consistent read of the source."""
    started = time.perf_counter()
    with _opened(source, write=False) as src:
        with _failing_as("reading the source"):
            source_schema = src.schema()
        _check_target(target, src)
        with _failing_as("migrating the target"):
            migrate(target)
        with _opened(target, write=True) as dst, _failing_as("copying"):
            order = table_order(source_schema, dst.schema(), dst.references())
            # Checked again inside the transaction: someone may have written since.
            _refuse_filled(_filled(dst, order))
            rows: dict[str, int] = {}
            for table in order:
                columns = source_schema[table]
                rows[table] = 0
                for batch in src.batches(table, columns):
                    dst.insert(table, columns, batch)
                    rows[table] += len(batch)
            dst.after_copy()
            dst.commit()
    return Copied(rows, time.perf_counter() - started)
