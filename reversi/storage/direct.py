"""Single statements on PostgreSQL straight on asyncpg connections of their own.

The duel server saves a move with one statement (``writes.PG_SAVE``). Through
SQLAlchemy that statement cost several times what asyncpg needs to send it: the
pool checkout and return, the isolation level set and reset, the compiled
``text()`` and its parameters, and a greenlet hop for each of them. Here it is one
``Connection.execute`` on a connection of a small pool, prepared once per connection
(asyncpg's statement cache) and run outside any transaction: one round trip, the
commit included.

The connections are made with the arguments SQLAlchemy's asyncpg dialect derives
from the same URL (host, user, database, SSL and server settings from the query),
and they keep asyncpg's own codecs: the statements pass JSON as text and cast it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

#: connections per process; a save holds one for a single round trip
DIRECT_CONNECTIONS = 8
#: how long a statement waits for a free connection (SQLAlchemy's pool waits as long)
ACQUIRE_TIMEOUT = 30.0
#: arguments of SQLAlchemy's asyncpg adapter, not of asyncpg.connect
_ADAPTER_ARGUMENTS = ("prepared_statement_cache_size", "prepared_statement_name_func",
                      "async_fallback")


def connect_arguments(engine: AsyncEngine) -> dict[str, Any]:
    """The keyword arguments of ``asyncpg.connect`` for the engine's URL."""
    _, kwargs = engine.dialect.create_connect_args(make_url(engine.url))
    for name in _ADAPTER_ARGUMENTS:
        kwargs.pop(name, None)
    return dict(kwargs)


class DirectPool:
    """Up to ``size`` asyncpg connections, made when first needed and kept.

    A connection that broke (or a statement that was cancelled half-way) is dropped,
    and one found closed when it is taken is replaced: after a restart of the database
    at most one statement per open connection fails, as through SQLAlchemy's pool.
    """

    def __init__(self, connect_kwargs: dict[str, Any], size: int = DIRECT_CONNECTIONS) -> None:
        # imported here: asyncpg is the extra [postgres], SQLite needs none of it
        import asyncpg  # type: ignore[import-untyped]

        self._asyncpg = asyncpg
        self._kwargs = connect_kwargs
        #: the free slots: a connection, or None for one not made yet (the most
        #: recently used first, so that a quiet server keeps using few)
        self._free: asyncio.LifoQueue[Any] = asyncio.LifoQueue()
        for _ in range(size):
            self._free.put_nowait(None)
        self._closed = False
        #: connections made so far (tests and diagnostics)
        self.connects = 0

    async def execute(self, query: str, *args: Any) -> str:
        """Runs ``query`` with ``$1…`` parameters; returns its status (``"INSERT 0 1"``)."""
        conn = await self._acquire()
        try:
            status: str = await conn.execute(query, *args)
        except self._asyncpg.PostgresError:
            # the server refused the statement: the connection is fine unless it broke
            self._release(conn)
            raise
        except BaseException:
            # cancelled or cut off half-way: nobody knows the connection's state
            self._drop(conn)
            raise
        self._release(conn)
        return status

    async def _acquire(self) -> Any:
        if self._closed:
            raise RuntimeError("the database is closed")
        try:
            conn = self._free.get_nowait()
        except asyncio.QueueEmpty:
            async with asyncio.timeout(ACQUIRE_TIMEOUT):
                conn = await self._free.get()
        if conn is not None and not conn.is_closed():
            return conn
        if conn is not None:
            conn.terminate()
        try:
            conn = await self._asyncpg.connect(**self._kwargs)
        except BaseException:
            self._free.put_nowait(None)
            raise
        self.connects += 1
        return conn

    def _release(self, conn: Any) -> None:
        if conn.is_closed() or self._closed:
            self._drop(conn)
        else:
            self._free.put_nowait(conn)

    def _drop(self, conn: Any) -> None:
        conn.terminate()
        self._free.put_nowait(None)

    async def close(self) -> None:
        """Closes the free connections; those in use close when they come back."""
        self._closed = True
        while not self._free.empty():
            conn = self._free.get_nowait()
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close(timeout=2)
