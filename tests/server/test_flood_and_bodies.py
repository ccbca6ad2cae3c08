"""The flood guard lets an honest client's burst through (a busy
server reads what came over a while in one go) and still closes a flood; a request body
that trickles in is cut off with 408 on a real server."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from reversi.server.wall_clock import ManualClock
from reversi.server.ws.connection import CloseCode
from tests.app_fixtures import make_settings, players
from tests.server.live import Server

BODY_TIMEOUT = 1.0


def test_a_burst_of_messages_is_no_flood(tmp_path: Path, clock: ManualClock) -> None:
    """50 messages at once (as a loaded server reads them) are all answered."""
    settings = make_settings(tmp_path, clock, message_limit="20/second")
    with players(settings, 1) as (a,):
        a.get("/api/me")
        with a.websocket_connect("/ws") as ws:
            ws.receive_json()  # hello
            for i in range(50):
                ws.send_json({"type": "ping", "id": i})
            answers = [ws.receive_json() for _ in range(50)]
            assert [m["type"] for m in answers] == ["pong"] * 50


def test_a_flood_is_still_closed(tmp_path: Path, clock: ManualClock) -> None:
    settings = make_settings(tmp_path, clock, message_limit="20/second")
    with players(settings, 1) as (a,):
        a.get("/api/me")
        with a.websocket_connect("/ws") as ws:
            ws.receive_json()  # hello
            for i in range(400):
                ws.send_json({"type": "ping", "id": i})
            kinds = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    kinds.append(ws.receive_json()["type"])
            assert closed.value.code == CloseCode.POLICY
            assert 60 <= kinds.count("pong") < 200 and kinds.count("error") == 20


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    live = Server(tmp_path_factory.mktemp("bodies"))
    live.env.update(REVERSI_BODY_TIMEOUT=str(BODY_TIMEOUT))
    live.start()
    try:
        yield live
    finally:
        live.stop()


def request(server: Server, body: bytes, announced: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(
        b"POST /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {announced}\r\n\r\n".encode()
        + body
    )
    return sock


def answer(sock: socket.socket) -> bytes:
    """Everything until the server closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_a_trickling_body_gets_408_and_the_connection_closes(server: Server) -> None:
    body = b'{"nickname": "Langsam"}'
    with request(server, body[:3], len(body)) as sock:
        start = time.monotonic()
        reply = answer(sock)  # nothing more is sent
        took = time.monotonic() - start
    assert reply.startswith(b"HTTP/1.1 408 ")
    assert b'"error": "too_slow"' in reply and b"zu langsam" in reply
    assert b'"key": "request.too_slow", "params": {}' in reply
    assert BODY_TIMEOUT - 0.2 < took < BODY_TIMEOUT + 5


def test_a_body_in_pieces_within_the_deadline_is_read(server: Server) -> None:
    body = b'{"nickname": "Zwei Teile"}'
    with request(server, body[:5], len(body)) as sock:
        time.sleep(BODY_TIMEOUT / 4)
        sock.sendall(body[5:])
        head: Any = sock.recv(65536)
    assert head.startswith(b"HTTP/1.1 200 ")
