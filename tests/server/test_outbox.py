"""A socket's outbox: sent in order by a task that exists only while there is work;
the process's collector: young objects set aside, their cycles freed by a full pass."""

from __future__ import annotations

import gc
import json
import weakref
from typing import Any

import pytest

from reversi.server.duels import (
    FEWEST_FROZEN_FOR_A_FULL_PASS,
    collect_all,
    collect_young,
    full_pass_due,
)
from reversi.server.ws import OUTBOX_SIZE, CloseCode, Connection
from reversi.storage.repository import PlayerRecord

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


def test_a_full_pass_comes_with_its_interval_or_when_what_is_set_aside_doubles() -> None:
    few = FEWEST_FROZEN_FOR_A_FULL_PASS
    assert full_pass_due(900.0, 900.0, few, few)
    assert not full_pass_due(10.0, 900.0, 2 * few, few)
    assert full_pass_due(10.0, 900.0, 2 * few + 1, few)
    assert full_pass_due(10.0, 900.0, 6 * few + 1, 3 * few)
    assert not full_pass_due(10.0, 900.0, 2 * few, 10)  # small heaps: never for growth
