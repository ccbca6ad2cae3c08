"""Quick pairing on a real server over real sockets: two players meet, a third waits,
cancel, and many taps at once give pairs only (never a player at two tables, never a
third at a full one); the onlooker count on a real socket."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.live import Server, at_once


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    live = Server(tmp_path_factory.mktemp("pairing"))
    live.env.update(REVERSI_PAIR_LIMIT="10000/minute", REVERSI_SIT_LIMIT="10000/minute")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def player(server: Server) -> str:
    with httpx.Client(base_url=server.base) as client:
        client.get("/api/me")
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


STACK = contextlib.ExitStack()


@pytest.fixture(autouse=True)
def _sockets_closed() -> Iterator[None]:
    yield
    STACK.close()


def socket_of(server: Server, cookie: str) -> ClientConnection:
    ws = STACK.enter_context(
        connect(
            server.base.replace("http://", "ws://") + "/ws",
            additional_headers={"Cookie": cookie},
            open_timeout=10,
        )
    )
    until(ws, "hello")
    return ws


def until(ws: ClientConnection, kind: str, request_id: Any = None) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = json.loads(ws.recv(timeout=15))
        if message["type"] == kind and (request_id is None or message.get("id") == request_id):
            return message
        if (
            message["type"] == "error"
            and request_id is not None
            and message.get("id") == request_id
        ):
            raise AssertionError(message)
    raise AssertionError(f"no {kind}")


def tap(ws: ClientConnection, request_id: int = 1) -> dict[str, Any]:
    ws.send(json.dumps({"type": "quick", "id": request_id}))
    return until(ws, "ack", request_id)


def table(server: Server, code: str) -> dict[str, Any]:
    reply: dict[str, Any] = httpx.get(f"{server.base}/api/tables/{code}").json()["table"]
    return reply


def test_two_meet_a_third_waits_and_cancels(server: Server) -> None:
    a, b, c = (socket_of(server, player(server)) for _ in range(3))
    waiting = tap(a)
    assert waiting["paired"] is False
    assert tap(b)["code"] == waiting["code"]
    assert until(a, "paired")["code"] == waiting["code"]
    assert table(server, waiting["code"])["status"] == "playing"
    third = tap(c)
    assert third["paired"] is False
    c.send(json.dumps({"type": "quick_cancel", "id": 2}))
    assert until(c, "ack", 2)["code"] == third["code"]
    assert table(server, third["code"])["status"] == "aborted"


def test_many_taps_at_once_give_pairs_only(server: Server, tmp_path: Path) -> None:
    cookies = [player(server) for _ in range(13)]
    sockets = [socket_of(server, cookie) for cookie in cookies]
    replies = at_once(sockets, tap)
    seats = Counter(r["code"] for r in replies)
    assert set(seats.values()) <= {1, 2}  # nobody at a full table
    assert list(seats.values()).count(1) == 1  # 13 players: 6 pairs, one waits
    for code, n in seats.items():
        status = table(server, code)["status"]
        assert status == ("playing" if n == 2 else "waiting")
    # and each player sits at exactly one table
    for cookie, reply in zip(cookies, replies, strict=True):
        me = httpx.get(f"{server.base}/api/me", headers={"Cookie": cookie}).json()
        assert me["tables"] == [reply["code"]]


def test_an_onlooker_is_counted_on_a_real_socket(server: Server) -> None:
    a, b = socket_of(server, player(server)), socket_of(server, player(server))
    onlooker = socket_of(server, player(server))
    code = tap(a)["code"]
    tap(b)
    a.send(json.dumps({"type": "watch", "code": code, "version": None}))
    until(a, "state")
    onlooker.send(json.dumps({"type": "watch", "code": code, "version": None}))
    assert until(onlooker, "state")["you"]["seat"] is None
    for _ in range(20):
        if until(a, "presence")["onlookers"] == 1:
            break
    else:
        raise AssertionError("the onlooker was never counted")
