"""The WebSocket protocol in-process (Starlette's TestClient), on SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from reversi.server.http.identity import COOKIE
from reversi.server.http.ratelimit import Limiter
from reversi.server.wall_clock import ManualClock
from reversi.server.ws.connection import CloseCode
from tests.app_fixtures import make_settings, players
from tests.server.helpers import COUNTED_LINE, until_booked


def until(ws: Any, kind: str, limit: int = 30) -> dict[str, Any]:
    """The next message of type ``kind`` (the ones before it are skipped)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind!r} message")


def open_and_join(a: TestClient, b: TestClient) -> tuple[str, dict[str, Any]]:
    created = a.post("/api/tables")
    assert created.status_code == 201
    code = created.json()["code"]
    joined = b.post(f"/api/tables/{code}/join")
    assert joined.status_code == 200
    return code, joined.json()


def watch(ws: Any, code: str, version: int | None = None) -> dict[str, Any]:
    until(ws, "hello")
    ws.send_json({"type": "watch", "code": code, "version": version})
    return dict(ws.receive_json())


def play(ws: Any, code: str, square: str, ply: int) -> dict[str, Any]:
    """Sends the move ``square`` as the ``ply``-th (its id and cid numbered by it); the ack."""
    move = {"type": "move", "code": code, "square": square, "cid": f"m{ply}", "ply": ply}
    ws.send_json({**move, "id": ply})
    return until(ws, "ack")


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def test_a_move_is_acknowledged_and_reaches_both_sides(settings: Any) -> None:
    with players(settings) as (a, b):
        code, _ = open_and_join(a, b)
        with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
            sa, sb = watch(wa, code), watch(wb, code)
            assert sa["type"] == sb["type"] == "state" and sa["version"] == sb["version"]
            assert until(wa, "presence")["code"] == code
            black, white = (wa, wb) if sa["you"]["color"] == "black" else (wb, wa)
            black.send_json(
                {"type": "move", "code": code, "square": "d3", "cid": "m1", "ply": 0, "id": 7}
            )
            ack = until(black, "ack")
            assert ack == {"id": 7, "type": "ack", "version": sa["version"] + 1, "cid": "m1"}
            event = until(white, "events")
            assert event["from"] == event["version"] == sa["version"] + 1
            assert event["events"][0]["kind"] == "move"
            assert event["events"][0]["data"]["square"] == "d3"
            assert event["table"]["game"]["turn"] == "white"
            white.send_json(
                {"type": "move", "code": code, "square": "a1", "cid": "m2", "ply": 1, "id": 8}
            )
            error = until(white, "error")
            assert error["id"] == 8 and error["code"] == "no_flips"
            assert "schließt keinen Stein ein" in error["message"]


@pytest.mark.parametrize(
    "frame, code",
    [
        ("{not json", "bad_json"),
        ('{"type": "fly"}', "unknown_type"),
        ('{"type": "move", "code": "X"}', "bad_message"),
        ('{"type": "move", "code": "X", "square": 3, "cid": "a", "ply": 0}', "bad_message"),
        ("[1, 2]", "bad_message"),
        # no table of this code, or not the player's: the same answer
        ('{"type": "chat", "code": "NOPE99", "text": "hallo"}', "not_seated"),
    ],
)
def test_bad_input_gets_a_clear_error_and_the_socket_stays(
    settings: Any, frame: str, code: str
) -> None:
    with players(settings, 1) as (a,):
        a.get("/api/me")
        ws_context = a.websocket_connect("/ws")
        ws = ws_context.__enter__()
        until(ws, "hello")
        ws.send_text(frame)
        error = until(ws, "error")
        assert error["code"] == code and error["message"]
        ws.send_json({"type": "ping"})
        assert until(ws, "pong")["server_time"] == settings.clock()
        ws_context.__exit__(None, None, None)


def test_an_oversized_frame_closes_the_socket(settings: Any) -> None:
    with players(settings, 1) as (a,):
        a.get("/api/me")
        with a.websocket_connect("/ws") as ws:
            until(ws, "hello")
            ws.send_text('{"type": "chat", "code": "X", "text": "' + "x" * 5000 + '"}')
            assert until(ws, "error")["code"] == "too_big"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == CloseCode.TOO_BIG


def test_a_forged_cookie_is_refused(settings: Any) -> None:
    with players(settings, 1) as (a,):
        a.get("/api/me")
        good = a.cookies[COOKIE]
        a.cookies.clear()
        a.cookies.set(COOKIE, good[:-3] + "abc")
        with a.websocket_connect("/ws") as ws:
            assert ws.receive_json()["code"] == "not_identified"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == CloseCode.NOT_IDENTIFIED
        assert a.post("/api/transfer").status_code == 401


