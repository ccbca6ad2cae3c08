"""The hot save on PostgreSQL runs straight on asyncpg (``reversi/storage/direct.py``):
the same row, events and trimming as the SQLAlchemy writes, the version check, one
statement, and a small pool that survives broken and cancelled connections."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from sqlalchemy import event, text

from reversi.server.settings import Settings
from reversi.server.tables import new_table
from reversi.storage.db import Database, open_database
from reversi.storage.direct import DirectPool
from reversi.storage.repository import (
    Conflict,
    EventRecord,
    PlayerRecord,
    Repository,
    TableRecord,
    Writes,
)
from tests.server.conftest import postgres_database

pytestmark = pytest.mark.anyio

#: JSON that an encoder could get wrong: non-ASCII, escapes, nesting, floats, nulls
ODD = {"text": "Ebenholz zieht d3 – „Grüße“ ß\n\t\"\\ 🙂", "nested": [[1, [2.5, None]], {}],
       "float": 0.1 + 0.2, "big": 2**53 + 1, "neg": -1e-300, "empty": "", "flag": True}


@pytest.fixture
def pg_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.fixture
async def repo(pg_url: str) -> AsyncIterator[Repository]:
    db = await open_database(pg_url)
    try:
        yield Repository(db)
    finally:
        await db.close()


async def opened(repo: Repository, code: str) -> TableRecord:
    async with repo.write() as tx:
        if await tx.player("p") is None:
            await tx.add_player(PlayerRecord("p", "Perle", 0, 0.0))
        return await tx.add_table(new_table(code, "p", "Perle", 0.0, Settings()))


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
    return [EventRecord(version - 1, "move", {"square": "d3", "odd": ODD}, None, 1.25),
            EventRecord(version, "mute", {"seat": 0, "muted": True}, 0, 1764440000.000001)]


async def stored(repo: Repository, code: str) -> tuple[TableRecord, list[EventRecord]]:
    async with repo.read() as tx:
        table = await tx.table(code)
        assert table is not None and table.id is not None
        return table, await tx.events_after(table.id, 0)


async def test_the_direct_save_reads_back_exactly_as_the_sqlalchemy_writes(
        repo: Repository) -> None:
    direct, generic = await opened(repo, "DIRECT"), await opened(repo, "GENERIC")
    await repo.save(changed(direct, 2), 0, events_of(2))

    def write(w: Writes) -> None:
        w.save_table(changed(generic, 2), 0)
        w.add_events(generic.id or 0, events_of(2))

    await repo.transaction(write)
    (a, a_events), (b, b_events) = await stored(repo, "DIRECT"), await stored(repo, "GENERIC")
    differ = {"id", "code", "secret0", "secret1"}
    assert {k: v for k, v in dataclasses.asdict(a).items() if k not in differ} == {
        k: v for k, v in dataclasses.asdict(b).items() if k not in differ}
    assert a_events == b_events == events_of(2)
    assert a.rules["odd"] == ODD and a.extra["names"] == ["Perle", "Öl"]
    assert a.turn_deadline == 1764440060.654321  # floats exactly, not through text
    # what PostgreSQL holds is JSON of the same values (json, not text in a json column)
    async with repo.db.read() as conn:
        kinds = (await conn.execute(text(
            "SELECT json_typeof(payload), payload->'odd'->>'text' FROM table_events "
            "WHERE table_id = :t ORDER BY version"), {"t": direct.id})).all()
    assert kinds == [("object", ODD["text"]), ("object", None)]


async def test_a_stale_direct_save_is_a_conflict_and_writes_nothing(repo: Repository) -> None:
    table = await opened(repo, "STALE1")
    await repo.save(changed(table, 2), 0, events_of(2))
    stale = changed(table, 3)
    stale.moves = "written by the loser"
    with pytest.raises(Conflict):
        await repo.save(stale, 0, [EventRecord(3, "move", {"square": "e6"})])
    row, events = await stored(repo, "STALE1")
    assert row.version == 2 and row.moves == "d3c5"
    assert [e.version for e in events] == [1, 2]
    # the version it expects is the one stored: saving from there works
    await repo.save(stale, 2, [EventRecord(3, "move", {"square": "e6"})])
    row, events = await stored(repo, "STALE1")
    assert row.version == 3 and row.moves == "written by the loser"
    assert [e.version for e in events] == [1, 2, 3]


async def test_the_direct_save_keeps_the_last_events_and_trims_on_every_twentieth(
        repo: Repository) -> None:
    table = await opened(repo, "TRIM01")
    version = 0
    while version < 219:  # two events per save: 2, 4, …, 218, then 219 alone
        step = 2 if version + 2 <= 218 else 1
        table.version = version + step
        events = [EventRecord(v, "rules", {"n": v}) for v in range(version + 1, version + step + 1)]
        await repo.save(table, version, events)
        version += step
    _, events = await stored(repo, "TRIM01")
    # the last trim ran at 200 (200 - 200 = 0: nothing yet); 219 is no multiple of 20
    assert [e.version for e in events] == list(range(1, 220))
    table.version = 220
    await repo.save(table, 219, [EventRecord(220, "rules", {"n": 220})])
    _, events = await stored(repo, "TRIM01")
    assert [e.version for e in events] == list(range(21, 221))
    assert events[-1].payload == {"n": 220}


async def test_the_direct_save_takes_no_sqlalchemy_connection(repo: Repository) -> None:
    table = await opened(repo, "QUIET1")
    checkouts: list[Any] = []

    def checkout(*args: Any) -> None:
        checkouts.append(args)

    event.listen(repo.db.writer.sync_engine, "checkout", checkout)
    try:
        for version in range(1, 11):
            table.version = version
            await repo.save(table, version - 1, [EventRecord(version, "rules", {})])
    finally:
        event.remove(repo.db.writer.sync_engine, "checkout", checkout)
    assert checkouts == []
    assert repo.db.direct is not None and repo.db.direct.connects == 1  # prepared, reused


def direct_pool(db: Database, size: int) -> DirectPool:
    assert db.direct is not None
    return DirectPool(db.direct._kwargs, size=size)


async def test_the_pool_survives_killed_and_cancelled_connections(repo: Repository) -> None:
    pool = direct_pool(repo.db, 2)
    try:
        # more statements at once than connections: they wait their turn
        statuses = await asyncio.gather(*(pool.execute("SELECT pg_sleep(0.02)")
                                          for _ in range(8)))
        assert statuses == ["SELECT 1"] * 8 and pool.connects == 2
        # the server ends every connection of the pool (as in a restart)
        async with repo.db.read() as conn:
            await conn.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND query LIKE 'SELECT pg_sleep%'"))
        await asyncio.sleep(0.2)
        assert await pool.execute("SELECT 1") == "SELECT 1"
        assert pool.connects == 3  # the dead one was replaced, not used
        # a statement cancelled half-way gives its slot back, and a new connection
        slow = asyncio.create_task(pool.execute("SELECT pg_sleep(10)"))
        await asyncio.sleep(0.2)
        slow.cancel()
        with pytest.raises(asyncio.CancelledError):
            await slow
        results = await asyncio.gather(*(pool.execute("SELECT 2") for _ in range(4)))
        assert results == ["SELECT 1"] * 4
        # a statement the server refuses leaves its connection usable
        with pytest.raises(Exception, match="division by zero"):
            await pool.execute("SELECT 1 / $1::int", 0)
        assert await pool.execute("SELECT $1::int", 7) == "SELECT 1"
        assert pool._free.qsize() == 2  # every slot is back
    finally:
        await pool.close()
