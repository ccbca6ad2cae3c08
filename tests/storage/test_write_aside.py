"""Writes beside the event loop (``Store.write_aside``, ``reversi/storage/aside.py``), on
SQLite and PostgreSQL: the function runs on another thread and its transaction commits
or rolls back as a write's does; a lane busy with a long transaction holds up neither
the loop nor another lane; on PostgreSQL a transaction waiting for a lock there holds
no connection of the store's own pool. A game's end is saved in its lane."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from reversi.server.duel_server import DuelServer
from reversi.server.duels import saving, table_commits
from reversi.server.wall_clock import ManualClock
from reversi.storage import PlayerRecord, Rows, Store
from reversi.storage.postgres import PostgresStore
from tests.app_fixtures import make_settings
from tests.server.helpers import view
from tests.server.tournament_helpers import finish

pytestmark = pytest.mark.anyio


def add(rows: Rows, player_id: str) -> int:
    rows.add_player(PlayerRecord(id=player_id, nickname=player_id, generation=0, created_at=0.0))
    return threading.get_ident()


async def test_a_write_aside_runs_on_another_thread_and_commits(store: Store) -> None:
    ran_on = await store.write_aside(lambda rows: add(rows, "beside"), "one")
    assert ran_on != threading.get_ident()
    assert await store.read(lambda rows: rows.player("beside")) is not None

    def fails(rows: Rows) -> None:
        add(rows, "undone")
        raise ValueError("no")

    with pytest.raises(ValueError):
        await store.write_aside(fails, "one")
    assert await store.read(lambda rows: rows.player("undone")) is None


async def test_a_busy_lane_holds_up_neither_the_loop_nor_another_lane(store: Store) -> None:
    if not isinstance(store, PostgresStore):
        pytest.skip("SQLite writes one transaction at a time, in its writer's thread")

    def slow(rows: Rows) -> None:
        add(rows, "slow")
        time.sleep(1.0)  # Python work that holds its thread

    began = time.perf_counter()
    long = asyncio.create_task(store.write_aside(slow, "one"))
    await asyncio.sleep(0.1)
    ticks = 0
    other = asyncio.create_task(store.write_aside(lambda rows: add(rows, "quick"), "two"))
    while not other.done():
        await asyncio.sleep(0.01)
        ticks += 1
    assert time.perf_counter() - began < 0.9 and not long.done()
    await long
    assert ticks >= 1


async def test_waiting_for_a_lock_aside_holds_no_connection_of_the_pool(store: Store) -> None:
    if not isinstance(store, PostgresStore):
        pytest.skip("PostgreSQL's pool")
    key = 0x7E57
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with store.engine.begin() as conn:
            await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})
            held.set()
            await release.wait()

    holding = asyncio.create_task(holder())
    await held.wait()
    waiting = asyncio.create_task(
        store.write_aside(
            lambda rows: rows.conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key}),
            "locks",
        )
    )
    await asyncio.sleep(0.2)
    pool: Any = store.engine.pool
    assert pool.checkedout() == 1  # the holder's only
    release.set()
    await holding
    await waiting


async def test_a_games_end_is_saved_beside_the_loop(
    tmp_path: Path, clock: ManualClock, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = DuelServer(make_settings(tmp_path, clock, db_url))
    await server.start()
    threads: list[int] = []
    real = saving.save_change

    def spy(rows: Rows, expected: int, duel: Any) -> None:
        if duel.effects.result is not None:
            threads.append(threading.get_ident())
        real(rows, expected, duel)

    monkeypatch.setattr(table_commits, "save_change", spy)
    try:
        one = await server.identity.create()
        two = await server.identity.create()
        table = await server.service.open_table(one.id, "Eins")
        await server.service.join(two.id, "Zwei", table.code)
        await finish(server, table.code)
        await server.service.settled()
        assert (await view(server, table.code))["table"]["status"] == "finished"
        assert threads and threading.get_ident() not in threads
    finally:
        await server.stop()
