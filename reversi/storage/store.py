"""The :class:`Store`: the one way in to the database, chosen by URL.

``sqlite…`` opens :class:`~reversi.storage.sqlite.SqliteStore` (the default, a file in
the data directory), ``postgresql…`` :class:`~reversi.storage.postgres.PostgresStore`.
Both run a function of :class:`~reversi.storage.rows.Rows` (and of the hall's
statements on ``rows.conn``) as one read or one write transaction, and save a table's
changed row with its events in the fastest way the database allows. The migrations
(``migrations/``) run at startup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from sqlalchemy.engine import make_url

from reversi.storage.records import EventRecord, TableRecord
from reversi.storage.rows import Rows

T = TypeVar("T")


class Store(Protocol):
    """A database of the hall: reads, writes and the hot save."""

    #: the URL it was opened with, naming the async driver
    url: str
    #: whether a write transaction reads rows locked (``SELECT … FOR UPDATE``), so that
    #: reading, deciding and writing in one transaction is the cheap way (PostgreSQL)
    locks_rows: bool

    async def migrate(self) -> None:
        """Brings the schema to the newest revision."""

    async def read(self, fn: Callable[[Rows], T]) -> T:
        """Runs ``fn`` in a read transaction."""

    async def write(self, fn: Callable[[Rows], T]) -> T:
        """Runs ``fn`` in a write transaction; returns after the commit. An exception
        from ``fn`` undoes what ``fn`` wrote and nothing else."""

    async def write_aside(self, fn: Callable[[Rows], T], lane: str) -> T:
        """:meth:`write` with ``fn`` run beside the event loop, for long transactions
        that must not hold up the loop's other tasks nor wait for them; writes of one
        ``lane`` may wait for each other's Python work, of different lanes not
        (``reversi.storage.aside``)."""

    async def save(
        self, table: TableRecord, expected_version: int, events: list[EventRecord]
    ) -> None:
        """Saves a changed row and its events if nobody wrote the row since
        ``expected_version``, else :class:`~reversi.storage.records.Conflict` (and
        nothing is written)."""

    async def claim_alive(self) -> bool | None:
        """Marks this process as one that has the store open, until :meth:`close` (or its
        death: the mark is a lock the database or the kernel drops with the process).
        True: no other process had it open, and none will learn that it does until
        :meth:`share_alive` (the first process after an outage credits it, alone);
        False: another process has it open; None: this store cannot tell."""

    async def share_alive(self) -> None:
        """After a True :meth:`claim_alive`: other processes may start now."""

    async def close(self) -> None: ...


def async_url(url: str) -> str:
    """Names the async driver: ``postgresql://…`` → ``postgresql+asyncpg://…``."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    elif parsed.drivername == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


def make_store(url: str) -> Store:
    """A store for ``url``, not yet migrated."""
    url = async_url(url)
    backend = make_url(url).get_backend_name()
    if backend == "sqlite":
        from reversi.storage.sqlite import SqliteStore

        return SqliteStore(url)
    if backend == "postgresql":
        from reversi.storage.postgres import PostgresStore

        return PostgresStore(url)
    raise ValueError(f"no store for {backend!r} databases: {url!r}")


async def open_store(url: str) -> Store:
    """A migrated store for ``url``."""
    store = make_store(url)
    try:
        await store.migrate()
    except BaseException:
        await store.close()
        raise
    return store
