"""The PostgreSQL server the benchmark measures on: BENCH_DATABASE_URL's, else its own.

Its own is a throwaway cluster with PostgreSQL's normal durability (fsync, synchronous
commits, full page writes: a commit is on disk when acknowledged, as SQLite's is here), on
the same disk as the benchmark's SQLite files. Each measurement gets a new database of its own.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from db.admin import Admin, AdminError
from db.server import PostgresServer

log = logging.getLogger(__name__)

URL_VARIABLE = "BENCH_DATABASE_URL"
NOT_MEASURED = "not measured: no PostgreSQL server"
SHOWN = ("server_version", "fsync", "synchronous_commit", "full_page_writes", "shared_buffers")
"""The server's settings the report states beside its figures."""


class BenchServer:
    """A PostgreSQL server where the benchmark may create databases."""

    def __init__(self, url: str, admin: Admin, own: PostgresServer | None):
        self.url = url
        self.admin = admin
        self.own = own
        self.made: list[str] = []

    def new_database(self, purpose: str) -> str:
        """The URL of a new, empty database (dropped when the server is closed)."""
        name = f"bench_{purpose}_{uuid.uuid4().hex[:8]}"
        self.admin.create_database(name)
        self.made.append(name)
        return urlunsplit(urlsplit(self.url)._replace(path=f"/{name}"))

    def settings(self) -> dict[str, str]:
        """The settings that decide what the figures mean (durability, memory, version)."""
        shown = {k: str(self._show(k)) for k in SHOWN}
        shown["server"] = "own, started by the benchmark" if self.own else URL_VARIABLE
        return shown

    def _show(self, setting: str) -> Any:
        return self.admin.show(setting)

    def pid(self) -> int | None:
        """The postmaster's process id, when the server is this machine's own throwaway one."""
        return self.own.pid() if self.own else None

    def close(self) -> None:
        """Drop the databases made (on a given server), or stop and delete the own one."""
        if self.own is not None:
            self.admin.close()
            self.own.stop()
            return
        for name in self.made:
            self.admin.drop_database(name)
        self.admin.close()


def open_server() -> BenchServer | str:
    """BENCH_DATABASE_URL's server, else a new throwaway one; or why there is none."""
    url = os.environ.get(URL_VARIABLE)
    own = None
    if not url:
        try:
            own = PostgresServer.start(durable=True)
        except (RuntimeError, OSError) as e:
            log.warning("%s: %s", NOT_MEASURED, e)
            return f"{NOT_MEASURED} ({str(e).splitlines()[0]})"
        url = own.url()
    try:
        admin = Admin(url)
    except AdminError as e:
        if own is not None:
            own.stop()
        return f"{NOT_MEASURED} (cannot connect to {url}: {str(e).splitlines()[0]})"
    return BenchServer(url, admin, own)


@contextmanager
def bench_server(wanted: bool) -> Iterator[BenchServer | str | None]:
    """The server while the sections run (None when no section wants one)."""
    if not wanted:
        yield None
        return
    server = open_server()
    try:
        yield server
    finally:
        if isinstance(server, BenchServer):
            server.close()
