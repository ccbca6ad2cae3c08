"""uvicorn as the hall runs it: a header deadline, connections per address, bounded frames
and concurrency. A real server on a free port, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from reversi.server.serving import uvicorn_config
from tests.processes import free_port

TIMEOUT = 0.6


async def health(request: Request) -> PlainTextResponse:
    if "slow" in request.query_params:
        import asyncio

        await asyncio.sleep(1.0)
    return PlainTextResponse("ok")


async def echo(ws: WebSocket) -> None:
    await ws.accept()
    while True:
        await ws.send_text(await ws.receive_text())


APP = Starlette(routes=[Route("/healthz", health), WebSocketRoute("/ws", echo)])


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(**bounds: Any) -> int:
        port = free_port()
        config = uvicorn_config(
            APP, "127.0.0.1", port, max_frame=100, header_timeout=TIMEOUT, **bounds
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        servers.append((server, thread))
        return port

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(10)


def raw(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True if the server closes ``sock`` (EOF) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def get(port: int, path: str = "/healthz") -> bytes:
    with raw(port) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        chunks = []
        while chunk := sock.recv(4096):
            chunks.append(chunk)
    return b"".join(chunks)


def test_half_sent_headers_are_closed_at_the_deadline(serve: Any) -> None:
    port = serve()
    with raw(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        assert closed_within(sock, TIMEOUT + 2)
        assert time.monotonic() - started >= TIMEOUT * 0.8


def test_a_silent_connection_is_closed_at_the_deadline(serve: Any) -> None:
    port = serve()
    with raw(port) as sock:
        assert closed_within(sock, TIMEOUT + 2)


def test_a_keep_alive_connection_gets_a_new_deadline_per_request(serve: Any) -> None:
    port = serve()
    with raw(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"200 OK" in sock.recv(4096)
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")  # and then nothing more
        assert closed_within(sock, TIMEOUT + 2)


def test_a_slow_answer_is_not_cut_by_the_deadline(serve: Any) -> None:
    port = serve()
    assert b"200 OK" in get(port, "/healthz?slow=1")  # 1 s > TIMEOUT


def test_a_websocket_outlives_the_deadline(serve: Any) -> None:
    port = serve()
    with connect(f"ws://127.0.0.1:{port}/ws") as ws:
        time.sleep(TIMEOUT * 2)
        ws.send("hallo")
        assert ws.recv(timeout=5) == "hallo"


def test_a_frame_over_the_cap_is_refused_before_it_is_read(serve: Any) -> None:
    port = serve()
    with connect(f"ws://127.0.0.1:{port}/ws") as ws:
        ws.send("x" * 100)
        assert ws.recv(timeout=5) == "x" * 100
        ws.send("x" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_connections_per_address_are_capped(serve: Any) -> None:
    port = serve(per_address=3)
    held = [raw(port) for _ in range(3)]
    for sock in held:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"200 OK" in sock.recv(4096)
    with raw(port) as fourth:
        assert closed_within(fourth, 2)
    held.pop().close()
    time.sleep(0.2)
    assert b"200 OK" in get(port)
    for sock in held:
        sock.close()


def test_beyond_the_concurrency_limit_a_request_gets_503(serve: Any) -> None:
    port = serve(max_connections=2)
    held = [raw(port) for _ in range(2)]
    time.sleep(0.1)
    assert b"503" in get(port).split(b"\r\n")[0]
    for sock in held:
        sock.close()
    time.sleep(0.2)
    assert b"200 OK" in get(port)
