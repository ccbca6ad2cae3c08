"""A real duel server in its own process on 127.0.0.1, and a player on a real socket."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.processes import free_port

#: the server, with a fast heartbeat so that a short outage already counts as downtime,
#: and rate limits for scripted players (test_protocol.py tests the limits)
SERVER = """
import uvicorn
from reversi.server.duel_server import create_duel_app
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = Settings.from_env(
    heartbeat_interval=0.2, sweep_interval=0.1, create_limit="1000/minute",
    join_limit="1000/minute", message_limit="1000/second", view_limit="1000/minute",
    sit_limit="1000/minute", pair_limit="1000/minute",
    guess_limit="1000/minute", new_player_limit="1000/minute")
app = create_duel_app(settings)
uvicorn.Server(settings_config(app, settings, "127.0.0.1", {port},
                               timeout_graceful_shutdown=1)).run()
"""


class Server:
    """``python -c`` running uvicorn on a fixed port, so that it can be started again;
    ``script``: another server program (``{port}`` is filled in)."""

    def __init__(self, data_dir: Path, port: int | None = None, script: str = SERVER) -> None:
        self.script = script
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = dict(
            os.environ, REVERSI_DATA_DIR=str(data_dir), REVERSI_SECRET="live-test-secret"
        )
        for name in ("REVERSI_DATABASE_URL", "REVERSI_REDIS_URL"):
            self.env.pop(name, None)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", self.script.format(port=self.port)],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(400):
            if self.proc.poll() is not None:
                error = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise AssertionError(f"the server did not start: {error}")
            try:
                httpx.get(self.base + "/api/me", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not answer")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last heartbeat, sockets dropped."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()
        self._close_pipes()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            self._close_pipes()
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._close_pipes()

    def _close_pipes(self) -> None:
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()


class Seat:
    """One player's page: an HTTP cookie and a socket that follows one table."""

    def __init__(self, server: Server, cookie: str, code: str) -> None:
        self.server = server
        self.cookie = cookie
        self.code = code
        self.ws: ClientConnection | None = None
        self._sockets = contextlib.ExitStack()
        self.version: int | None = None
        self.table: dict[str, Any] = {}
        self.you: dict[str, Any] = {}
        self.kinds: list[str] = []  # every event kind seen, in order

    def connect(self, version: int | None = None) -> dict[str, Any]:
        """Opens the socket and watches the table from ``version``; returns the first reply."""
        url = self.server.base.replace("http://", "ws://") + "/ws"
        self.ws = self._sockets.enter_context(
            connect(url, additional_headers={"Cookie": self.cookie}, open_timeout=10)
        )
        self.until("hello")
        self.send({"type": "watch", "code": self.code, "version": version})
        return self.until("state", "events")

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        assert self.ws is not None
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=15))
        if message["type"] == "state":
            self.version, self.table, self.you = (
                message["version"],
                message["table"],
                message["you"],
            )
        elif message["type"] == "events" and message["code"] == self.code:
            assert self.version is None or message["from"] == self.version + 1, message
            self.kinds += [e["kind"] for e in message["events"]]
            self.version, self.table = message["version"], message["table"]
        return message

    def until(self, *kinds: str, limit: int = 50) -> dict[str, Any]:
        for _ in range(limit):
            message = self.receive()
            if message["type"] in kinds:
                return message
        raise AssertionError(f"none of {kinds}")

    def catch_up(self, version: int) -> None:
        while self.version is None or self.version < version:
            self.receive()

    def close(self) -> None:
        self._sockets.close()
        self.ws = None


def open_table(server: Server) -> tuple[str, list[str]]:
    """A running table's code and the cookies of its two players."""
    with httpx.Client(base_url=server.base) as a, httpx.Client(base_url=server.base) as b:
        code = a.post("/api/tables").json()["code"]
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        return code, ["; ".join(f"{k}={v}" for k, v in c.cookies.items()) for c in (a, b)]


def at_once(
    sockets: Sequence[ClientConnection], act: Callable[[ClientConnection], Any]
) -> list[Any]:
    """``act`` on every socket, each in a thread of its own, all let go together (a barrier
    holds the first until the last is ready); what each returned, in order."""
    replies: list[Any] = [None] * len(sockets)
    start = threading.Barrier(len(sockets))

    def run(i: int) -> None:
        start.wait()
        replies[i] = act(sockets[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sockets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return replies
