"""Storage: the migrations build exactly the models, SQLite takes the lock up front,
and the storage layer knows nothing of the web."""

from __future__ import annotations

import ast
import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import event, text

from reversi.server.settings import Settings
from reversi.server.tables import new_table
from reversi.storage.db import Database, async_url, open_database
from reversi.storage.models import Base
from reversi.storage.repository import (
    Conflict,
    EventRecord,
    PlayerRecord,
    Repository,
    TableRecord,
    Writes,
)

pytestmark = pytest.mark.anyio


async def test_migrations_match_the_models_and_run_twice(db_url: str) -> None:
    db = await open_database(db_url)
    try:
        await db.migrate()  # again: nothing to do

        def diff(connection: object) -> list[object]:
            context = MigrationContext.configure(connection)  # type: ignore[arg-type]
            return list(compare_metadata(context, Base.metadata))

        async with db.read() as conn:
            assert await conn.run_sync(diff) == []
    finally:
        await db.close()


async def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(sqlite_url: str) -> None:
    db = await open_database(sqlite_url)
    try:
        async with db.write() as conn:
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert ((await conn.execute(text("PRAGMA busy_timeout"))).scalar() or 0) >= 1000
            # the writer's transaction holds the write lock already: BEGIN IMMEDIATE
            async with db.reader.connect() as other:
                await other.exec_driver_sql("PRAGMA busy_timeout=0")
                with pytest.raises(Exception, match="database is locked"):
                    await other.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        await db.close()


def test_database_urls_name_the_async_drivers() -> None:
    assert async_url("postgresql://u@h/db") == "postgresql+asyncpg://u@h/db"
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert Database.__init__ is not None


def test_storage_imports_nothing_of_the_web() -> None:
    storage = Path(__file__).resolve().parents[2] / "reversi" / "storage"
    for path in storage.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("starlette", "uvicorn", "reversi.server")), (
                    f"{path.name} imports {name}")


async def test_writes_that_wait_together_commit_together_and_fail_alone(db_url: str) -> None:
    db = await open_database(db_url)
    repo = Repository(db)
    try:
        async with repo.write() as tx:
            await tx.add_player(PlayerRecord("p", "Perle", 0, 0.0))
        tables = [new_table(f"CODE{i}", "p", "Perle", 0.0, Settings()) for i in range(6)]
        async with repo.write() as tx:
            for table in tables:
                await tx.add_table(table)

        def bump(table: TableRecord, expected: int) -> Callable[[Writes], int]:
            def write(w: Writes) -> int:
                table.version = expected + 1
                w.save_table(table, expected)
                w.add_events(table.id or 0, [EventRecord(table.version, "rules", {})])
                return table.version
            return write

        writes = [repo.transaction(bump(t, 0 if i != 3 else 7)) for i, t in enumerate(tables)]
        outcomes = await asyncio.gather(*writes, return_exceptions=True)
        assert [type(o).__name__ for o in outcomes] == ["int"] * 3 + ["Conflict"] + ["int"] * 2
        async with repo.read() as tx:
            stored = [await tx.table(t.code) for t in tables]
            events = [await tx.events_after(t.id or 0, 0) for t in tables]
        assert [t.version for t in stored if t] == [1, 1, 1, 0, 1, 1]
        assert [len(e) for e in events] == [1, 1, 1, 0, 1, 1]  # the failed one left nothing
    finally:
        await db.close()


async def test_a_save_from_a_stale_version_writes_nothing_and_old_events_go(db_url: str) -> None:
    db = await open_database(db_url)
    repo = Repository(db)
    try:
        async with repo.write() as tx:
            await tx.add_player(PlayerRecord("p", "Perle", 0, 0.0))
            table = await tx.add_table(new_table("CODE1", "p", "Perle", 0.0, Settings()))
        for version in range(1, 221):
            table.version = version
            await repo.save(table, version - 1, [EventRecord(version, "rules", {"n": version})])
        table.version = 999
        with pytest.raises(Conflict):
            await repo.save(table, 7, [EventRecord(999, "rules", {})])
        async with repo.read() as tx:
            stored = await tx.table("CODE1")
            events = await tx.events_after(table.id or 0, 0)
        assert stored is not None and stored.version == 220
        assert [e.version for e in events] == list(range(21, 221))  # the last 200 are kept
        assert events[-1].payload == {"n": 220}
    finally:
        await db.close()


async def test_a_failing_write_in_a_group_leaves_nothing_and_the_others_commit(
        sqlite_url: str) -> None:
    db = await open_database(sqlite_url)
    repo = Repository(db)
    try:
        async with repo.write() as tx:
            await tx.add_player(PlayerRecord("p", "Perle", 0, 0.0))
            tables = [await tx.add_table(new_table(f"CODE{i}", "p", "Perle", 0.0, Settings()))
                      for i in range(4)]

        def write(table: TableRecord, fail: bool) -> Callable[[Writes], None]:
            def run(w: Writes) -> None:
                w.add_events(table.id or 0, [EventRecord(1, "rules", {})])
                table.version = 1
                w.save_table(table, 0)
                if fail:  # after its statements ran: they must be undone
                    raise RuntimeError("boom")
            return run

        before = db._group.transactions if db._group else 0
        outcomes = await asyncio.gather(
            *(repo.transaction(write(t, i == 2)) for i, t in enumerate(tables)),
            return_exceptions=True)
        assert db._group is not None and db._group.transactions == before + 1  # one commit
        assert [type(o).__name__ for o in outcomes] == ["NoneType"] * 2 + ["RuntimeError",
                                                                          "NoneType"]
        async with repo.read() as tx:
            stored = [await tx.table(t.code) for t in tables]
            events = [await tx.events_after(t.id or 0, 0) for t in tables]
        assert [t.version for t in stored if t] == [1, 1, 0, 1]
        assert [len(e) for e in events] == [1, 1, 0, 1]
    finally:
        await db.close()


async def test_writers_hear_back_only_after_the_commit(sqlite_url: str) -> None:
    db = await open_database(sqlite_url)
    assert db._group is not None
    gate = threading.Event()
    commits: list[int] = []

    def on_commit(conn: object) -> None:
        gate.wait(10)  # the COMMIT waits here, in the writer thread, until the test says
        commits.append(1)

    event.listen(db._group.engine, "commit", on_commit)
    try:
        def insert(key: str) -> Callable[[Any], Any]:
            return lambda c: c.exec_driver_sql("INSERT INTO meta (key, value) VALUES (?, 1)",
                                               (key,))

        writes = [asyncio.ensure_future(db.run_write(insert(f"k{i}"))) for i in range(3)]
        for _ in range(20):
            await asyncio.sleep(0.01)
            assert not any(w.done() for w in writes)  # the commit has not happened yet
        gate.set()
        await asyncio.gather(*writes)
        assert commits
        async with db.read() as conn:
            count = (await conn.execute(text("SELECT count(*) FROM meta WHERE key LIKE 'k%'"))
                     ).scalar()
        assert count == 3
    finally:
        gate.set()
        event.remove(db._group.engine, "commit", on_commit)
        await db.close()
