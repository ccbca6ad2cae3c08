"""Watching needs no player: a visitor the server made no player for
(too many new players from one address) opens a read-only socket, ``/ws?onlooker=1``,
follows the lobby and watches a running public duel; every intent that needs a player
is refused with ``no_player`` and changes nothing. Over a real socket against uvicorn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from reversi.server.ws.connection import CloseCode
from reversi.texts import text
from tests.server.live import SERVER, Seat, Server, open_table
from tests.server.test_sockets import play

#: three new players an hour from an address: the start-up probe's and the table's two
LIMITED = SERVER.replace('new_player_limit="1000/minute"', 'new_player_limit="3/hour"')

#: every intent that needs a player, as an onlooker without one might send it
INTENTS: list[dict[str, Any]] = [
    {"type": "move", "square": "d3", "cid": "x", "ply": 0},
    {"type": "chat", "text": "Hallo"},
    {"type": "resign"},
    {"type": "abort"},
    {"type": "rules", "hints": False},
    {"type": "takeback"},
    {"type": "takeback_reply", "accept": True},
    {"type": "rematch"},
    {"type": "rematch_decline"},
    {"type": "callback"},
    {"type": "mute", "muted": True},
]


class Onlooker(Seat):
    """A page without a player cookie on the read-only socket."""

    def connect(self, version: int | None = None) -> dict[str, Any]:
        url = self.server.base.replace("http://", "ws://") + "/ws?onlooker=1"
        self.ws = self._sockets.enter_context(connect(url, open_timeout=10))
        return self.until("hello")


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("limited"), script=LIMITED)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_a_visitor_without_a_player_watches_and_cannot_act(limited: Server) -> None:
    code, cookies = open_table(limited)
    seats = [Seat(limited, cookie, code) for cookie in cookies]
    for seat in seats:
        seat.connect()
    with httpx.Client(base_url=limited.base) as visitor:
        refused = visitor.get("/api/me")
        assert refused.status_code == 429 and not visitor.cookies
    onlooker = Onlooker(limited, "", code)
    try:
        hello = onlooker.connect()
        assert hello["onlooker"] is True and hello["nickname"] is None
        onlooker.send({"type": "lobby", "id": "l"})
        lobby = onlooker.until("lobby_state")
        assert [d["code"] for d in lobby["duels"]] == [code] and lobby["mine"] == []
        assert lobby["online"] == 2  # an onlooker without a player is no player online
        onlooker.send({"type": "watch", "code": code, "version": None})
        state = onlooker.until("state")
        assert state["you"]["seat"] is None and state["you"].get("secret") is None
        version = state["version"]
        for n, intent in enumerate([*INTENTS, {"type": "quick"}, {"type": "quick_cancel"}]):
            message = {**intent, "id": n}
            if intent["type"] not in ("quick", "quick_cancel"):
                message["code"] = code
            onlooker.send(message)
            reply = onlooker.until("error", "ack")
            assert reply == {
                "type": "error",
                "id": n,
                "code": "no_player",
                "key": "server.no_player",
                "params": {},
                "message": text("server.no_player"),
            }, reply
        table = httpx.get(f"{limited.base}/api/tables/{code}").json()
        assert table["version"] == version and table["chat"] == []
        square = play(seats, "m1")  # the players go on; the onlooker sees the move
        moved = onlooker.until("events")
        assert [(e["kind"], e["data"]["square"]) for e in moved["events"]] == [("move", square)]
        assert moved["version"] == version + 1
        seen = next(s for s in seats if s.you["seat"] == 0)
        seen.send({"type": "watch", "code": code, "version": None})
        assert seen.until("state")["onlookers"] == 1  # counted as an onlooker
    finally:
        onlooker.close()
        for seat in seats:
            seat.close()


def test_without_the_onlooker_flag_a_socket_still_needs_a_player(limited: Server) -> None:
    url = limited.base.replace("http://", "ws://") + "/ws"
    with connect(url, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["code"] == "not_identified"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == CloseCode.NOT_IDENTIFIED


def test_onlooker_sockets_count_against_the_address_cap(tmp_path: Path) -> None:
    script = LIMITED.replace(
        "settings = Settings.from_env(", "settings = Settings.from_env(\n    sockets_per_address=2,"
    )
    server = Server(tmp_path, script=script)
    server.start()
    url = server.base.replace("http://", "ws://") + "/ws?onlooker=1"
    try:
        with connect(url, open_timeout=10) as a, connect(url, open_timeout=10) as b:
            for ws in (a, b):
                assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            with connect(url, open_timeout=10) as c:
                assert json.loads(c.recv(timeout=10))["code"] == "too_many"
                with pytest.raises(ConnectionClosed) as closed:
                    c.recv(timeout=10)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == CloseCode.TRY_AGAIN_LATER
    finally:
        server.stop()
