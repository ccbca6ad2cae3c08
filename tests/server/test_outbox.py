"""A socket's outbox: sent in order by a task that exists only while there is work;
the process's collector: young objects set aside, their cycles freed by a full pass."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest

from reversi.server import collector
from reversi.server.collector import (
    LEAST_MEMORY_FOR_A_FULL_PASS,
    collect_all,
    collect_young,
    full_pass_due,
    peak_memory_mib,
)
from reversi.server.ws.connection import OUTBOX_SIZE, CloseCode, Connection
from reversi.storage import PlayerRecord

pytestmark = pytest.mark.anyio


class Socket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def connection() -> tuple[Connection, Socket]:
    socket = Socket()
    player = PlayerRecord(id="p", nickname="Perle", generation=0, created_at=0.0)
    return Connection(None, socket, player), socket  # type: ignore[arg-type]


async def test_messages_go_out_in_order_and_no_task_waits_on_an_idle_socket() -> None:
    conn, socket = connection()
    assert conn.sender is None
    for n in range(3):
        conn.send({"type": "pong", "n": n})
    await conn.flushed()
    assert [m["n"] for m in socket.sent] == [0, 1, 2]
    assert conn.sender is None
    conn.send({"type": "pong", "n": 3})  # a new task for the next burst
    await conn.flushed()
    assert [m["n"] for m in socket.sent] == [0, 1, 2, 3] and conn.sender is None


async def test_a_client_that_does_not_read_is_closed() -> None:
    conn, socket = connection()
    for n in range(OUTBOX_SIZE + 1):  # nothing is sent before the loop runs again
        conn.send({"type": "pong", "n": n})
    assert conn.closed and conn.close_code == CloseCode.TOO_SLOW
    await conn.flushed()
    assert socket.closed_with == CloseCode.TOO_SLOW
    assert len(socket.sent) == OUTBOX_SIZE
    conn.send({"type": "pong"})  # after the close: dropped
    await conn.flushed()
    assert len(socket.sent) == OUTBOX_SIZE


class Node:
    me: Node


def test_young_survivors_are_set_aside_and_a_full_pass_frees_their_cycles() -> None:
    node = Node()
    node.me = node
    gone = weakref.ref(node)
    collect_young()
    assert not any(o is node for o in gc.get_objects())  # frozen: never walked again
    del node
    gc.collect()
    assert gone() is not None  # a cycle that became garbage after it was set aside
    collect_all()
    assert gone() is None


def test_a_full_pass_comes_with_its_interval_or_when_memory_doubles() -> None:
    least = LEAST_MEMORY_FOR_A_FULL_PASS
    assert full_pass_due(900.0, 900.0, least, least)
    assert not full_pass_due(10.0, 900.0, 2 * least, least)
    assert full_pass_due(10.0, 900.0, 2 * least + 1, least)
    assert full_pass_due(10.0, 900.0, 6 * least + 1, 3 * least)
    assert not full_pass_due(10.0, 900.0, 2 * least, 10)  # small processes: never for growth
    assert not full_pass_due(10.0, 0.0, least, least)  # no interval: only for growth


def test_the_peak_memory_is_the_peak_resident_set() -> None:
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("no /proc here to compare with")

    def high_water_mib() -> float:
        line = next(x for x in status.read_text().splitlines() if x.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    # the kernel keeps the two figures apart and updates them at different moments
    assert peak_memory_mib() == pytest.approx(high_water_mib(), rel=0.05, abs=4)


async def test_the_collector_never_walks_what_it_set_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    def walks_them_all() -> int:
        raise AssertionError("gc.get_freeze_count() walks every frozen object")

    monkeypatch.setattr(gc, "get_freeze_count", walks_them_all)
    ticks = asyncio.Event()
    young = 0

    def counted() -> None:
        nonlocal young
        young += 1
        if young == 3:
            ticks.set()

    monkeypatch.setattr(collector, "collect_young", counted)
    task = asyncio.create_task(collector.collect_forever(0.001, 0.0))
    await asyncio.wait(
        {task, asyncio.create_task(ticks.wait())}, return_when=asyncio.FIRST_COMPLETED
    )
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert young >= 3
