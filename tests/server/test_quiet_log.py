"""A client that drops its request body half-way, or sends a bad chunk, leaves at most
one line in a real server's log, and a stop by SIGINT no traceback."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.processes import ServerProcess, free_port

#: the routes that read a body
ROUTES = (
    ("POST", "/api/me"),
    ("POST", "/api/tables"),
    ("POST", "/api/results"),
    ("PUT", "/api/settings"),
    ("POST", "/api/tables/ABCDEF/resume"),
    ("POST", "/api/transfer/redeem"),
)


def send_raw(port: int, data: bytes) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        time.sleep(0.05)  # the server reads the head and waits for the rest


def truncated(method: str, path: str) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    return (head + 'Content-Length: 400\r\n\r\n{"nickname": "An').encode()


def bad_chunk(method: str, path: str) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    return (head + 'Transfer-Encoding: chunked\r\n\r\n6\r\n{"nick\r\nzz\r\nma').encode()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    port = free_port()
    env = dict(os.environ, REVERSI_DATA_DIR=str(tmp_path), REVERSI_SECRET="log-test")
    env.pop("REVERSI_DATABASE_URL", None)
    env.pop("REVERSI_REDIS_URL", None)
    process = ServerProcess(
        [sys.executable, "-m", "reversi", "serve", "--port", str(port)],
        port,
        tmp_path / "server.log",
        env=env,
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_dropped_bodies_and_bad_chunks_are_one_line_at_most(server: ServerProcess) -> None:
    tries = 0
    for method, path in ROUTES:
        for request in (truncated(method, path), bad_chunk(method, path)):
            send_raw(server.port, request)
            tries += 1
    time.sleep(0.5)
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log
    lines = [line for line in log.splitlines() if line.strip()]
    assert len(lines) <= 1 + tries, log  # the start line, one line a try at most


def test_sigint_stops_without_a_traceback(server: ServerProcess) -> None:
    # an open socket makes the stop wait for the shutdown grace
    with connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=5):
        assert server.proc is not None
        server.proc.send_signal(signal.SIGINT)
        code = server.proc.wait(timeout=20)
    log = server.log.read_text()
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log
    assert code in (0, 130, -signal.SIGINT), log