def test_a_reconnecting_client_gets_what_it_missed(settings: Any) -> None:
    with players(settings) as (a, b):
        code, _ = open_and_join(a, b)
        with a.websocket_connect("/ws") as wa:
            state = watch(wa, code)
        version = state["version"]
        black_is_a = state["you"]["color"] == "black"
        with b.websocket_connect("/ws") as wb:
            sb = watch(wb, code)
            if black_is_a:
                wb.send_json({"type": "chat", "code": code, "text": "bist du da?"})
            else:
                wb.send_json({"type": "move", "code": code, "square": "d3", "cid": "m", "ply": 0})
            until(wb, "ack")
        with a.websocket_connect("/ws") as wa:
            replay = watch(wa, code, version)
            assert replay["type"] == "events" and replay["replay"] is True
            assert replay["from"] == version + 1 and replay["version"] == sb["version"] + 1
            assert replay["events"][0]["kind"] in ("chat", "move")
        with a.websocket_connect("/ws") as wa:  # a version from the future: the full state
            assert watch(wa, code, 10_000)["type"] == "state"
        with a.websocket_connect("/ws") as wa:  # up to date: no events, the current table
            latest = watch(wa, code, sb["version"] + 1)
            assert latest["type"] == "events" and latest["events"] == []


def test_call_back_reaches_every_page_of_the_other_player(settings: Any) -> None:
    with players(settings) as (a, b):
        code, _ = open_and_join(a, b)
        with (
            a.websocket_connect("/ws") as wa,
            b.websocket_connect("/ws") as page1,
            b.websocket_connect("/ws") as page2,
        ):
            watch(wa, code)
            until(page1, "hello")
            until(page2, "hello")
            wa.send_json({"type": "callback", "code": code})
            until(wa, "ack")
            for page in (page1, page2):
                call = until(page, "callback")
                assert call["code"] == code and call["link"] == f"/tisch/{code}"
            wa.send_json({"type": "callback", "code": code})
            assert until(wa, "error")["code"] == "too_soon"


@pytest.fixture
def watched_alone(settings: Any) -> Iterator[tuple[TestClient, Any, str, dict[str, Any]]]:
    """A running table that only its first player watches (presence says so): the second
    player, the first one's socket, the code and the second one's join."""
    with players(settings) as (a, b):
        code, joined = open_and_join(a, b)
        with a.websocket_connect("/ws") as wa:
            watch(wa, code)
            assert until(wa, "presence")["seats"] == [True, False]
            yield b, wa, code, joined


def test_presence_shows_who_is_connected(
    watched_alone: tuple[TestClient, Any, str, dict[str, Any]],
) -> None:
    b, wa, code, _ = watched_alone
    with b.websocket_connect("/ws") as wb:
        watch(wb, code)
        assert until(wa, "presence")["seats"] == [True, True]
    assert until(wa, "presence")["seats"] == [True, False]


def test_a_seat_watched_from_a_version_is_still_seated(
    watched_alone: tuple[TestClient, Any, str, dict[str, Any]],
) -> None:
    """A page that watches from its last version (a reconnect) gets no full state,
    yet its seat counts: presence shows it, and events meant for its seat reach it."""
    b, wa, code, joined = watched_alone
    with b.websocket_connect("/ws") as wb:
        assert watch(wb, code, joined["version"])["type"] == "events"
        assert until(wa, "presence")["seats"] == [True, True]
        wb.send_json({"type": "mute", "code": code, "muted": True})
        assert [e["kind"] for e in until(wb, "events")["events"]] == ["mute"]


