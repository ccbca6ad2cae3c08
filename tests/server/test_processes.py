"""Two real uvicorn processes on loopback share PostgreSQL and Redis: a move made on one
reaches a socket on the other."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.app_fixtures import REDIS_URL, need_redis, postgres_database
from tests.processes import free_port

#: a duel server as ``reversi serve`` runs it (reversi.server.serving)
SERVER = """
import uvicorn
from reversi.server.duel_server import create_duel_app
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = Settings.from_env()
app = create_duel_app(settings)
uvicorn.Server(settings_config(app, settings, "127.0.0.1", {port},
                               timeout_graceful_shutdown=2)).run()
"""


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[list[str]]:
    need_redis()
    with postgres_database() as db_url:
        # the limits are shared through Redis, which outlives a test run: scripted
        # players from one address must not use up a person's
        env = dict(
            os.environ,
            REVERSI_DATABASE_URL=db_url,
            REVERSI_REDIS_URL=REDIS_URL,
            REVERSI_SECRET="shared-test-secret",
            REVERSI_DATA_DIR=str(tmp_path),
            REVERSI_NEW_PLAYER_LIMIT="100000/hour",
            REVERSI_VIEW_LIMIT="100000/minute",
            REVERSI_GUESS_LIMIT="100000/day",
            REVERSI_PAIR_LIMIT="100000/minute",
            REVERSI_SIT_LIMIT="100000/minute",
            # Redis's channels are shared with other servers on this machine
            REVERSI_BROKER_PREFIX=f"test-{secrets.token_hex(4)}:",
        )
        procs, urls = [], []
        try:
            for _ in range(2):
                port = free_port()
                procs.append(
                    subprocess.Popen(
                        [sys.executable, "-c", SERVER.format(port=port)],
                        env=env,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE,
                    )
                )
                urls.append(f"http://127.0.0.1:{port}")
            for url, proc in zip(urls, procs, strict=True):
                for _ in range(300):
                    if proc.poll() is not None:
                        raise AssertionError(proc.stderr.read().decode() if proc.stderr else "")
                    try:
                        httpx.get(url + "/healthz", timeout=1)
                        break
                    except httpx.TransportError:
                        time.sleep(0.05)
            yield urls
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                if proc.stderr:
                    proc.stderr.close()


def receive(ws: Any, kind: str, limit: int = 30) -> dict[str, Any]:
    for _ in range(limit):
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind!r} message")


def ws_url(base: str) -> str:
    return base.replace("http://", "ws://") + "/ws"


def test_a_move_on_one_process_reaches_a_socket_on_the_other(two_servers: list[str]) -> None:
    one, two = two_servers
    with httpx.Client(base_url=one) as a, httpx.Client(base_url=two) as b:
        code = a.post("/api/tables").json()["code"]
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        cookie_a = "; ".join(f"{k}={v}" for k, v in a.cookies.items())
        cookie_b = "; ".join(f"{k}={v}" for k, v in b.cookies.items())
        with (
            connect(ws_url(one), additional_headers={"Cookie": cookie_a}) as wa,
            connect(ws_url(two), additional_headers={"Cookie": cookie_b}) as wb,
        ):
            for ws in (wa, wb):
                receive(ws, "hello")
                ws.send(json.dumps({"type": "watch", "code": code}))
            sa, sb = receive(wa, "state"), receive(wb, "state")
            assert sa["version"] == sb["version"]
            # presence crosses processes too
            for _ in range(10):
                if receive(wa, "presence")["seats"] == [True, True]:
                    break
            else:
                raise AssertionError("presence never showed both seats")
            black, white = (wa, wb) if sa["you"]["color"] == "black" else (wb, wa)
            black.send(
                json.dumps({"type": "move", "code": code, "square": "d3", "cid": "p1", "ply": 0})
            )
            event = receive(white, "events")
            assert event["events"][0]["data"]["square"] == "d3"
            white.send(
                json.dumps({"type": "move", "code": code, "square": "c3", "cid": "p2", "ply": 1})
            )
            receive(black, "events")  # its own move d3
            event = receive(black, "events")
            assert event["events"][0]["data"]["square"] == "c3"
            assert event["table"]["game"]["ply"] == 2
