"""The hot save on PostgreSQL runs straight on asyncpg's pool
(``reversi/storage/postgres.py``): the same row, events and trimming as the SQLAlchemy
statements, the version check, one statement, and a pool that survives broken and
cancelled connections."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from sqlalchemy import event, text

from reversi.duel.table import new_table
from reversi.server.settings import Settings, duel_rules
from reversi.storage import (
    Conflict,
    EventRecord,
    PlayerRecord,
    Rows,
    TableRecord,
    async_url,
    open_store,
)
from reversi.storage.postgres import PostgresStore
from tests.app_fixtures import postgres_database

pytestmark = pytest.mark.anyio

#: JSON that an encoder could get wrong: non-ASCII, escapes, nesting, floats, nulls
ODD = {
    "text": 'Ebenholz zieht d3 – „Grüße“ ß\n\t"\\ 🙂',
    "nested": [[1, [2.5, None]], {}],
    "float": 0.1 + 0.2,
    "big": 2**53 + 1,
    "neg": -1e-300,
    "empty": "",
    "flag": True,
}


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.fixture
async def store(pg_url: str) -> AsyncIterator[PostgresStore]:
    opened = await open_store(pg_url)
    assert isinstance(opened, PostgresStore)
    try:
        yield opened
    finally:
        await opened.close()


async def opened(store: PostgresStore, code: str) -> TableRecord:
    def add(rows: Rows) -> TableRecord:
        if rows.player("p") is None:
            rows.add_player(PlayerRecord("p", "Perle", 0, 0.0))
        return rows.add_table(new_table(code, "p", "Perle", 0.0, duel_rules(Settings())))

    return await store.write(add)


def changed(table: TableRecord, version: int) -> TableRecord:
    table = table.copy()
    table.version = version
    table.status = "playing"
    table.moves = "d3c5"
    table.rules = {**table.rules, "odd": ODD}
    table.extra = {**table.extra, "cids": ["a", "b"], "odd": ODD, "names": ["Perle", "Öl"]}
    table.turn_started_at, table.turn_deadline = 1764440000.123456, 1764440060.654321
    table.updated_at = 1764440000.5
    return table


def events_of(version: int) -> list[EventRecord]:
    return [
        EventRecord(version - 1, "move", {"square": "d3", "odd": ODD}, None, 1.25),
        EventRecord(version, "mute", {"seat": 0, "muted": True}, 0, 1764440000.000001),
    ]


async def stored(store: PostgresStore, code: str) -> tuple[TableRecord, list[EventRecord]]:
    def read(rows: Rows) -> tuple[TableRecord, list[EventRecord]]:
        table = rows.table(code)
        assert table is not None and table.id is not None
        return table, rows.events_after(table.id, 0)

    return await store.read(read)


async def test_the_direct_save_reads_back_exactly_as_the_sqlalchemy_writes(
    store: PostgresStore,
) -> None:
    direct, generic = await opened(store, "DIRECT"), await opened(store, "GENERIC")
    await store.save(changed(direct, 2), 0, events_of(2))

    def write(rows: Rows) -> None:
        rows.save_table(changed(generic, 2), 0)
        rows.add_events(generic.id or 0, events_of(2))

    await store.write(write)
    (a, a_events), (b, b_events) = await stored(store, "DIRECT"), await stored(store, "GENERIC")
    differ = {"id", "code", "secret0", "secret1"}
    assert {k: v for k, v in dataclasses.asdict(a).items() if k not in differ} == {
        k: v for k, v in dataclasses.asdict(b).items() if k not in differ
    }
    assert a_events == b_events == events_of(2)
    assert a.rules["odd"] == ODD and a.extra["names"] == ["Perle", "Öl"]
    assert a.turn_deadline == 1764440060.654321  # floats exactly, not through text
    # what PostgreSQL holds is JSON of the same values (json, not text in a json column)
    kinds = await store.read(
        lambda rows: rows.conn.execute(
            text(
                "SELECT json_typeof(payload), payload->'odd'->>'text' FROM table_events "
                "WHERE table_id = :t ORDER BY version"
            ),
            {"t": direct.id},
        ).all()
    )
    assert kinds == [("object", ODD["text"]), ("object", None)]


async def test_a_stale_direct_save_is_a_conflict_and_writes_nothing(store: PostgresStore) -> None:
    table = await opened(store, "STALE1")
    await store.save(changed(table, 2), 0, events_of(2))
    stale = changed(table, 3)
    stale.moves = "written by the loser"
    with pytest.raises(Conflict):
        await store.save(stale, 0, [EventRecord(3, "move", {"square": "e6"})])
    row, events = await stored(store, "STALE1")
    assert row.version == 2 and row.moves == "d3c5"
    assert [e.version for e in events] == [1, 2]
    # the version it expects is the one stored: saving from there works
    await store.save(stale, 2, [EventRecord(3, "move", {"square": "e6"})])
    row, events = await stored(store, "STALE1")
    assert row.version == 3 and row.moves == "written by the loser"
    assert [e.version for e in events] == [1, 2, 3]


async def test_the_direct_save_keeps_the_last_events_and_trims_on_every_twentieth(
    store: PostgresStore,
) -> None:
    table = await opened(store, "TRIM01")
    version = 0
    while version < 219:  # two events per save: 2, 4, …, 218, then 219 alone
        step = 2 if version + 2 <= 218 else 1
        table.version = version + step
        events = [EventRecord(v, "rules", {"n": v}) for v in range(version + 1, version + step + 1)]
        await store.save(table, version, events)
        version += step
    _, events = await stored(store, "TRIM01")
    # the last trim ran at 200 (200 - 200 = 0: nothing yet); 219 is no multiple of 20
    assert [e.version for e in events] == list(range(1, 220))
    table.version = 220
    await store.save(table, 219, [EventRecord(220, "rules", {"n": 220})])
    _, events = await stored(store, "TRIM01")
    assert [e.version for e in events] == list(range(21, 221))
    assert events[-1].payload == {"n": 220}


async def test_the_direct_save_takes_no_sqlalchemy_connection_and_one_of_its_own(
    store: PostgresStore,
) -> None:
    table = await opened(store, "QUIET1")
    checkouts: list[Any] = []
    statements: list[str] = []

    def checkout(*args: Any) -> None:
        checkouts.append(args)

    event.listen(store.engine.sync_engine, "checkout", checkout)
    try:
        pool = await store.save_pool()
        for version in range(1, 11):
            table.version = version
            await store.save(table, version - 1, [EventRecord(version, "rules", {})])
        async with pool.acquire() as conn:
            conn.add_query_logger(lambda record: statements.append(record.query))
            table.version = 11
            # nothing runs on release (no reset query): the save is its round trip alone
        await store.save(table, 10, [EventRecord(11, "rules", {})])
    finally:
        event.remove(store.engine.sync_engine, "checkout", checkout)
    assert checkouts == []
    assert pool.get_size() == 1  # one connection, prepared once and reused
    assert len(statements) == 1 and "WITH saved AS" in statements[0]


async def backends(store: PostgresStore, like: str) -> int:
    return int(
        await store.read(
            lambda rows: rows.conn.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND query LIKE :q"
                ),
                {"q": like},
            ).scalar_one()
        )
    )


async def test_the_save_pool_survives_killed_and_cancelled_connections(pg_url: str) -> None:
    store = PostgresStore(async_url(pg_url), save_connections=2)
    await store.migrate()
    try:
        tables = [await opened(store, f"POOL{i}") for i in range(8)]
        for t in tables:
            t.version = 1
        # more saves at once than connections: they wait their turn
        await asyncio.gather(*(store.save(t, 0, [EventRecord(1, "rules", {})]) for t in tables))
        pool = await store.save_pool()
        assert pool.get_size() == 2
        # the server ends every connection of the pool (as in a restart)
        await store.read(
            lambda rows: rows.conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND query LIKE '%WITH saved AS%'"
                )
            )
        )
        await asyncio.sleep(0.2)
        failed = 0
        for t in tables:
            t.version = 2
            try:
                await store.save(t, 1, [EventRecord(2, "rules", {})])
            except Exception:  # at most once per killed connection
                failed += 1
                await store.save(t, 1, [EventRecord(2, "rules", {})])
        assert failed <= 2
        # a save cancelled half-way gives its connection back (or a new one)
        async with pool.acquire() as conn:
            slow = asyncio.create_task(conn.execute("SELECT pg_sleep(10)"))
            await asyncio.sleep(0.2)
            slow.cancel()
            with pytest.raises(asyncio.CancelledError):
                await slow
        for t in tables:
            t.version = 3
        await asyncio.gather(*(store.save(t, 2, [EventRecord(3, "rules", {})]) for t in tables))
        rows = await store.read(lambda rows: [rows.table(t.code) for t in tables])
        assert [r.version for r in rows if r] == [3] * 8
        assert await backends(store, "SELECT pg_sleep%") == 0
    finally:
        await store.close()
