"""The same lobby on two real uvicorn processes sharing PostgreSQL and Redis, and quick
pairing across them."""

from __future__ import annotations

import contextlib
import json
import threading
from collections import Counter
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.server.test_processes import receive, two_servers, ws_url

__all__ = ["two_servers"]  # the fixture


def cookie(client: httpx.Client) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items())}


def lobby_event(ws: Any, code: str, status: str) -> dict[str, Any]:
    for _ in range(30):
        for event in receive(ws, "lobby_events")["events"]:
            if event["code"] == code and (event["entry"] or {}).get("status") == status:
                return dict(event)
    raise AssertionError(f"no lobby event of {code} as {status}")


def test_a_table_opened_on_one_process_shows_in_the_lobby_of_the_other(
    two_servers: list[str],
) -> None:
    one, two = two_servers
    with httpx.Client(base_url=one) as a, httpx.Client(base_url=two) as b:
        a.get("/api/me")
        b.get("/api/me")
        with (
            connect(ws_url(one), additional_headers=cookie(a)) as wa,
            connect(ws_url(two), additional_headers=cookie(b)) as wb,
        ):
            for ws in (wa, wb):
                receive(ws, "hello")
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
    one, two = two_servers
    with httpx.Client(base_url=one) as a, httpx.Client(base_url=two) as b:
        a.get("/api/me")
        b.get("/api/me")
        with (
            connect(ws_url(one), additional_headers=cookie(a)) as wa,
            connect(ws_url(two), additional_headers=cookie(b)) as wb,
        ):
            receive(wa, "hello")
            receive(wb, "hello")
            waiting = tap(wa)
            assert waiting["paired"] is False
            paired = tap(wb)
            assert paired["paired"] is True and paired["code"] == waiting["code"]
            assert receive(wa, "paired")["code"] == waiting["code"]  # through Redis
            table = b.get(f"/api/tables/{waiting['code']}").json()["table"]
            assert table["status"] == "playing"


def test_many_taps_on_two_processes_give_pairs_only(two_servers: list[str]) -> None:
    with contextlib.ExitStack() as stack:
        clients = [
            stack.enter_context(httpx.Client(base_url=two_servers[i % 2])) for i in range(10)
        ]
        for client in clients:
            client.get("/api/me")
        sockets = [
            stack.enter_context(
                connect(ws_url(str(c.base_url).rstrip("/")), additional_headers=cookie(c))
            )
            for c in clients
        ]
        replies: list[dict[str, Any]] = [{} for _ in sockets]
        start = threading.Barrier(len(sockets))

        def run(i: int) -> None:
            receive(sockets[i], "hello")
            start.wait()
            replies[i] = tap(sockets[i])

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sockets))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        seats = Counter(r["code"] for r in replies)
        assert sorted(seats.values()) == [2] * 5  # ten players: five tables, all full
        for client, reply in zip(clients, replies, strict=True):
            assert client.get("/api/me").json()["tables"] == [reply["code"]]
