"""Quick pairing ("Schnelle Partie") over the socket, in-process on SQLite: two taps make
one table, a third waits, cancel, timeout, a dropped search, the preference for a new
opponent, typed errors, and the rate limits of pairing and sitting."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal
from tests.server.test_protocol import open_and_join, until


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def tap(ws: Any, request_id: int = 1) -> dict[str, Any]:
    ws.send_json({"type": "quick", "id": request_id})
    reply = until(ws, "ack")
    assert reply["id"] == request_id
    return reply


@contextlib.contextmanager
def greeted(*clients: Any) -> Iterator[list[Any]]:
    """A socket of each client, past its hello (closed afterwards, the last first)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect("/ws")) for client in clients]
        for ws in sockets:
            until(ws, "hello")
        yield sockets


def server_of(client: Any) -> Any:
    return client.app.state.duels


def test_two_taps_meet_at_one_table_and_a_third_waits(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        for client, name in ((a, "Anna"), (b, "Bert"), (c, "Cleo")):
            client.post("/api/me", json={"nickname": name})
        with greeted(a, b, c) as [wa, wb, wc]:
            waiting = tap(wa)
            assert waiting["paired"] is False and waiting["timeout"] == settings.pair_timeout
            assert tap(wa, 2)["code"] == waiting["code"]  # a tap again: the same search
            paired = tap(wb)
            assert paired == {**paired, "paired": True, "code": waiting["code"]}
            told = until(wa, "paired")
            assert told["code"] == waiting["code"] and told["link"] == f"/tisch/{told['code']}"
            table = a.get(f"/api/tables/{waiting['code']}").json()["table"]
            assert table["status"] == "playing"
            assert sorted(s["name"] for s in table["seats"]) == ["Anna", "Bert"]
            third = tap(wc)
            assert third["paired"] is False and third["code"] != waiting["code"]
            assert tap(wb, 3)["code"] == waiting["code"]  # just paired: the same table


def test_a_search_is_not_listed_and_cancel_ends_it(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        for client in (a, b, c):
            client.get("/api/me")
        with greeted(a, b, c) as [wa, wb, wc]:
            wc.send_json({"type": "lobby"})
            code = tap(wa)["code"]
            assert code not in str(until(wc, "lobby_state"))
            wa.send_json({"type": "quick_cancel", "id": 5})
            assert until(wa, "ack") == {"type": "ack", "id": 5, "code": code}
            assert a.get(f"/api/tables/{code}").json()["table"]["status"] == "aborted"
            wa.send_json({"type": "quick_cancel", "id": 6})
            error = until(wa, "error")
            assert error["id"] == 6 and error["code"] == "not_pairing"
            assert error["message"] == "Du suchst gerade keinen Gegner."
            assert tap(wb)["paired"] is False  # the cancelled search is gone
            tap(wa)
            wb.send_json({"type": "quick_cancel", "id": 7})  # too late: a was quicker
            error = until(wb, "error")
            assert error["code"] == "paired" and error["params"]["table"]


@pytest.mark.parametrize("left", [False, True], ids=["timeout", "socket-left"])
def test_a_search_ends_by_itself(settings: Any, clock: ManualClock, left: bool) -> None:
    """After pair_timeout while its socket stays (the socket is told), or pair_grace after
    its socket left (its table is aborted)."""
    wait, reason = (settings.pair_grace, "away") if left else (settings.pair_timeout, "timeout")
    with players(settings, 1) as (a,), contextlib.ExitStack() as socket:
        a.get("/api/me")
        [wa] = socket.enter_context(greeted(a))
        code = tap(wa)["code"]
        if left:
            socket.close()
        hub = server_of(a).hub
        assert portal(a).call(hub.sweep_searches) == []  # if left: away from now on
        clock.advance(wait - 1)
        assert portal(a).call(hub.sweep_searches) == []
        clock.advance(1)
        assert portal(a).call(hub.sweep_searches) == [(code, reason)]
        if left:
            assert a.get(f"/api/tables/{code}").json()["table"]["status"] == "aborted"
        else:
            ended = until(wa, "pairing_ended")
            assert ended["code"] == code and ended["reason"] == "timeout"


def test_pairing_prefers_someone_you_have_not_just_played(settings: Any) -> None:
    with players(settings, 3) as (a, b, c):
        code, _ = open_and_join(a, b)  # a and b just met
        c.get("/api/me")
        with greeted(a, b, c) as [wa, wb, wc]:
            wa.send_json({"type": "abort", "code": code, "id": 1})
            until(wa, "ack")
            searching_b = tap(wb)["code"]
            searching_a = tap(wa)["code"]  # not b again, not at once
            assert searching_a != searching_b
            paired = tap(wc)  # someone new takes the oldest search
            assert paired["paired"] is True and paired["code"] == searching_b
            assert tap(wa, 2)["code"] == searching_a


def test_two_who_just_played_meet_again_when_nobody_else_comes(
    settings: Any, clock: ManualClock
) -> None:
    with players(settings, 2) as (a, b):
        code, _ = open_and_join(a, b)
        with greeted(a, b) as [wa, wb]:
            wa.send_json({"type": "abort", "code": code, "id": 1})
            until(wa, "ack")
            older = tap(wb)["code"]
            younger = tap(wa)["code"]
            hub = server_of(a).hub
            assert portal(a).call(hub.sweep_searches) == []
            assert a.get(f"/api/tables/{older}").json()["table"]["status"] == "waiting"
            clock.advance(settings.pair_again_after)
            portal(a).call(hub.sweep_searches)
            assert until(wa, "paired")["code"] == older
            assert until(wb, "paired")["code"] == older
            assert a.get(f"/api/tables/{older}").json()["table"]["status"] == "playing"
            assert a.get(f"/api/tables/{younger}").json()["table"]["status"] == "aborted"


def test_pairing_and_sitting_are_rate_limited(
    tmp_path: Path, clock: ManualClock, sqlite_url: str
) -> None:
    settings = make_settings(
        tmp_path, clock, sqlite_url, pair_limit="2/minute", sit_limit="1/minute"
    )
    with players(settings, 3) as (a, b, c):
        for client in (a, b, c):
            client.get("/api/me")
        with greeted(a) as [wa]:
            tap(wa, 1)
            tap(wa, 2)
            wa.send_json({"type": "quick", "id": 3})
            error = until(wa, "error")
            assert error["id"] == 3 and error["code"] == "rate_limited"
            assert error["message"] == "Zu oft „Schnelle Partie“ – bitte warte etwas."
        first = b.post("/api/tables").json()["code"]
        second = c.post("/api/tables").json()["code"]
        assert a.post(f"/api/tables/{first}/join").status_code == 200
        refused = a.post(f"/api/tables/{second}/join")
        assert refused.status_code == 429
        assert refused.json()["message"] == "Zu oft Platz genommen – bitte warte etwas."
        assert c.get(f"/api/tables/{second}").json()["table"]["status"] == "waiting"


def test_pairing_takes_a_rating_in_the_window_that_widens_while_waiting(
    settings: Any, clock: ManualClock
) -> None:
    from reversi.server.duels.pairing import WINDOW_GROWTH, WINDOW_START, rating_window
    from reversi.storage.schema import PLAYERS, RATINGS

    def strong(rows: Any) -> None:  # Bert plays far above the others (all new: 1500)
        bert = rows.conn.execute(PLAYERS.select().where(PLAYERS.c.nickname == "Bert")).first()
        rows.conn.execute(
            RATINGS.insert().values(
                player_id=bert.id,
                time_class="schnell",
                value=2100.0,
                deviation=60.0,
                volatility=0.06,
                games=40,
                updated_at=0.0,
            )
        )

    with players(settings, 4) as (a, b, c, d):
        for client, nickname in ((a, "Anna"), (b, "Bert"), (c, "Cleo"), (d, "Dora")):
            client.post("/api/me", json={"nickname": nickname})
        portal(a).call(server_of(a).store.write, strong)
        with greeted(a, b, c, d) as [wa, wb, wc, wd]:
            far = tap(wb)["code"]  # Bert waits first
            clock.advance(1)
            near = tap(wc)  # Cleo is far below Bert: her own search
            assert near["paired"] is False and near["code"] != far
            paired = tap(wa)  # Anna, rated like Cleo, takes hers, not Bert's older one
            assert paired["paired"] is True and paired["code"] == near["code"]
            assert tap(wd)["paired"] is False  # Dora too far below Bert, for now
            hub = server_of(a).hub
            assert portal(a).call(hub.sweep_searches) == []
            # once Bert has waited long enough, his window holds Dora: they meet
            clock.advance((2100 - 1500 - WINDOW_START) / WINDOW_GROWTH)
            portal(a).call(hub.sweep_searches)
            assert until(wd, "paired")["code"] == far
            assert until(wb, "paired")["code"] == far
    assert rating_window(0) == WINDOW_START < rating_window(settings.pair_timeout) > 1000
