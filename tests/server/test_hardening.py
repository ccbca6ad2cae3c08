"""Guessing codes, new players, abandoned tables, the
chat of finished tables, sockets per player and address, renames, the cookie's age,
``Secure`` over TLS (and the cookie without a time refused), the socket's
Origin and the browser headers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from itsdangerous import URLSafeSerializer
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from reversi.server.duel_server import create_duel_app
from reversi.server.http.identity import COOKIE
from reversi.server.wall_clock import ManualClock
from reversi.server.ws.connection import CloseCode
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal


def until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(kind)


def test_guessed_codes_run_out_and_then_every_lookup_is_refused(
    tmp_path: Path, clock: ManualClock
) -> None:
    settings = make_settings(tmp_path, clock, guess_limit="3/day")
    with players(settings, 3) as (a, b, c):
        code = a.post("/api/tables").json()["code"]
        assert b.get(f"/api/tables/{code}").status_code == 200
        guesses = [b.get(f"/api/tables/{g}").status_code for g in ("ZZZZZ2", "ZZZZZ3", "ZZZZZ4")]
        assert guesses == [404, 404, 404]
        assert b.get("/api/tables/ZZZZZ5").status_code == 429
        # no oracle: a table that exists is refused as well now, from this address
        assert b.get(f"/api/tables/{code}").status_code == 429
        assert c.get(f"/api/tables/{code}").status_code == 429
        # the opener sits there: their own table is never limited
        assert a.get(f"/api/tables/{code}").status_code == 200
        # the socket's watch counts the same
        c.get("/api/me")
        with c.websocket_connect("/ws") as ws:
            until(ws, "hello")
            ws.send_json({"type": "watch", "code": "ZZZZZ6", "version": None})
            assert until(ws, "error")["code"] == "rate_limited"


def test_a_socket_guesses_within_its_own_limits(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock, guess_limit="2/day"), 1) as (a,):
        a.get("/api/me")
        with a.websocket_connect("/ws") as ws:
            until(ws, "hello")
            for g in ("ZZZZZ2", "ZZZZZ3"):
                ws.send_json({"type": "watch", "code": g, "version": None})
                assert until(ws, "error")["code"] == "unknown_table"
            ws.send_json({"type": "watch", "code": "ZZZZZ4", "version": None})
            assert until(ws, "error")["code"] == "rate_limited"


def test_new_players_per_address_are_limited(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock, new_player_limit="3/hour"), 1) as (a,):
        answers = []
        for _ in range(4):
            a.cookies.clear()
            answers.append(a.get("/api/me").status_code)
        assert answers == [200, 200, 200, 429]
        assert a.post("/api/tables").status_code == 429


def test_a_waiting_table_closes_when_its_opener_left_for_ten_minutes(
    tmp_path: Path, clock: ManualClock
) -> None:
    with players(make_settings(tmp_path, clock), 2) as (a, b):
        left = a.post("/api/tables").json()["code"]
        stays = b.post("/api/tables").json()["code"]
        hub = a.app.state.duels.hub  # type: ignore[attr-defined]
        with b.websocket_connect("/ws") as ws:
            until(ws, "hello")
            assert portal(a).call(hub.close_abandoned) == []
            clock.advance(599)
            assert portal(a).call(hub.close_abandoned) == []
            clock.advance(2)
            assert portal(a).call(hub.close_abandoned) == [left]
        assert a.get(f"/api/tables/{left}").json()["table"]["status"] == "aborted"
        assert b.get(f"/api/tables/{stays}").json()["table"]["status"] == "waiting"


def test_a_finished_tables_chat_is_for_its_two_players(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 3) as (a, b, c):
        # onlookers read along only at a table that allows it (docs/protocol.md)
        code = a.post("/api/tables", json={"onlooker_chat": True}).json()["code"]
        b.post(f"/api/tables/{code}/join")
        with a.websocket_connect("/ws") as ws:
            until(ws, "hello")
            ws.send_json({"type": "watch", "code": code, "version": None})
            until(ws, "state")
            ws.send_json({"type": "chat", "code": code, "text": "geheim", "id": 1})
            until(ws, "ack")
            assert [line["text"] for line in c.get(f"/api/tables/{code}").json()["chat"]] == [
                "geheim"
            ]  # a running game's chat: spectators read along
            ws.send_json({"type": "abort", "code": code, "id": 2})
            until(ws, "ack")
        assert c.get(f"/api/tables/{code}").json()["chat"] == []
        assert [line["text"] for line in b.get(f"/api/tables/{code}").json()["chat"]] == ["geheim"]


@pytest.mark.parametrize(
    ("cap", "code"),
    [
        ("sockets_per_player", CloseCode.TOO_MANY),
        ("sockets_per_address", CloseCode.TRY_AGAIN_LATER),
    ],
)
def test_sockets_are_capped(tmp_path: Path, clock: ManualClock, cap: str, code: int) -> None:
    with players(make_settings(tmp_path, clock, None, **{cap: 2}), 1) as (a,):
        a.get("/api/me")
        with a.websocket_connect("/ws") as one, a.websocket_connect("/ws") as two:
            until(one, "hello")
            until(two, "hello")
            with a.websocket_connect("/ws") as three:
                refused = three.receive_json()
                assert refused["code"] == "too_many" and refused["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == code and closed.value.reason
        with a.websocket_connect("/ws") as again:  # the others closed: room again
            until(again, "hello")


def test_renames_are_limited_coalesced_and_hidden_from_the_muter(
    tmp_path: Path, clock: ManualClock
) -> None:
    with players(make_settings(tmp_path, clock, rename_limit="3/10minutes"), 2) as (a, b):
        code = a.post("/api/tables").json()["code"]
        b.post(f"/api/tables/{code}/join")
        version = b.get(f"/api/tables/{code}").json()["version"]
        assert a.post("/api/me", json={"nickname": "Erster"}).status_code == 200
        assert a.post("/api/me", json={"nickname": "Zweiter"}).status_code == 200
        after = b.get(f"/api/tables/{code}").json()
        assert "Zweiter" in str(after["table"]["seats"])
        server = a.app.state.duels  # type: ignore[attr-defined]
        missed = portal(a).call(server.service.missed, code, version)
        # the second rename within a minute: coalesced, no notice of its own
        assert [e["data"]["notice"] for e in missed["events"]] == [True, False]
        assert a.post("/api/me", json={"nickname": "Dritter"}).status_code == 200
        refused = a.post("/api/me", json={"nickname": "Vierter"})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        clock.advance(61)
        with b.websocket_connect("/ws") as ws:
            until(ws, "hello")
            ws.send_json({"type": "watch", "code": code, "version": None})
            until(ws, "state")
            ws.send_json({"type": "mute", "code": code, "muted": True, "id": 1})
            until(ws, "ack")
            portal(a).call(a.app.state.duels.limiter.reset)  # type: ignore[attr-defined]
            assert a.post("/api/me", json={"nickname": "Fünfter"}).status_code == 200
            ws.send_json({"type": "ping"})
            seen = []
            while (message := ws.receive_json())["type"] != "pong":
                seen += [e["kind"] for e in message.get("events", [])]
            assert "renamed" not in seen


def test_the_cookie_ages_is_renewed_and_is_secure_over_tls(
    tmp_path: Path, clock: ManualClock
) -> None:
    settings = make_settings(tmp_path, clock, cookie_max_age=1000, cookie_refresh=100)
    app = create_duel_app(settings)
    with TestClient(app, base_url="https://testserver") as a:
        first = a.get("/api/me")
        assert "secure" in first.headers["set-cookie"].lower()
        name = first.json()["nickname"]
        clock.advance(50)
        assert "set-cookie" not in a.get("/api/me").headers
        clock.advance(100)
        renewed = a.get("/api/me")
        assert "set-cookie" in renewed.headers and renewed.json()["nickname"] == name
        old = a.cookies[COOKIE]
        clock.advance(1001)
        a.cookies.clear()
        a.cookies.set(COOKIE, old)
        assert a.get("/api/me").json()["nickname"] != name  # too old: a new guest
    with TestClient(create_duel_app(make_settings(tmp_path / "b", clock))) as plain:
        assert "secure" not in plain.get("/api/me").headers["set-cookie"].lower()


def test_the_socket_checks_its_origin_and_answers_carry_browser_headers(
    tmp_path: Path, clock: ManualClock
) -> None:
    settings = make_settings(tmp_path, clock, origins=("https://reversi.example",))
    with players(settings, 1) as (a,):
        me = a.get("/api/me")
        assert "frame-ancestors 'none'" in me.headers["content-security-policy"]
        assert me.headers["x-content-type-options"] == "nosniff"
        with (
            pytest.raises(WebSocketDisconnect),
            a.websocket_connect("/ws", headers={"Origin": "https://evil.example"}) as ws,
        ):
            ws.receive_json()
        for origin in ("https://reversi.example", "http://testserver"):
            with a.websocket_connect("/ws", headers={"Origin": origin}) as ws:
                until(ws, "hello")
        assert a.post("/api/results", content=b"x" * 40_000).status_code == 413


def test_a_cookie_of_the_earlier_form_without_a_time_is_refused(
    tmp_path: Path, clock: ManualClock
) -> None:
    settings = make_settings(tmp_path, clock)
    with players(settings, 1) as (a,):
        name = a.get("/api/me").json()["nickname"]
        server = a.app.state.duels  # type: ignore[attr-defined]
        player = a.portal.call(server.identity.from_cookie, a.cookies[COOKIE])  # type: ignore[union-attr]
        assert player is not None and player.nickname == name
        # what the hall signed before cookies carried their time
        untimed = URLSafeSerializer(settings.signing_secret(), salt="reversi.player")
        old = untimed.dumps({"p": player.id, "g": player.generation})
        assert a.portal.call(server.identity.from_cookie, old) is None  # type: ignore[union-attr]
        a.cookies.clear()
        a.cookies.set(COOKIE, old)
        assert a.get("/api/games?player=me").status_code == 401
        fresh = a.get("/api/me")  # a new guest, with a cookie of the new form
        assert fresh.json()["nickname"] != name and "set-cookie" in fresh.headers
        assert old not in fresh.headers["set-cookie"]