def test_the_old_device_is_told_when_the_player_moves(settings: Any) -> None:
    with players(settings) as (old, new):
        code, _ = open_and_join(old, new)
        with old.websocket_connect("/ws") as ws:
            watch(ws, code)
            transfer = old.post("/api/transfer").json()
            assert set(transfer) == {"token", "code", "link", "expires_at"}
            redeemed = new.post("/api/transfer/redeem", json={"token": transfer["token"]})
            assert redeemed.status_code == 200
            assert until(ws, "transferred")["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == CloseCode.MOVED_AWAY
        assert new.get(f"/api/tables/{code}").json()["you"]["seat"] == 0
        assert old.get(f"/api/tables/{code}").json()["you"]["seat"] is None
        again = new.post("/api/transfer/redeem", json={"token": transfer["token"]})
        assert again.status_code == 404


def test_the_seat_link_carries_the_player_to_another_device(settings: Any) -> None:
    """Opened in a fresh browser, "Mein Platz auf einem anderen Gerät"
    is a transfer: the seat keeps its player (name, level, record), the new device
    becomes that player, the old one is told; the resignation there is the player's."""
    with players(settings, 3) as (a, b, fresh):
        code, _ = open_and_join(a, b)
        with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
            sa, sb = watch(wa, code), watch(wb, code)
            (black, sblack, bclient), (white, _, _) = sorted(
                [(wa, sa, a), (wb, sb, b)], key=lambda x: x[1]["you"]["color"] != "black"
            )
            names = [seat["name"] for seat in sa["table"]["seats"]]
            owner = bclient.get("/api/me").json()["nickname"]
            for ply, square in enumerate(COUNTED_LINE):  # enough to count in the hall
                play((black, white)[ply % 2], code, square, ply)
            guest = fresh.get("/api/me").json()["nickname"]  # the page asks first
            assert guest != owner
            moved = fresh.post(
                f"/api/tables/{code}/resume", json={"secret": sblack["you"]["secret"]}
            )
            assert moved.status_code == 200
            state = moved.json()
            assert state["you"]["seat"] == sblack["you"]["seat"]
            assert state["you"]["secret"] != sblack["you"]["secret"]  # the link works once
            assert [seat["name"] for seat in state["table"]["seats"]] == names
            assert fresh.get("/api/me").json()["nickname"] == owner
            assert until(black, "transferred")["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                black.receive_json()
            assert closed.value.code == CloseCode.MOVED_AWAY
            with fresh.websocket_connect("/ws") as wf:
                watch(wf, code)
                wf.send_json({"type": "resign", "code": code, "id": 9})
                until(wf, "ack")
            ended = until(white, "events")
            while not any(e["kind"] == "ended" for e in ended["events"]):
                ended = until(white, "events")
            assert [seat["name"] for seat in ended["table"]["seats"]] == names
            until_booked(white)  # the hall's record of the game follows its end
        record = fresh.get("/api/me").json()["record"]["duels"]
        assert (record["games"], record["losses"]) == (1, 1)
        assert bclient.get("/api/me").json()["nickname"] != owner  # signed out there
        again = bclient.post(f"/api/tables/{code}/resume", json={"secret": sblack["you"]["secret"]})
        assert again.status_code == 403


def test_nickname_over_http(settings: Any) -> None:
    with players(settings, 1) as (a,):
        assert a.get("/api/me").json()["nickname"].startswith("Gast ")
        code = a.post("/api/tables").json()["code"]
        assert a.post("/api/me", json={"nickname": "Perle"}).json()["nickname"] == "Perle"
        # the waiting table shows the new name at the opener's seat
        assert a.get(f"/api/tables/{code}").json()["table"]["seats"][0]["name"] == "Perle"
        bad = a.post("/api/me", json={"nickname": "<script>"})
        assert bad.status_code == 400 and bad.json()["error"] == "bad_nickname"


def test_rate_limits(
    tmp_path: Path, clock: ManualClock, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(
        tmp_path,
        clock,
        sqlite_url,
        create_limit="2/minute",
        join_limit="3/minute",
        message_limit="5/minute",
        message_burst=5,
    )
    shared: list[str] = []
    shared_hit = Limiter.hit

    async def counted(self: Limiter, limit: str, *key: str) -> bool:
        shared.append(key[0])
        return await shared_hit(self, limit, *key)

    monkeypatch.setattr(Limiter, "hit", counted)
    with players(settings, 1) as (a,):
        assert [a.post("/api/tables").status_code for _ in range(3)] == [201, 201, 429]
        guesses = [a.post(f"/api/tables/ACDEF{c}/join").status_code for c in "HJKM"]
        assert guesses == [404, 404, 404, 429]
        with a.websocket_connect("/ws") as ws:
            until(ws, "hello")
            for _ in range(5):
                ws.send_json({"type": "ping"})
                until(ws, "pong")
            ws.send_json({"type": "ping"})
            assert until(ws, "error")["code"] == "rate_limited"
    # the flood guard on messages is this process's own: never a round trip to Redis
    assert "create" in shared and "msg" not in shared


def test_chat_is_flood_limited_per_seat(
    tmp_path: Path, clock: ManualClock, sqlite_url: str
) -> None:
    settings = make_settings(tmp_path, clock, sqlite_url, chat_limit="3/minute")
    with players(settings) as (a, b):
        code, _ = open_and_join(a, b)
        with a.websocket_connect("/ws") as wa:
            watch(wa, code)
            replies = []
            for i in range(4):
                wa.send_json({"type": "chat", "code": code, "text": f"{i}", "id": i})
                while True:
                    message = wa.receive_json()
                    if message.get("id") == i:
                        replies.append(message.get("code", message["type"]))
                        break
            assert replies == ["ack", "ack", "ack", "chat_flood"]
