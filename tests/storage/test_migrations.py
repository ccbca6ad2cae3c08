"""Storage: the migrations build exactly the schema, SQLite takes the lock up front and
writes in one thread, the backend comes from the URL, and the storage layer knows
nothing of the web."""

from __future__ import annotations

import ast
import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import event, text

from reversi.duel.table import new_table
from reversi.server.settings import Settings, duel_rules
from reversi.storage import (
    Conflict,
    EventRecord,
    PlayerRecord,
    Rows,
    Store,
    TableRecord,
    async_url,
    make_store,
    open_store,
)
from reversi.storage.postgres import PostgresStore
from reversi.storage.schema import METADATA
from reversi.storage.sqlite import SqliteStore

pytestmark = pytest.mark.anyio

RULES = duel_rules(Settings())


async def test_migrations_match_the_schema_and_run_twice(store: Store) -> None:
    await store.migrate()  # again: nothing to do
    diff = await store.read(
        lambda rows: list(compare_metadata(MigrationContext.configure(rows.conn), METADATA))
    )
    assert diff == []
    version = await store.read(
        lambda rows: rows.conn.execute(text("SELECT version_num FROM alembic_version")).all()
    )
    assert version == [("0007",)]


async def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(sqlite_url: str, tmp_path: Path) -> None:
    store = await open_store(sqlite_url)
    try:

        def check(rows: Rows) -> None:
            pragma = rows.conn.exec_driver_sql
            assert pragma("PRAGMA journal_mode").scalar() == "wal"
            assert (pragma("PRAGMA busy_timeout").scalar() or 0) >= 1000
            # the writer's transaction holds the write lock already: BEGIN IMMEDIATE
            other = sqlite3.connect(tmp_path / "duels.sqlite3", timeout=0, isolation_level=None)
            try:
                with pytest.raises(sqlite3.OperationalError, match="database is locked"):
                    other.execute("BEGIN IMMEDIATE")
            finally:
                other.close()

        await store.write(check)
    finally:
        await store.close()


def test_the_url_chooses_the_backend_and_names_the_async_driver(tmp_path: Path) -> None:
    assert async_url("postgresql://u@h/db") == "postgresql+asyncpg://u@h/db"
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert isinstance(make_store(f"sqlite:///{tmp_path / 'x.db'}"), SqliteStore)
    assert isinstance(make_store("postgresql://u@h/db"), PostgresStore)
    with pytest.raises(ValueError, match="no store for 'mysql'"):
        make_store("mysql://u@h/db")


def test_storage_imports_nothing_of_the_web() -> None:
    storage = Path(__file__).resolve().parents[2] / "reversi" / "storage"
    for path in storage.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not name.startswith(("starlette", "uvicorn", "reversi.server")), (
                    f"{path.name} imports {name}"
                )


async def added(store: Store, tables: list[TableRecord]) -> list[TableRecord]:
    def add(rows: Rows) -> list[TableRecord]:
        if rows.player("p") is None:
            rows.add_player(PlayerRecord("p", "Perle", 0, 0.0))
        return [rows.add_table(table) for table in tables]

    return await store.write(add)


async def stored(
    store: Store, tables: list[TableRecord]
) -> tuple[list[TableRecord | None], list[list[EventRecord]]]:
    return await store.read(
        lambda rows: (
            [rows.table(t.code) for t in tables],
            [rows.events_after(t.id or 0, 0) for t in tables],
        )
    )


async def test_writes_that_wait_together_commit_together_and_fail_alone(store: Store) -> None:
    tables = await added(store, [new_table(f"CODE{i}", "p", "Perle", 0.0, RULES) for i in range(6)])

    def bump(table: TableRecord, expected: int) -> Callable[[Rows], int]:
        def write(rows: Rows) -> int:
            table.version = expected + 1
            rows.save_table(table, expected)
            rows.add_events(table.id or 0, [EventRecord(table.version, "rules", {})])
            return table.version

        return write

    writes = [store.write(bump(t, 0 if i != 3 else 7)) for i, t in enumerate(tables)]
    outcomes = await asyncio.gather(*writes, return_exceptions=True)
    assert [type(o).__name__ for o in outcomes] == ["int"] * 3 + ["Conflict"] + ["int"] * 2
    rows, events = await stored(store, tables)
    assert [t.version for t in rows if t] == [1, 1, 1, 0, 1, 1]
    assert [len(e) for e in events] == [1, 1, 1, 0, 1, 1]  # the failed one left nothing


