"""Quick pairing with a clock and "Zufallseröffnung (XOT)": a tap meets only a search of
the same clock and XOT; the table gets them; a Fernpartie or an unknown clock is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.test_pairing import greeted
from tests.server.test_protocol import until


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def tap(ws: Any, request_id: int, **choice: Any) -> dict[str, Any]:
    ws.send_json({"type": "quick", "id": request_id, **choice})
    reply = until(ws, "ack")
    assert reply["id"] == request_id
    return reply


def test_a_tap_meets_only_a_search_of_the_same_clock_and_xot(settings: Any) -> None:
    with players(settings, 4) as (a, b, c, d):
        for client, name in ((a, "Anna"), (b, "Bert"), (c, "Cleo"), (d, "Dora")):
            client.post("/api/me", json={"nickname": name})
        with greeted(a, b, c, d) as [wa, wb, wc, wd]:
            blitz = tap(wa, 1, clock="3+2", xot=True)
            assert blitz["paired"] is False
            other = tap(wb, 1)  # the time per move, no XOT: its own search
            assert other["paired"] is False and other["code"] != blitz["code"]
            plain = tap(wd, 1, clock="3+2")  # the clock alone is not enough
            assert plain["paired"] is False and plain["code"] not in (blitz["code"], other["code"])
            paired = tap(wc, 1, clock="3+2", xot=True)
            assert paired["paired"] is True and paired["code"] == blitz["code"]
            table = a.get(f"/api/tables/{blitz['code']}").json()["table"]
            assert table["status"] == "playing"
            assert table["rules"]["clock"] == "3+2" and table["rules"]["xot"] is True
            assert len(table["rules"]["xot_start"]) == 16
            assert table["clock"]["left"] == [180.0, 180.0]
            again = tap(wb, 2)
            assert again["code"] == other["code"] and again["paired"] is False


@pytest.mark.parametrize("chosen", ["2d", "9+9", ""])
def test_a_fernpartie_or_an_unknown_clock_is_refused(settings: Any, chosen: str) -> None:
    with players(settings, 1) as (a,):
        a.post("/api/me", json={"nickname": "Anna"})
        with greeted(a) as [wa]:
            wa.send_json({"type": "quick", "id": 1, "clock": chosen})
            error = until(wa, "error")
            assert error["code"] == "bad_rules" and "3+2" in error["message"]
            assert "2d" not in error["message"]
