"""The Halle's lobby over the socket, in-process (Starlette's TestClient), on SQLite:
public and private tables, the snapshot, live events, the sit race, the waiting cap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.server.duels.players_here import ONLINE_EVERY, ONLINE_TTL
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal
from tests.server.test_protocol import until


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def subscribe(ws: Any) -> dict[str, Any]:
    until(ws, "hello")
    ws.send_json({"type": "lobby", "id": 1})
    state = until(ws, "lobby_state")
    assert state["id"] == 1
    return state


def next_event(ws: Any, code: str, status: str | None = None) -> dict[str, Any]:
    """The next change of ``code`` in the lobby's batches (``lobby_events``), or the
    next that leaves it in ``status`` (a batch made before the snapshot may come after it)."""
    for _ in range(30):
        for event in until(ws, "lobby_events")["events"]:
            entry = event["entry"] or {}
            if event["code"] == code and status in (None, entry.get("status")):
                return dict(event)
    raise AssertionError(f"no lobby event of {code}")


def test_the_snapshot_shows_public_waiting_tables_and_running_duels(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        a.post("/api/me", json={"nickname": "Anna"})
        public = a.post("/api/tables").json()["code"]
        private = a.post("/api/tables", json={"private": True}).json()["code"]
        b.post("/api/me", json={"nickname": "Bert"})
        running = b.post("/api/tables").json()["code"]
        assert c.post(f"/api/tables/{running}/join").status_code == 200
        with a.websocket_connect("/ws") as wa, c.websocket_connect("/ws") as wc:
            state = subscribe(wc)
            waiting = {t["code"]: t for t in state["tables"]}
            assert list(waiting) == [public]  # the private table is not listed
            assert waiting[public]["seats"][0]["name"] == "Anna"
            assert waiting[public]["seats"][1] is None
            assert waiting[public]["rules"]["move_time"] == settings.default_move_time
            assert waiting[public]["since"] == pytest.approx(settings.clock())
            [duel] = state["duels"]
            assert duel["code"] == running and duel["counts"] == {"black": 2, "white": 2}
            assert duel["ply"] == 0 and {s["name"] for s in duel["seats"]} >= {"Bert"}
            assert state["mine"] == [running]
            assert state["online"] == 2
            assert subscribe(wa)["mine"] == [public]  # the private one is not in the lobby
            assert private not in str(state)


def test_tables_appear_change_and_go_live(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        c.get("/api/me")
        a.get("/api/me")
        with c.websocket_connect("/ws") as wc, a.websocket_connect("/ws") as opener:
            until(opener, "hello")  # a waiting table is listed while its opener is here
            assert subscribe(wc)["tables"] == []
            code = a.post("/api/tables").json()["code"]
            added = next_event(wc, code)
            assert added["op"] == "update" and added["entry"]["status"] == "waiting"
            a.post("/api/tables", json={"private": True})
            b.post(f"/api/tables/{code}/join")
            started = next_event(wc, code)
            assert started["entry"]["status"] == "playing"
            assert started["version"] > added["version"]
            with a.websocket_connect("/ws") as wa:
                until(wa, "hello")
                wa.send_json({"type": "abort", "code": code, "id": 2})
                until(wa, "ack")
            gone = next_event(wc, code)
            assert gone["op"] == "remove" and gone["entry"] is None
            wc.send_json({"type": "unlobby", "id": 3})
            assert until(wc, "ack")["id"] == 3


def test_the_private_table_never_reaches_the_lobby(settings: Any) -> None:
    with players(settings, 2) as (a, b):
        b.get("/api/me")
        with b.websocket_connect("/ws") as wb:
            subscribe(wb)
            private = a.post("/api/tables", json={"private": True}).json()
            assert private["table"]["private"] is True
            marker = a.post("/api/tables").json()["code"]
            batch = until(wb, "lobby_events")  # the private table's would come first
            assert [e["code"] for e in batch["events"]] == [marker]
            assert private["code"] not in str(subscribe_again(wb))


def subscribe_again(ws: Any) -> dict[str, Any]:
    ws.send_json({"type": "lobby"})
    return until(ws, "lobby_state")


def test_bad_private_flag_is_refused(settings: Any) -> None:
    with players(settings, 1) as (a,):
        reply = a.post("/api/tables", json={"private": "ja"})
        assert reply.status_code == 400 and reply.json()["error"] == "bad_private"


def test_a_player_waits_at_three_tables_at_most(settings: Any) -> None:
    with players(settings, 1) as (a,):
        for _ in range(3):
            assert a.post("/api/tables").status_code == 201
        fourth = a.post("/api/tables", json={"private": True})
        assert fourth.status_code == 409
        body = fourth.json()
        assert body["error"] == "too_many_tables"
        assert body["message"] == (
            "Du hast schon 3 offene Tische – schließe einen, bevor du einen neuen öffnest."
        )
        assert len(a.get("/api/me").json()["tables"]) == 3


def test_the_sit_race_gives_one_seat_and_one_clear_error(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        code = a.post("/api/tables").json()["code"]
        c.get("/api/me")
        with c.websocket_connect("/ws") as wc:
            subscribe(wc)
            first, second = b.post(f"/api/tables/{code}/join"), c.post(f"/api/tables/{code}/join")
            assert first.status_code == 200
            assert second.status_code == 409
            assert second.json()["error"] == "table_full"
            assert second.json()["message"] == "Dieser Platz ist schon besetzt."
            table = a.get(f"/api/tables/{code}").json()["table"]
            assert [s["free"] for s in table["seats"]] == [False, False]
            assert c.get("/api/me").json()["tables"] == []
            next_event(wc, code, "playing")


@pytest.mark.anyio
async def test_the_snapshot_comes_from_the_database_and_rematches_keep_private(
    service: Any, tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    from reversi.server.duel_server import DuelServer
    from reversi.server.ws import client_messages as p

    other = DuelServer(make_settings(tmp_path, clock, db_url))  # another process's memory
    await other.start()
    try:
        a, b = await other.identity.create(), await other.identity.create()
        public = await other.service.open_table(a.id, a.nickname)
        private = await other.service.open_table(b.id, b.nickname, private=True)
        await other.service.join(a.id, a.nickname, private.code)
        await other.service.handle(b.id, p.Abort(code=private.code))
        await other.service.handle(a.id, p.Rematch(code=private.code))
        await other.service.handle(b.id, p.Rematch(code=private.code))
        rematch = (await other.service.state(private.code, a.id) or {})["table"]["rematch"]
        assert rematch
    finally:
        await other.stop()
    # the opener has a socket on the other process, as its message says
    await service.hub.lobby.on_message(
        {"type": "online", "process": "p2", "count": 1, "came": a.id}, 0
    )
    snapshot = await service.hub.lobby.snapshot(a.id)
    assert [t["code"] for t in snapshot.tables] == [public.code]
    assert snapshot.duels == []  # the private table's rematch is private too
    assert snapshot.mine == [public.code]


def test_a_process_not_heard_from_for_a_while_no_longer_counts_online(
    settings: Any, clock: ManualClock
) -> None:
    """A process killed without a goodbye: its players leave the count after ONLINE_TTL,
    while a live process says its count again every ONLINE_EVERY seconds."""
    with players(settings, 1) as (a,):
        lobby = a.app.state.duels.hub.lobby  # type: ignore[attr-defined]
        hub = a.app.state.duels.hub  # type: ignore[attr-defined]
        portal(a).call(lobby.on_message, {"type": "online", "process": "gone", "count": 5}, 0)
        assert lobby.total() == 5
        clock.advance(ONLINE_TTL - 1)
        assert lobby.total() == 5
        clock.advance(2)
        assert lobby.total() == 0  # "gone" said nothing for longer than ONLINE_TTL
        portal(a).call(lobby.on_message, {"type": "online", "process": "alive", "count": 2}, 0)
        assert lobby.total() == 2
        published: list[dict[str, Any]] = []
        real = lobby.broker.publish

        async def spy(channel: str, message: dict[str, Any]) -> None:
            published.append(message)
            await real(channel, message)

        lobby.broker.publish = spy
        portal(a).call(hub.report_online)
        portal(a).call(hub.report_online)  # within ONLINE_EVERY: said once
        clock.advance(ONLINE_EVERY)
        portal(a).call(hub.report_online)
        assert [m["type"] for m in published] == ["online", "online"]
