"""SQLite's writer thread, the store's only writer: whole write transactions in one
hop, several at a time.

aiosqlite hops to its thread for every cursor, statement and fetch, and a writer holds
SQLite's lock all along; on a busy machine every hop also waits for the scheduler, so
writes one after the other top out at a few hundred a second. Here the writes that
come in while a transaction runs go together into the next one, each in a savepoint
of its own (one that fails takes nothing else with it), and every caller hears back
only after the commit — so nothing is announced before it is stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.engine import Connection, Engine

T = TypeVar("T")
Write = Callable[[Connection], Any]


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-writer")
        self._queue: list[tuple[Write, asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None
        self.transactions = self.writes = 0

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Runs ``fn`` in the next write transaction; returns once it is committed."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((fn, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="sqlite-writer")
        return await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                outcomes = await loop.run_in_executor(
                    self._thread, self._write, [fn for fn, _ in batch]
                )
            except Exception as error:  # the transaction failed as a whole
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            except asyncio.CancelledError:
                for _, future in batch:
                    future.cancel()
                raise
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():  # its caller was cancelled meanwhile
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _write(self, fns: list[Write]) -> list[tuple[bool, Any]]:
        """In the writer thread: one transaction for all of ``fns``."""
        self.transactions += 1
        self.writes += len(fns)
        outcomes: list[tuple[bool, Any]] = []
        with self.engine.begin() as conn:
            if len(fns) == 1:
                outcomes.append((True, fns[0](conn)))
                return outcomes
            # plain savepoints: SQLAlchemy's nested transactions cost more than the writes
            raw: Any = conn.connection.driver_connection
            for fn in fns:
                raw.execute("SAVEPOINT write")
                try:
                    outcomes.append((True, fn(conn)))
                except Exception as error:
                    raw.execute("ROLLBACK TO write")
                    outcomes.append((False, error))
                raw.execute("RELEASE write")
        return outcomes

    async def close(self) -> None:
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.engine.dispose)
        self._thread.shutdown()
