"""The same lobby on two real uvicorn processes sharing PostgreSQL and Redis, and quick
pairing across them."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.server.live import at_once
from tests.server.test_processes import receive, two_servers, ws_url

__all__ = ["two_servers"]  # the fixture


def cookie(client: httpx.Client) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items())}


@contextlib.contextmanager
def players_on(urls: list[str]) -> Iterator[list[tuple[httpx.Client, ClientConnection]]]:
    """A new player on each server of ``urls``, in order: its HTTP client (with the
    cookie) and its socket, greeted."""
    with contextlib.ExitStack() as stack:
        clients = [stack.enter_context(httpx.Client(base_url=url)) for url in urls]
        for client in clients:
            client.get("/api/me")
        sockets = [
            stack.enter_context(connect(ws_url(url), additional_headers=cookie(client)))
            for client, url in zip(clients, urls, strict=True)
        ]
        for ws in sockets:
            receive(ws, "hello")
        yield list(zip(clients, sockets, strict=True))


def lobby_event(ws: Any, code: str, status: str) -> dict[str, Any]:
    for _ in range(30):
        for event in receive(ws, "lobby_events")["events"]:
            if event["code"] == code and (event["entry"] or {}).get("status") == status:
                return dict(event)
    raise AssertionError(f"no lobby event of {code} as {status}")


def test_a_table_opened_on_one_process_shows_in_the_lobby_of_the_other(
    two_servers: list[str],
) -> None:
    with players_on(two_servers) as [(a, wa), (b, wb)]:
        for ws in (wa, wb):
            ws.send(json.dumps({"type": "lobby"}))
            receive(ws, "lobby_state")
        private = a.post("/api/tables", json={"private": True}).json()["code"]
        code = a.post("/api/tables").json()["code"]
        lobby_event(wb, code, "waiting")  # through Redis
        wb.send(json.dumps({"type": "lobby"}))
        snapshot = receive(wb, "lobby_state")  # from PostgreSQL
        assert [t["code"] for t in snapshot["tables"]] == [code]
        assert private not in json.dumps(snapshot)
        for _ in range(10):  # both players, one on each process
            if snapshot["online"] >= 2:
                break
            snapshot = receive(wb, "lobby_online")
        else:
            raise AssertionError("the other process's player was never counted")
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        assert lobby_event(wa, code, "playing")["entry"]["ply"] == 0
        assert lobby_event(wb, code, "playing")["version"] > 0


def tap(ws: Any, request_id: int = 1) -> dict[str, Any]:
    ws.send(json.dumps({"type": "quick", "id": request_id}))
    for _ in range(50):
        message = json.loads(ws.recv(timeout=15))
        if message.get("id") == request_id:
            assert message["type"] == "ack", message
            return dict(message)
    raise AssertionError("no answer to quick")


def test_quick_pairing_across_two_processes(two_servers: list[str]) -> None:
    with players_on(two_servers) as [(_, wa), (b, wb)]:
        waiting = tap(wa)
        assert waiting["paired"] is False
        paired = tap(wb)
        assert paired["paired"] is True and paired["code"] == waiting["code"]
        assert receive(wa, "paired")["code"] == waiting["code"]  # through Redis
        table = b.get(f"/api/tables/{waiting['code']}").json()["table"]
        assert table["status"] == "playing"


def test_many_taps_on_two_processes_give_pairs_only(two_servers: list[str]) -> None:
    with players_on([two_servers[i % 2] for i in range(10)]) as players:
        replies = at_once([ws for _, ws in players], tap)
        seats = Counter(r["code"] for r in replies)
        assert sorted(seats.values()) == [2] * 5  # ten players: five tables, all full
        for (client, _), reply in zip(players, replies, strict=True):
            assert client.get("/api/me").json()["tables"] == [reply["code"]]


def test_an_absent_opener_is_known_on_every_process(two_servers: list[str]) -> None:
    """With two processes: the opener's socket was on the first, the
    watcher's on the second; the table leaves the second's lobby and comes back when the
    opener returns (on the second), and a tap there does not pair with the absent
    player's search."""
    one, two = two_servers
    with players_on([one, two, two]) as [(a, wa), (_, wb), (_, wc)]:
        code = a.post("/api/tables").json()["code"]
        wb.send(json.dumps({"type": "lobby"}))
        assert code in [t["code"] for t in receive(wb, "lobby_state")["tables"]]
        search = tap(wa)
        assert search["paired"] is False
        wa.close()  # the opener's tab: closed
        removed = lobby_op(wb, code, "remove")
        assert removed["entry"] is None
        mine = tap(wc)  # the absent player's search is not taken
        assert mine["paired"] is False and mine["code"] != search["code"]
        with connect(ws_url(two), additional_headers=cookie(a)) as back:
            receive(back, "hello")
            assert lobby_op(wb, code, "update")["entry"]["status"] == "waiting"


def lobby_op(ws: Any, code: str, op: str) -> dict[str, Any]:
    for _ in range(30):
        for event in receive(ws, "lobby_events", limit=60)["events"]:
            if event["code"] == code and event["op"] == op:
                return dict(event)
    raise AssertionError(f"no {op} of {code}")
