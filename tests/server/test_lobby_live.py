"""The lobby and quick pairing on a real server over real sockets: nothing of a private
table or a search reaches a lobby message; public tables and searches are found whatever
else waits; a waiting table whose opener left leaves the lobby and comes back with them,
and quick pairing never pairs with an absent player."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from reversi.duel.table import Status, new_code, new_table
from reversi.server.settings import Settings, duel_rules
from reversi.storage import PlayerRecord, open_store
from tests.server.live import Server

#: seconds after the opener's last socket closed until the lobby drops the table
AWAY_AFTER = 1.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    live = Server(tmp_path_factory.mktemp("lobby"))
    live.env.update(REVERSI_AWAY_AFTER=str(AWAY_AFTER))
    live.start()
    try:
        yield live
    finally:
        live.stop()


STACK = contextlib.ExitStack()


@pytest.fixture(autouse=True)
def _sockets_closed() -> Iterator[None]:
    yield
    STACK.close()


def player(server: Server) -> httpx.Client:
    client = STACK.enter_context(httpx.Client(base_url=server.base))
    client.get("/api/me")
    return client


def cookie(client: httpx.Client) -> str:
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


def socket_of(server: Server, client: httpx.Client) -> ClientConnection:
    ws = STACK.enter_context(
        connect(
            server.base.replace("http://", "ws://") + "/ws",
            additional_headers={"Cookie": cookie(client)},
            open_timeout=10,
        )
    )
    until(ws, "hello")
    return ws


def until(ws: ClientConnection, kind: str, request_id: Any = None) -> dict[str, Any]:
    for _ in range(100):
        message: dict[str, Any] = json.loads(ws.recv(timeout=15))
        if message["type"] == kind and (request_id is None or message.get("id") == request_id):
            return message
    raise AssertionError(f"no {kind}")


def heard(ws: ClientConnection, seconds: float) -> list[dict[str, Any]]:
    """Every message that comes within ``seconds``."""
    messages = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            messages.append(json.loads(ws.recv(timeout=left)))
        except (TimeoutError, ConnectionClosed):
            break
    return messages


def lobby(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "lobby", "id": "l"}))
    return until(ws, "lobby_state", "l")


def tap(ws: ClientConnection, request_id: int = 1) -> dict[str, Any]:
    ws.send(json.dumps({"type": "quick", "id": request_id}))
    return until(ws, "ack", request_id)


def lobby_event(ws: ClientConnection, code: str, op: str) -> dict[str, Any]:
    end = time.monotonic() + 15
    while time.monotonic() < end:
        for event in until(ws, "lobby_events")["events"]:
            if event["code"] == code and event["op"] == op:
                return dict(event)
    raise AssertionError(f"no {op} of {code}")


def test_no_lobby_message_carries_a_private_table_or_a_search(server: Server) -> None:
    opener, guest, stranger, searcher, watcher = (player(server) for _ in range(5))
    for client in (opener, guest):
        socket_of(server, client)
    private = opener.post("/api/tables", json={"private": True}).json()["code"]
    assert guest.post(f"/api/tables/{private}/join").status_code == 200
    w = socket_of(server, watcher)
    state = lobby(w)
    search = tap(socket_of(server, searcher))["code"]
    # a stranger who got hold of the codes watches both tables without a seat
    s = socket_of(server, stranger)
    for code in (private, search):
        s.send(json.dumps({"type": "watch", "code": code, "version": None}))
        assert until(s, "state")["you"]["seat"] is None
    marker = opener.post("/api/tables").json()["code"]  # a public table: the lobby works
    messages = [state, *heard(w, 3.0)]  # the onlooker counts come within lobby_interval
    assert marker in json.dumps(messages)
    for code in (private, search):
        assert code not in json.dumps(messages)


def test_a_waiting_table_leaves_the_lobby_while_its_opener_is_away(server: Server) -> None:
    opener, watcher = player(server), player(server)
    first = socket_of(server, opener)
    code = opener.post("/api/tables").json()["code"]
    w = socket_of(server, watcher)
    assert code in [t["code"] for t in lobby(w)["tables"]]
    first.close()  # the tab is closed
    gone = time.monotonic()
    lobby_event(w, code, "remove")
    assert time.monotonic() - gone < AWAY_AFTER + 5
    assert code not in [t["code"] for t in lobby(w)["tables"]]
    socket_of(server, opener)  # back
    assert lobby_event(w, code, "update")["entry"]["status"] == "waiting"
    assert code in [t["code"] for t in lobby(w)["tables"]]


def test_quick_pairing_never_pairs_with_an_absent_player(server: Server) -> None:
    a, b = player(server), player(server)
    gone = socket_of(server, a)
    search = tap(gone)
    assert search["paired"] is False
    w = socket_of(server, b)
    online = lobby(w)["online"]
    gone.close()  # the tab is closed within the search's grace
    while until(w, "lobby_online")["online"] >= online:
        pass
    mine = tap(w)
    assert mine["paired"] is False and mine["code"] != search["code"]


def test_quick_pairing_pairs_whatever_else_waits(server: Server) -> None:
    """Hundreds of private waiting tables (more than pairing once looked at) and of
    private running duels do not hide the searches, the public tables and duels."""
    asyncio.run(crowd(Path(server.env["REVERSI_DATA_DIR"]) / "reversi.sqlite3"))
    a, b = (socket_of(server, player(server)) for _ in range(2))
    waiting = tap(a)
    assert waiting["paired"] is False
    paired = tap(b)
    assert paired["paired"] is True and paired["code"] == waiting["code"]
    opener, host, guest, watcher = (player(server) for _ in range(4))
    socket_of(server, opener)
    public = opener.post("/api/tables").json()["code"]
    duel = host.post("/api/tables").json()["code"]
    assert guest.post(f"/api/tables/{duel}/join").status_code == 200
    state = lobby(socket_of(server, watcher))
    assert [t["code"] for t in state["tables"]] == [public]
    assert {d["code"] for d in state["duels"]} == {duel, waiting["code"]}


async def crowd(database: Path) -> None:
    """1,000 private waiting tables and 500 private running duels, older than the rest."""
    store = await open_store(f"sqlite+aiosqlite:///{database}")
    settings = Settings()
    now = time.time()

    def add(rows: Any) -> None:
        rows.add_player(PlayerRecord("crowd", "Menge", 0, now))
        for i in range(1500):
            table = new_table(new_code(), "crowd", "Menge", now, duel_rules(settings), private=True)
            if i >= 1000:
                table.status, table.seat1 = Status.PLAYING, "crowd"
                table.black_seat, table.turn_started_at = 0, now
                table.turn_deadline = now + 86_400
            rows.add_table(table)

    try:
        await store.write(add)
    finally:
        await store.close()
