"""No code oracle, on a real server over real sockets: every path
that touches a table by code answers "no such table" and "not yours" alike, or counts
as a look-up — and once an address's guesses are used up, every path refuses."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.loose_limits import loose_env
from tests.server.live import Server

#: the server as ``reversi serve`` runs it: every limit from the environment
SERVER = """
import uvicorn
from reversi.server.duel_server import create_duel_app
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = Settings.from_env()
app = create_duel_app(settings)
uvicorn.Server(settings_config(app, settings, "127.0.0.1", {port},
                               timeout_graceful_shutdown=1)).run()
"""
GUESSES = 8
#: codes no table has (the alphabet has no Z)
NO_TABLE = [f"ZZZZZ{i}" for i in range(10)]


@pytest.fixture
def server(tmp_path: Any) -> Iterator[Server]:
    live = Server(tmp_path, script=SERVER)
    live.env.update(loose_env(), REVERSI_GUESS_LIMIT=f"{GUESSES}/day")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def until(ws: ClientConnection, request_id: int) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = json.loads(ws.recv(timeout=15))
        if message.get("id") == request_id:
            return message
    raise AssertionError(f"no answer to {request_id}")


def answer(ws: ClientConnection, kind: str, code: str, request_id: int) -> dict[str, Any]:
    ws.send(json.dumps({"type": kind, "code": code, "id": request_id}))
    reply = until(ws, request_id)
    assert reply["type"] == "error", reply
    return {k: reply[k] for k in ("code", "key", "params", "message")}


def test_no_path_tells_a_table_that_is_not_yours_from_none(server: Server) -> None:
    with contextlib.ExitStack() as stack:
        a, b, c = (stack.enter_context(httpx.Client(base_url=server.base)) for _ in range(3))
        private = a.post("/api/tables", json={"private": True}).json()["code"]
        assert b.post(f"/api/tables/{private}/join").status_code == 200
        c.get("/api/me")
        ws = stack.enter_context(
            connect(
                server.base.replace("http://", "ws://") + "/ws",
                additional_headers={"Cookie": f"reversi_player={c.cookies['reversi_player']}"},
            )
        )
        json.loads(ws.recv(timeout=15))  # hello
        guesses = iter(NO_TABLE)
        for i, kind in enumerate(("resign", "callback", "takeback", "rematch_decline", "abort")):
            real = answer(ws, kind, private, 2 * i)
            none = answer(ws, kind, next(guesses), 2 * i + 1)
            assert real == none and real["code"] == "not_seated", kind
        wrong = {"secret": "x" * 32}
        real_resume = c.post(f"/api/tables/{private}/resume", json=wrong)
        none_resume = c.post(f"/api/tables/{next(guesses)}/resume", json=wrong)
        assert real_resume.status_code == none_resume.status_code == 403
        assert real_resume.json() == none_resume.json()
        assert c.post(f"/api/tables/{next(guesses)}/join").status_code == 404  # a guess
        # the guesses are used up: every path refuses, whatever the code
        for code in (private, next(guesses)):
            assert answer(ws, "resign", code, 90)["code"] == "rate_limited"
            assert answer(ws, "callback", code, 91)["code"] == "rate_limited"
            assert c.post(f"/api/tables/{code}/join").status_code == 429
            assert c.post(f"/api/tables/{code}/resume", json=wrong).status_code == 429
            assert c.get(f"/api/tables/{code}").status_code == 429
            ws.send(json.dumps({"type": "watch", "code": code, "version": None, "id": 92}))
            assert until(ws, 92)["code"] == "rate_limited"
        # the players themselves are never limited at their own table
        assert a.get(f"/api/tables/{private}").status_code == 200
