"""Engines for SQLite (default) and PostgreSQL, and the migrations run at startup.

SQLite runs in WAL mode with a busy timeout, and every write transaction begins with
``BEGIN IMMEDIATE`` so that it takes the write lock up front: two writers then wait
for each other instead of failing with "database is locked" half-way. Reads use a
second engine whose transactions begin deferred. :meth:`Database.run_write` runs a
whole write transaction in one hop to a writer thread with a plain ``sqlite3``
connection, grouped with the writes that wait beside it (``sqlite_writer.py``).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from reversi.storage.direct import DirectPool, connect_arguments
from reversi.storage.models import Base
from reversi.storage.sqlite_writer import GroupWriter

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: how long SQLite waits for the write lock before giving up
BUSY_TIMEOUT_S = 30.0
#: any number, the same in every process: serialises migrations on PostgreSQL
_MIGRATION_LOCK = 0x5E7E551
T = TypeVar("T")


def database_url(data_dir: str | Path | None = None) -> str:
    """``REVERSI_DATABASE_URL``, or a SQLite file in the data directory."""
    url = os.environ.get("REVERSI_DATABASE_URL")
    if url:
        return async_url(url)
    directory = Path(data_dir or os.environ.get("REVERSI_DATA_DIR", "data"))
    return f"sqlite+aiosqlite:///{directory / 'reversi.sqlite3'}"


def async_url(url: str) -> str:
    """Names the async driver: ``postgresql://…`` → ``postgresql+asyncpg://…``."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    elif parsed.drivername == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


class Database:
    """A writer engine and a reader engine on the same database (one engine off SQLite)."""

    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self.is_sqlite = make_url(self.url).get_backend_name() == "sqlite"
        self._write_lock = asyncio.Lock() if self.is_sqlite else None
        self._group: GroupWriter | None = None
        #: single statements outside any transaction, straight on asyncpg (PostgreSQL)
        self.direct: DirectPool | None = None
        if self.is_sqlite:
            path = make_url(self.url).database
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.writer = _sqlite_engine(self.url, "BEGIN IMMEDIATE")
            self.reader = _sqlite_engine(self.url, "BEGIN")
            sync_url = make_url(self.url).set(drivername="sqlite+pysqlite")
            engine = _configured(create_engine(
                sync_url, pool_size=1, max_overflow=0,
                connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}),
                "BEGIN IMMEDIATE")
            assert self._write_lock is not None
            self._group = GroupWriter(engine, self._write_lock)
        else:
            # a pool big enough for the busy hour: connections made and dropped beyond it
            # cost a TCP and TLS handshake each
            # no ping before every use: it is a round trip per transaction, and a
            # connection that broke (the database restarted) fails one statement, which
            # makes SQLAlchemy drop the whole pool
            self.writer = create_async_engine(self.url, pool_size=24, max_overflow=8)
            self.reader = self.writer
            self.direct = DirectPool(connect_arguments(self.writer))

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """A transaction that holds the write lock (SQLite) from its first statement.

        On SQLite the process's writers also queue on an asyncio lock: waiting there is
        cheap, while SQLite's busy handler sleeps in steps of up to 100 ms.
        """
        if self._write_lock is None:
            async with self.writer.begin() as conn:
                yield conn
            return
        async with self._write_lock, self.writer.begin() as conn:
            yield conn

    async def run_write(self, fn: Callable[[Connection], T]) -> T:
        """Runs ``fn`` (synchronous statements) in a write transaction: its own, or on
        SQLite one shared with other writes (in a savepoint); returns after the commit."""
        if self._group is None:
            async with self.writer.begin() as conn:
                return await conn.run_sync(fn)
        return await self._group.run(fn)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        async with self.reader.begin() as conn:
            yield conn

    async def migrate(self) -> None:
        """Brings the schema to the newest revision (Alembic, batch mode on SQLite)."""
        async with self.writer.begin() as conn:
            if not self.is_sqlite:
                await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"),
                                   {"k": _MIGRATION_LOCK})
            await conn.run_sync(_upgrade, self.is_sqlite)

    async def close(self) -> None:
        if self._group is not None:
            await self._group.close()
        if self.direct is not None:
            await self.direct.close()
        await self.writer.dispose()
        if self.reader is not self.writer:
            await self.reader.dispose()


async def open_database(url: str) -> Database:
    """A migrated database."""
    db = Database(url)
    try:
        await db.migrate()
    except BaseException:
        await db.close()
        raise
    return db


def _sqlite_engine(url: str, begin: str) -> AsyncEngine:
    engine = create_async_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
    _configured(engine.sync_engine, begin)
    return engine


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


def alembic_config() -> Config:
    """The Alembic configuration, in code: there is no alembic.ini."""
    config = Config()
    config.set_main_option("path_separator", "os")
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("version_locations", str(MIGRATIONS / "versions"))
    return config


def _upgrade(connection: Connection, batch: bool) -> None:
    config = alembic_config()
    script = ScriptDirectory.from_config(config)

    def upgrade(rev: Any, context: Any) -> Any:
        return script._upgrade_revs("head", rev)

    with EnvironmentContext(config, script, fn=upgrade, destination_rev="head") as env:
        env.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=batch, transactional_ddl=not batch)
        env.run_migrations()