async def test_a_save_from_a_stale_version_writes_nothing_and_old_events_go(store: Store) -> None:
    [table] = await added(store, [new_table("CODE1", "p", "Perle", 0.0, RULES)])
    for version in range(1, 221):
        table.version = version
        await store.save(table, version - 1, [EventRecord(version, "rules", {"n": version})])
    table.version = 999
    with pytest.raises(Conflict):
        await store.save(table, 7, [EventRecord(999, "rules", {})])
    [row], [events] = await stored(store, [table])
    assert row is not None and row.version == 220
    assert [e.version for e in events] == list(range(21, 221))  # the last 200 are kept
    assert events[-1].payload == {"n": 220}


async def test_a_failing_write_in_a_group_leaves_nothing_and_the_others_commit(
    sqlite_url: str,
) -> None:
    store = await open_store(sqlite_url)
    assert isinstance(store, SqliteStore)
    try:
        tables = await added(
            store, [new_table(f"CODE{i}", "p", "Perle", 0.0, RULES) for i in range(4)]
        )

        def write(table: TableRecord, fail: bool) -> Callable[[Rows], None]:
            def run(rows: Rows) -> None:
                rows.add_events(table.id or 0, [EventRecord(1, "rules", {})])
                table.version = 1
                rows.save_table(table, 0)
                if fail:  # after its statements ran: they must be undone
                    raise RuntimeError("boom")

            return run

        before = store.writer.transactions
        outcomes = await asyncio.gather(
            *(store.write(write(t, i == 2)) for i, t in enumerate(tables)), return_exceptions=True
        )
        assert store.writer.transactions == before + 1  # one commit
        assert [type(o).__name__ for o in outcomes] == ["NoneType"] * 2 + [
            "RuntimeError",
            "NoneType",
        ]
        rows, events = await stored(store, tables)
        assert [t.version for t in rows if t] == [1, 1, 0, 1]
        assert [len(e) for e in events] == [1, 1, 0, 1]
    finally:
        await store.close()


async def test_sqlite_has_one_writer_and_writers_hear_back_only_after_the_commit(
    sqlite_url: str,
) -> None:
    store = await open_store(sqlite_url)
    assert isinstance(store, SqliteStore)
    gate = threading.Event()
    commits: list[int] = []
    threads: set[str] = set()

    def on_commit(conn: object) -> None:
        gate.wait(10)  # the COMMIT waits here, in the writer thread, until the test says
        commits.append(1)

    event.listen(store.writer.engine, "commit", on_commit)
    try:

        def insert(key: str) -> Callable[[Rows], Any]:
            def run(rows: Rows) -> Any:
                threads.add(threading.current_thread().name)
                return rows.conn.exec_driver_sql(
                    "INSERT INTO meta (key, value) VALUES (?, 1)", (key,)
                )

            return run

        writes = [asyncio.ensure_future(store.write(insert(f"k{i}"))) for i in range(3)]
        for _ in range(20):
            await asyncio.sleep(0.01)
            assert not any(w.done() for w in writes)  # the commit has not happened yet
        gate.set()
        await asyncio.gather(*writes)
        assert commits
        count = await store.read(
            lambda rows: rows.conn.exec_driver_sql(
                "SELECT count(*) FROM meta WHERE key LIKE 'k%'"
            ).scalar()
        )
        assert count == 3
        # the hot save and the hall's writes go the same way, in the same thread
        [table] = await added(store, [new_table("ONE1", "p", "Perle", 0.0, RULES)])
        table.version = 1
        await store.save(table, 0, [EventRecord(1, "rules", {})])
        await store.write(lambda rows: threads.add(threading.current_thread().name))
        assert len(threads) == 1 and threads.pop().startswith("sqlite-writer")
    finally:
        gate.set()
        event.remove(store.writer.engine, "commit", on_commit)
        await store.close()
