"""The PostgreSQL store: SQLAlchemy for the transactions, asyncpg's own pool for the
hot save.

A table's change is saved with one statement (:data:`SAVE`): the row if it is still
at the expected version, its events and the trimming of old events — one round trip,
outside any transaction, prepared once per connection (asyncpg's statement cache).
Through SQLAlchemy that statement cost several times what asyncpg needs to send it
(the pool checkout and return, the isolation level set and reset, the compiled
``text()``, a greenlet hop for each). The JSON goes as text and is cast on the server,
so asyncpg encodes every argument in C. The pool's connections are made with the
arguments SQLAlchemy's asyncpg dialect derives from the same URL (host, user,
database, SSL and server settings from the query).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from reversi.storage.aside import AsideWriter
from reversi.storage.migrations import upgrade
from reversi.storage.records import Conflict, EventRecord, TableRecord
from reversi.storage.rows import COLUMNS, JSON_COLUMNS, Rows, json_text, row_values, trimmed_below

#: connections of the save's pool per process; a save holds one for a single round trip
SAVE_CONNECTIONS = 8
#: how long a save waits for a free connection (SQLAlchemy's pool waits as long)
ACQUIRE_TIMEOUT = 30.0
#: any number, the same in every process: serialises migrations
_MIGRATION_LOCK = 0x5E7E551
#: the advisory lock every running process holds shared on a connection of its own
#: (reversi.server.duels.downtime); exclusive while the first one after an outage starts
_ALIVE_LOCK = 0x5E7E552
#: arguments of SQLAlchemy's asyncpg adapter, not of asyncpg.connect
_ADAPTER_ARGUMENTS = (
    "prepared_statement_cache_size",
    "prepared_statement_name_func",
    "async_fallback",
)
T = TypeVar("T")

_N = len(COLUMNS)
_SET = ", ".join(
    f"{c} = ${i}" + ("::text::json" if c in JSON_COLUMNS else "")
    for i, c in enumerate(COLUMNS, start=1)
)
#: the row (if still at the expected version), its events and the trimming of old
#: events in one statement; plain SQL for asyncpg
SAVE = f"""
WITH saved AS (
    UPDATE tables SET {_SET}
    WHERE id = ${_N + 1} AND version = ${_N + 2} RETURNING id
), trimmed AS (
    DELETE FROM table_events
    WHERE table_id IN (SELECT id FROM saved) AND version <= ${_N + 3}
)
INSERT INTO table_events (table_id, version, kind, payload, audience, at)
SELECT saved.id, e.version, e.kind, e.payload::json, e.audience, e.at
FROM saved, unnest(${_N + 4}::integer[], ${_N + 5}::varchar[], ${_N + 6}::text[],
                   ${_N + 7}::integer[], ${_N + 8}::double precision[])
     AS e(version, kind, payload, audience, at)
"""


def save_args(table: TableRecord, expected_version: int, events: list[EventRecord]) -> list[Any]:
    """The arguments of :data:`SAVE`, in order."""
    below = trimmed_below(events[-1].version)
    return [
        *row_values(table),
        table.id,
        expected_version,
        -1 if below is None else below,
        [e.version for e in events],
        [e.kind for e in events],
        [json_text(e.payload) for e in events],
        [e.audience for e in events],
        [e.at for e in events],
    ]


def saved_events(status: str) -> int:
    """The rows :data:`SAVE` inserted, from its status (``"INSERT 0 2"``)."""
    return int(status.rpartition(" ")[2])


def connect_arguments(engine: AsyncEngine) -> dict[str, Any]:
    """The keyword arguments of ``asyncpg.connect`` for the engine's URL."""
    _, kwargs = engine.dialect.create_connect_args(make_url(engine.url))
    for name in _ADAPTER_ARGUMENTS:
        kwargs.pop(name, None)
    return dict(kwargs)


async def _nothing_to_reset(conn: Any) -> None:
    """A save leaves no session state behind (asyncpg's default reset is a round trip
    per release; an open transaction is still rolled back before this is called)."""


class PostgresStore:
    locks_rows = True

    def __init__(self, url: str, save_connections: int = SAVE_CONNECTIONS) -> None:
        self.url = url
        # a pool big enough for the busy hour: connections made and dropped beyond it
        # cost a TCP and TLS handshake each; no ping before every use: it is a round
        # trip per transaction, and a connection that broke (the database restarted)
        # fails one statement, which makes SQLAlchemy drop the whole pool
        self.engine = create_async_engine(url, pool_size=24, max_overflow=8)
        self._save_connections = save_connections
        self._pool: Any = None
        self._pool_made = asyncio.Lock()
        self._alive: Any = None
        self._aside: dict[str, AsideWriter] = {}

    async def migrate(self) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
            await conn.run_sync(upgrade)

    async def read(self, fn: Callable[[Rows], T]) -> T:
        async with self.engine.begin() as conn:
            return await conn.run_sync(lambda c: fn(Rows(c)))

    async def write(self, fn: Callable[[Rows], T]) -> T:
        async with self.engine.begin() as conn:
            return await conn.run_sync(lambda c: fn(Rows(c)))

    async def write_aside(self, fn: Callable[[Rows], T], lane: str) -> T:
        writer = self._aside.get(lane)
        if writer is None:
            writer = self._aside[lane] = AsideWriter(self.url, lane)
        return await writer.write(fn)

    async def claim_alive(self) -> bool | None:
        self._alive = conn = await asyncpg.connect(**connect_arguments(self.engine))
        if await conn.fetchval("SELECT pg_try_advisory_lock($1)", _ALIVE_LOCK):
            return True
        # waits while the first process after an outage is starting
        await conn.execute("SELECT pg_advisory_lock_shared($1)", _ALIVE_LOCK)
        return False

    async def share_alive(self) -> None:
        if self._alive is not None:  # a session's own locks never conflict: shared, then
            await self._alive.execute("SELECT pg_advisory_lock_shared($1)", _ALIVE_LOCK)
            await self._alive.execute("SELECT pg_advisory_unlock($1)", _ALIVE_LOCK)

    async def save_pool(self) -> Any:
        """asyncpg's pool of the saves, made on first use (its connections too)."""
        if self._pool is None:
            async with self._pool_made:
                if self._pool is None:
                    self._pool = await asyncpg.create_pool(
                        min_size=0,
                        max_size=self._save_connections,
                        reset=_nothing_to_reset,
                        max_inactive_connection_lifetime=0,
                        **connect_arguments(self.engine),
                    )
        return self._pool

    async def save(
        self, table: TableRecord, expected_version: int, events: list[EventRecord]
    ) -> None:
        if not events:
            raise ValueError("a change has events")
        pool = self._pool or await self.save_pool()
        # the wait is bounded by asyncio.timeout, not acquire(timeout=…): that wraps every
        # acquire in a task of its own (asyncio.wait_for), which cost more than the rest
        async with asyncio.timeout(ACQUIRE_TIMEOUT):
            conn = await pool.acquire()
        try:
            status: str = await conn.execute(SAVE, *save_args(table, expected_version, events))
        finally:
            await pool.release(conn)
        if saved_events(status) != len(events):
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    async def close(self) -> None:
        if self._alive is not None:
            alive, self._alive = self._alive, None
            try:
                await asyncio.wait_for(alive.close(), 5)
            except (TimeoutError, OSError, asyncpg.PostgresError):
                alive.terminate()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            try:
                await asyncio.wait_for(pool.close(), 5)
            except TimeoutError:
                pool.terminate()
        for writer in self._aside.values():
            await writer.close()
        self._aside.clear()
        await self.engine.dispose()
