"""Over real sockets against uvicorn on 127.0.0.1 (SQLite): a server killed with SIGKILL
in the middle of a game loses nothing, and hostile input is refused or kept inert."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from reversi.server.http.identity import COOKIE
from reversi.server.ws.connection import CloseCode
from tests.server.live import Seat, Server, open_table

#: longer than two of the test server's heartbeats: the hall counts as having been down
OUTAGE = 1.0


def mover(seats: list[Seat]) -> Seat:
    turn = seats[0].table["game"]["turn"]
    return next(s for s in seats if s.you["color"] == turn)


def placed(seat: Seat) -> list[str]:
    return [m["square"] for m in seat.table["game"]["moves"] if m["square"]]


def play(seats: list[Seat], cid: str) -> str:
    """The first legal move of whoever is to move, acknowledged and seen by both."""
    seat = mover(seats)
    game = seat.table["game"]
    square = sorted(game["legal"])[0]
    seat.send({"type": "move", "code": seat.code, "square": square, "cid": cid, "ply": game["ply"]})
    reply = seat.until("ack", "error")
    assert reply["type"] == "ack", reply
    for s in seats:
        s.catch_up(reply["version"])
    return str(square)


def restart(server: Server, seats: list[Seat]) -> None:
    """Kills the server, keeps it down for a while, starts it again on the same database."""
    server.kill()
    for seat in seats:
        with pytest.raises(ConnectionClosed):
            while True:
                seat.receive()
        seat.close()
    time.sleep(OUTAGE)
    server.start()


def test_kill_9_mid_game_then_both_reconnect_and_finish_with_nothing_lost(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        code, cookies = open_table(server)
        seats = [Seat(server, cookie, code) for cookie in cookies]
        for seat in seats:
            assert seat.connect()["type"] == "state"
        played = [play(seats, f"m{i}") for i in range(8)]

        # 1. nothing in flight: the clock is not charged for the downtime
        clock = seats[0].table["clock"]
        versions = [s.version for s in seats]
        restart(server, seats)
        for seat, version in zip(seats, versions, strict=True):
            replay = seat.connect(version)  # the missed events, not a full state
            assert replay["type"] == "events" and replay["replay"] is True
            assert [e["kind"] for e in replay["events"]] == ["resumed"]
        downtime = replay["events"][0]["data"]["downtime"]
        assert downtime >= OUTAGE
        after = seats[0].table["clock"]
        assert after["seat"] == clock["seat"]
        assert after["deadline"] == pytest.approx(clock["deadline"] + downtime, abs=0.01)
        assert after["started_at"] == pytest.approx(clock["started_at"] + downtime, abs=0.01)
        assert placed(seats[0]) == played

        # 2. a move in flight when the server dies: committed or not, never twice
        seat = mover(seats)
        game = seat.table["game"]
        square = sorted(game["legal"])[0]
        in_flight = {
            "type": "move",
            "code": code,
            "square": square,
            "cid": "in-flight",
            "ply": game["ply"],
        }
        seat.send(in_flight)
        restart(server, seats)
        for other in seats:
            other.connect(other.version)
        seat.send(in_flight)  # the client sends again what was never acknowledged
        reply = seat.until("ack", "error")
        assert reply["type"] == "ack" or reply["code"] == "duplicate", reply
        version = int(reply.get("version") or seat.version or 0)
        for other in seats:
            other.catch_up(version)
        played.append(square)
        assert placed(seats[0]) == placed(seats[1]) == played

        # 3. the game goes on to its end
        while seats[0].table["status"] == "playing":
            played.append(play(seats, f"m{len(played)}"))
            assert len(played) <= 60
        for seat in seats:
            assert seat.table["status"] == "finished"
            assert seat.table["end"]["reason"] == "game_over"
            assert placed(seat) == played
            # versions came without gaps (Seat.receive checks), so each move once
            assert seat.kinds.count("move") == len(played)
            assert seat.kinds.count("resumed") == 2
            seat.close()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("live"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def table(live: Server) -> tuple[list[Seat], str]:
    code, cookies = open_table(live)
    seats = [Seat(live, cookie, code) for cookie in cookies]
    for seat in seats:
        seat.connect()
    return seats, code


def ping(seat: Seat) -> None:
    seat.send({"type": "ping"})
    seat.until("pong")


@pytest.mark.parametrize(
    "frame, code",
    [
        ("{not json", "bad_json"),
        ("[" * 3000, "bad_json"),  # nesting deeper than the JSON parser's recursion
        ('{"type": "teleport", "code": "X"}', "unknown_type"),
        ('{"type": "move", "code": "X", "square": ["d3"], "cid": "a", "ply": 0}', "bad_message"),
        (
            '{"type": "move", "code": "X", "square": "d3", "cid": "a", "ply": 0, "x": 1}',
            "bad_message",
        ),
        ('"move"', "bad_message"),
    ],
)
def test_bad_frames_get_an_error_and_change_nothing(
    table: tuple[list[Seat], str], frame: str, code: str
) -> None:
    seats, _ = table
    seat = seats[0]
    version = seat.version
    assert seat.ws is not None
    seat.ws.send(frame)
    error = seat.until("error")
    assert error["code"] == code and error["message"]
    ping(seat)  # the socket stays open
    assert seat.version == version


def test_a_binary_frame_is_refused(table: tuple[list[Seat], str]) -> None:
    seat = table[0][0]
    assert seat.ws is not None
    seat.ws.send(b'{"type": "ping"}')
    assert seat.until("error")["code"] == "bad_message"
    ping(seat)


def test_an_oversized_frame_closes_the_socket(table: tuple[list[Seat], str]) -> None:
    seat = table[0][0]
    seat.send({"type": "chat", "code": seat.code, "text": "x" * 10_000})
    assert seat.until("error")["code"] == "too_big"
    with pytest.raises(ConnectionClosed) as closed:
        seat.until("never")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CloseCode.TOO_BIG


def test_stale_moves_and_versions(table: tuple[list[Seat], str]) -> None:
    seats, code = table
    seat = mover(seats)
    game = seat.table["game"]
    first = sorted(game["legal"])[0]
    seat.send({"type": "move", "code": code, "square": first, "cid": "a", "ply": game["ply"]})
    version = seat.until("ack")["version"]
    for s in seats:
        s.catch_up(version)
    # the same move again, and a move for a position that is gone
    seat.send({"type": "move", "code": code, "square": first, "cid": "a", "ply": 0})
    assert seat.until("error")["code"] == "duplicate"
    other = mover(seats)
    other.send({"type": "move", "code": code, "square": "a1", "cid": "b", "ply": 0})
    assert other.until("error")["code"] == "stale"
    ping(other)
    assert all(s.version == version for s in seats)
    # a version from the future or the past: the full state, or exactly what was missed
    fresh = Seat(seat.server, seat.cookie, code)
    assert fresh.connect(version + 1000)["type"] == "state"
    assert fresh.version == version
    fresh.close()
    fresh = Seat(seat.server, seat.cookie, code)
    replay = fresh.connect(version - 1)
    assert replay["type"] == "events" and [e["kind"] for e in replay["events"]] == ["move"]
    fresh.close()


def test_forged_cookies_and_seat_secrets_are_refused(
    live: Server, table: tuple[list[Seat], str]
) -> None:
    seats, code = table
    owner = seats[0].cookie.split(f"{COOKIE}=", 1)[1].split(";", 1)[0]
    forged = owner[:-4] + ("AAAA" if not owner.endswith("AAAA") else "BBBB")
    ws_url = live.base.replace("http://", "ws://") + "/ws"
    with connect(ws_url, additional_headers={"Cookie": f"{COOKIE}={forged}"}) as ws:
        assert json.loads(ws.recv(timeout=10))["code"] == "not_identified"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == CloseCode.NOT_IDENTIFIED
    secret = seats[0].you["secret"]
    other_code, _ = open_table(live)
    with httpx.Client(base_url=live.base) as stranger:
        for guess in (secret[:-1] + ("A" if secret[-1] != "A" else "B"), "", "x" * 500):
            reply = stranger.post(f"/api/tables/{code}/resume", json={"secret": guess})
            assert reply.status_code == 403 and reply.json()["error"] == "bad_secret"
        # a real secret, but of another table
        reply = stranger.post(f"/api/tables/{other_code}/resume", json={"secret": secret})
        assert reply.status_code == 403
        reply = stranger.post(f"/api/tables/{code}/resume", content=b"[" * 3000)
        assert reply.status_code == 400 and reply.json()["error"] == "bad_json"
        assert stranger.get(f"/api/tables/{code}").json()["you"]["seat"] is None
    ping(seats[0])
    seats[0].send({"type": "watch", "code": code})
    assert seats[0].until("state")["you"]["secret"] == secret  # still the owner's


def test_chat_with_html_stays_text(table: tuple[list[Seat], str]) -> None:
    seats, code = table
    payload = '<script>alert("x")</script><img src=x onerror=alert(1)> & </textarea>'
    seats[0].send({"type": "chat", "code": code, "text": payload})
    assert seats[0].until("ack")["type"] == "ack"
    assert seats[1].ws is not None
    while True:
        raw = seats[1].ws.recv(timeout=10)
        assert isinstance(raw, str)
        message: dict[str, Any] = json.loads(raw)
        if message["type"] == "events":
            break
    (event,) = message["events"]
    assert event["kind"] == "chat" and event["data"]["text"] == payload
    # the payload travels only as a JSON string value: the view and the secrets are apart
    assert raw.count("<script>") == 1
    assert seats[0].you["secret"] not in raw and seats[1].you["secret"] not in raw


def test_a_muted_chat_and_a_private_event_skip_the_shared_frame(
    table: tuple[list[Seat], str],
) -> None:
    seats, code = table
    seats[0].send({"type": "mute", "code": code, "muted": True})
    version = seats[0].until("ack")["version"]
    seats[0].catch_up(version)
    assert seats[0].kinds[-1] == "mute"
    seats[1].catch_up(version)  # the versions go on, the event meant for seat 0 does not
    assert "mute" not in seats[1].kinds
    seats[1].send({"type": "chat", "code": code, "text": "hallo"})
    version = seats[1].until("ack")["version"]
    for seat in seats:
        seat.catch_up(version)
    assert seats[1].kinds[-1] == "chat" and "chat" not in seats[0].kinds
    seats[0].send({"type": "chat", "code": code, "text": "ich höre nichts"})
    version = seats[0].until("ack")["version"]
    for seat in seats:
        seat.catch_up(version)
    assert seats[0].kinds.count("chat") == 1 and seats[1].kinds.count("chat") == 2


def test_a_muter_hears_no_callback(live: Server, table: tuple[list[Seat], str]) -> None:
    """After B mutes A, A's "Rückruf" reaches none of B's sockets —
    neither the table's page nor another page of B's."""
    seats, code = table
    caller, muter = seats
    url = live.base.replace("http://", "ws://") + "/ws"
    # another page of B's (the start page): no table watched
    with connect(url, additional_headers={"Cookie": muter.cookie}) as page:
        json.loads(page.recv(timeout=15))  # hello
        muter.send({"type": "mute", "code": code, "muted": True})
        muter.catch_up(muter.until("ack")["version"])
        caller.send({"type": "callback", "code": code})
        version = caller.until("ack")["version"]
        muter.catch_up(version)
        assert "callback" not in muter.kinds
        page.send(json.dumps({"type": "ping"}))
        heard = []
        while (message := json.loads(page.recv(timeout=15)))["type"] != "pong":
            heard.append(message["type"])
        assert "callback" not in heard
        muter.send({"type": "ping"})
        assert "callback" not in [m["type"] for m in until_pong(muter)]


def until_pong(seat: Seat) -> list[dict[str, Any]]:
    messages = []
    while (message := seat.receive())["type"] != "pong":
        messages.append(message)
    return messages
