"""A table is "gewertet" or "ungewertet": the opener decides (rated by default, also in
quick pairing), before the start only; a forged flag is a typed error and changes
nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.test_pairing import greeted, tap
from tests.server.test_protocol import until, watch


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def test_the_opener_chooses_rated_or_not_and_a_forged_flag_changes_nothing(settings: Any) -> None:
    with players(settings, 2) as (a, b):
        rated = a.post("/api/tables").json()
        assert rated["table"]["rules"]["rated"] is True
        unrated = a.post("/api/tables", json={"rated": False}).json()
        assert unrated["table"]["rules"]["rated"] is False
        forged = a.post("/api/tables", json={"rated": "ja"})
        assert forged.status_code == 400 and forged.json()["error"] == "bad_private"
        code = rated["code"]
        b.get("/api/me")
        with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
            watch(wa, code)
            wa.send_json({"type": "rules", "code": code, "rated": "ja", "id": 1})
            assert until(wa, "error")["code"] == "bad_message"
            until(wb, "hello")
            wb.send_json({"type": "rules", "code": code, "rated": False, "id": 2})
            assert until(wb, "error")["code"] in ("not_seated", "not_opener")
            wa.send_json({"type": "rules", "code": code, "rated": False, "id": 3})
            until(wa, "ack")
        assert a.get(f"/api/tables/{code}").json()["table"]["rules"]["rated"] is False


def test_quick_pairing_opens_a_rated_table(settings: Any) -> None:
    with players(settings, 2) as (a, b):
        for client in (a, b):
            client.get("/api/me")
        with greeted(a, b) as [wa, wb]:
            waiting = tap(wa)
            assert tap(wb)["paired"] is True
        table = a.get(f"/api/tables/{waiting['code']}").json()["table"]
        assert table["rules"]["rated"] is True
