"""The broker in-process and on Redis; Redis reconnect makes every local socket resync."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from reversi.server.broker import Broker, RedisBroker
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws.connection import Connection
from tests.app_fixtures import REDIS_URL, make_settings, need_redis
from tests.server.helpers import move, seated

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory", "redis"])
def broker_url(request: pytest.FixtureRequest) -> str | None:
    if request.param == "redis":
        need_redis()
        return REDIS_URL
    return None


async def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    """Polls ``predicate`` (bounded in time; asserts correctness, not speed)."""
    for _ in range(int(timeout / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not reached")


async def test_published_messages_reach_the_handler(broker_url: str | None) -> None:
    received: list[tuple[str, dict[str, Any]]] = []

    async def handler(channel: str, message: dict[str, Any]) -> None:
        received.append((channel, message))

    broker = RedisBroker(broker_url, prefix="reversi-test:") if broker_url else Broker()
    await broker.start(handler)
    try:
        await broker.publish("table:ABC", {"type": "x", "n": 1})
        await wait_for(lambda: received)
        assert received == [("table:ABC", {"type": "x", "n": 1})]
    finally:
        await broker.stop()


class FakeSocket:
    """Stands in for a WebSocket: keeps what is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        pass


async def test_after_a_redis_reconnect_every_socket_resyncs(
    tmp_path: Path, clock: ManualClock, sqlite_url: str
) -> None:
    need_redis()
    a = DuelServer(make_settings(tmp_path, clock, sqlite_url, redis_url=REDIS_URL))
    b = DuelServer(make_settings(tmp_path, clock, sqlite_url, redis_url=REDIS_URL))
    await a.start()
    await b.start()
    conn = None
    try:
        code, black, white = await seated(b)
        assert a.store is not None
        player = await a.store.read(lambda rows: rows.player(white))
        assert player is not None
        socket = FakeSocket()
        conn = Connection(a.hub, socket, player)  # type: ignore[arg-type]
        await a.hub.watch(conn, code, None)
        await wait_for(lambda: any(m["type"] == "state" for m in socket.sent))
        assert isinstance(a.broker, RedisBroker)
        a.broker.reconnect_delay = 0.5
        # cut a's pub/sub connection: what b publishes now is lost for a
        killer = __import__("redis.asyncio", fromlist=["Redis"]).Redis.from_url(REDIS_URL)
        try:
            for client in await killer.client_list(_type="pubsub"):
                if client.get("name") == a.broker.client_name:
                    await killer.client_kill_filter(_id=client["id"])
        finally:
            await killer.aclose()
        await wait_for(lambda: not a.broker.connected.is_set())
        await move(b, code, black, "d3")
        await wait_for(lambda: a.broker.reconnects == 1)
        await wait_for(lambda: any(m["type"] == "events" for m in socket.sent))
        caught_up = [m for m in socket.sent if m["type"] == "events"]
        assert caught_up[0]["events"][0]["kind"] == "move"
        assert caught_up[0]["events"][0]["data"]["square"] == "d3"
        assert a.hub.resyncs == 1
        # and live fan-out works again afterwards
        await move(b, code, white, "c3")
        await wait_for(lambda: len([m for m in socket.sent if m["type"] == "events"]) == 2)
    finally:
        if conn is not None:
            await conn.flushed()
        await a.stop()
        await b.stop()


async def test_a_row_from_another_process_is_learnt_and_never_sent_to_sockets(
    tmp_path: Path, clock: ManualClock
) -> None:
    need_redis()
    settings = make_settings(tmp_path, clock, redis_url=REDIS_URL)
    mover, other = (
        DuelServer(settings),
        DuelServer(make_settings(tmp_path, clock, redis_url=REDIS_URL)),
    )
    await mover.start()
    await other.start()
    try:
        code, black, _white = await seated(mover)
        sent: list[Any] = []

        class Socket:
            def put(self, kind: str, item: Any) -> None:
                sent.append(item)

        other.hub.tables[code].add(Socket())  # type: ignore[arg-type]
        await move(mover, code, black, "d3")
        await wait_for(lambda: sent)
        text = sent[0].text
        assert "row" not in sent[0].message
        secret = (await mover.service.state(code, black) or {})["you"]["secret"]
        assert secret not in text  # the seat secrets travel between processes only
        learnt = other.service.positions.table(code)
        assert (
            learnt is not None
            and learnt.moves == "d3"
            and learnt.version == sent[0].message["version"]
        )
    finally:
        await other.stop()
        await mover.stop()
