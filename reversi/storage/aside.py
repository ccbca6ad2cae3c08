"""PostgreSQL's write transactions beside the event loop: for the long ones, whose
Python work (SQLAlchemy turning rows into objects, what the function decides and
builds) would hold up every socket of the process, and each of whose statements would
wait for the loop to come round again — on a busy server, for every other task ready
to run. Each *lane* is a thread with an event loop and a small engine of its own: a
tournament's step in one, a game's end (the hall's points, ratings, the archive's
record) in another, so neither waits for the other's Python work. The server's loop
only waits for the answer; the pools are not the one moves and reads use, so a
transaction waiting for a lock here holds none of theirs.

SQLite needs none of this: its writes run in their own thread anyway
(``sqlite_writer``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from reversi.storage.rows import Rows

T = TypeVar("T")

#: connections of a lane's engine (the tournament steps serialize on one lock anyway:
#: another connection would only wait for it; waiting here, they hold none)
ASIDE_CONNECTIONS = 3


class AsideWriter:
    """Write transactions on a thread of their own (a lane), started on first use."""

    def __init__(self, url: str, lane: str, connections: int = ASIDE_CONNECTIONS) -> None:
        self.url = url
        self.lane = lane
        self.connections = connections
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._engine: AsyncEngine | None = None

    def _started(self) -> tuple[asyncio.AbstractEventLoop, AsyncEngine]:
        if self._loop is None or self._engine is None:
            loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=loop.run_forever, name=f"store-{self.lane}", daemon=True
            )
            self._thread.start()
            # no connection yet: the pool makes them on the thread's loop, where they stay
            self._engine = create_async_engine(self.url, pool_size=self.connections, max_overflow=0)
            self._loop = loop
        return self._loop, self._engine

    async def write(self, fn: Callable[[Rows], T]) -> T:
        """Runs ``fn`` in a write transaction on the thread; returns after the commit.
        Cancelled, the transaction is rolled back."""
        loop, engine = self._started()

        async def run() -> T:
            async with engine.begin() as conn:
                return await conn.run_sync(lambda c: fn(Rows(c)))

        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(run(), loop))

    async def close(self) -> None:
        loop, engine, thread = self._loop, self._engine, self._thread
        if loop is None or engine is None or thread is None:
            return
        self._loop = self._engine = self._thread = None
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(engine.dispose(), loop))
        loop.call_soon_threadsafe(loop.stop)
        await asyncio.to_thread(thread.join, 5.0)
        if not thread.is_alive():
            loop.close()
