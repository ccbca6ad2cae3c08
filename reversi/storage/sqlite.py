"""The SQLite store: a file in WAL mode, written by one thread only.

Every write goes to the group writer (``sqlite_writer.py``): one hop to its thread
per transaction, several transactions' writes in one commit, each in a savepoint of
its own; its transactions begin with ``BEGIN IMMEDIATE``, so they take the write lock
up front and another process's writer waits (busy timeout) instead of failing with
"database is locked" half-way. Reads run on a second engine (aiosqlite) whose
transactions begin deferred, beside the writer, as WAL allows.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import create_async_engine

from reversi.storage.migrations import upgrade
from reversi.storage.records import EventRecord, TableRecord
from reversi.storage.rows import Rows, SqliteRows
from reversi.storage.sqlite_writer import GroupWriter

#: how long SQLite waits for the write lock before giving up
BUSY_TIMEOUT_S = 30.0
T = TypeVar("T")


class SqliteStore:
    locks_rows = False

    def __init__(self, url: str) -> None:
        self.url = url
        self.reader = create_async_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
        _configured(self.reader.sync_engine, "BEGIN")
        writer = _configured(
            create_engine(
                make_url(url).set(drivername="sqlite+pysqlite"),
                pool_size=1,
                max_overflow=0,
                connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
            ),
            "BEGIN IMMEDIATE",
        )
        self.writer = GroupWriter(writer)
        #: the lock files of :meth:`claim_alive`
        self._starting: int | None = None
        self._alive: int | None = None

    async def migrate(self) -> None:
        path = make_url(self.url).database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        await self.writer.run(upgrade)

    async def read(self, fn: Callable[[Rows], T]) -> T:
        async with self.reader.begin() as conn:
            return await conn.run_sync(lambda c: fn(Rows(c)))

    async def write(self, fn: Callable[[Rows], T]) -> T:
        return await self.writer.run(lambda conn: fn(SqliteRows(conn)))

    async def write_aside(self, fn: Callable[[Rows], T], lane: str) -> T:
        return await self.write(fn)  # the writer's thread is beside the loop already

    async def save(
        self, table: TableRecord, expected_version: int, events: list[EventRecord]
    ) -> None:
        if not events:
            raise ValueError("a change has events")

        def save(rows: Rows) -> None:
            rows.save_table(table, expected_version)
            rows.add_events(table.id or 0, events)

        await self.write(save)

    async def claim_alive(self) -> bool | None:
        """Two lock files beside the database: ``.alive`` held shared by every running
        process, ``.starting`` exclusive while one judges whether it is the first (so
        that turning its exclusive ``.alive`` into a shared one, which flock does not do
        atomically, cannot let another process in between)."""
        path = make_url(self.url).database
        if not path or path == ":memory:":
            return None
        self._starting = os.open(f"{path}.starting", os.O_RDWR | os.O_CREAT, 0o600)
        self._alive = os.open(f"{path}.alive", os.O_RDWR | os.O_CREAT, 0o600)
        await asyncio.to_thread(fcntl.flock, self._starting, fcntl.LOCK_EX)
        try:
            fcntl.flock(self._alive, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fcntl.flock(self._alive, fcntl.LOCK_SH)
            await self.share_alive()
            return False
        return True

    async def share_alive(self) -> None:
        if self._starting is not None and self._alive is not None:
            fcntl.flock(self._alive, fcntl.LOCK_SH)
            os.close(self._starting)
            self._starting = None

    async def close(self) -> None:
        await self.writer.close()
        await self.reader.dispose()
        for fd in (self._starting, self._alive):
            if fd is not None:
                os.close(fd)
        self._starting = self._alive = None


def _configured(engine: Engine, begin: str) -> Engine:
    """A SQLite engine in WAL mode whose transactions start with ``begin``."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        # sqlite3 must not open transactions by itself: the "begin" hook does
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(begin)

    return engine
