"""Onlookers: counted at the table and in the lobby's running duel; the players' chat
reaches them only where the table allows it; the lobby's running duels come in batches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal
from tests.server.test_protocol import open_and_join, play, until, watch


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def presence_with(ws: Any, onlookers: int) -> dict[str, Any]:
    for _ in range(20):
        message = until(ws, "presence")
        if message["onlookers"] == onlookers:
            return message
    raise AssertionError(f"no presence with {onlookers} onlookers")


def test_onlookers_are_counted_at_the_table_and_in_the_lobby(settings: Any) -> None:
    with players(settings, 4) as (a, b, c, d):
        code, _ = open_and_join(a, b)
        for client in (c, d):
            client.get("/api/me")
        with a.websocket_connect("/ws") as wa, d.websocket_connect("/ws") as wd:
            assert watch(wa, code)["onlookers"] == 0
            until(wd, "hello")
            wd.send_json({"type": "lobby"})
            [duel] = until(wd, "lobby_state")["duels"]
            assert duel["onlookers"] == 0
            with c.websocket_connect("/ws") as wc, c.websocket_connect("/ws") as wc2:
                watch(wc, code)
                presence_with(wa, 1)
                watch(wc2, code)  # the same player's second page counts once
                for _ in range(20):  # the lobby learns it with its next frame
                    counts = until(wd, "lobby_onlookers")["onlookers"]
                    if counts.get(code) == 1:
                        break
                else:
                    raise AssertionError("the lobby never counted the onlooker")
                wd.send_json({"type": "lobby"})
                assert until(wd, "lobby_state")["duels"][0]["onlookers"] == 1
                table = c.get(f"/api/tables/{code}").json()
                assert table["you"]["seat"] is None
            presence_with(wa, 0)


@pytest.mark.parametrize("allowed", [False, True])
def test_onlookers_read_the_chat_only_if_the_table_allows_it(settings: Any, allowed: bool) -> None:
    with players(settings, 3) as (a, b, c):
        code = a.post("/api/tables", json={"onlooker_chat": allowed}).json()["code"]
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        c.get("/api/me")
        with (
            a.websocket_connect("/ws") as wa,
            b.websocket_connect("/ws") as wb,
            c.websocket_connect("/ws") as wc,
        ):
            watch(wa, code)
            watch(wb, code)
            state = watch(wc, code)
            assert state["table"]["rules"]["onlooker_chat"] is allowed
            wa.send_json({"type": "chat", "code": code, "text": "Geheimtipp", "id": 1})
            until(wa, "ack")
            assert until(wb, "events")["events"][0]["kind"] == "chat"
            wa.send_json({"type": "resign", "code": code, "id": 2})  # any later event
            seen = until(wc, "events")
            kinds = [e["kind"] for e in seen["events"]]
            if allowed:
                assert kinds == ["chat"]
            else:
                assert "chat" not in kinds and seen["version"] == state["version"] + 1
            chat = c.get(f"/api/tables/{code}").json()["chat"]
            assert [line["text"] for line in chat] == (["Geheimtipp"] if allowed else [])
            assert [line["text"] for line in a.get(f"/api/tables/{code}").json()["chat"]] == [
                "Geheimtipp"
            ]


def test_the_onlooker_chat_rule_is_the_openers_before_the_start(settings: Any) -> None:
    with players(settings, 1) as (a,):
        code = a.post("/api/tables").json()["code"]
        with a.websocket_connect("/ws") as wa:
            assert watch(wa, code)["table"]["rules"]["onlooker_chat"] is False
            wa.send_json({"type": "rules", "code": code, "onlooker_chat": True, "id": 1})
            until(wa, "ack")
        assert a.get(f"/api/tables/{code}").json()["table"]["rules"]["onlooker_chat"]
        assert a.post("/api/tables", json={"onlooker_chat": "ja"}).status_code == 400


def test_running_duels_reach_the_lobby_in_batches(
    tmp_path: Path, clock: ManualClock, sqlite_url: str
) -> None:
    # a long interval: the test flushes the batch itself
    settings = make_settings(tmp_path, clock, sqlite_url, lobby_interval=600.0)
    with players(settings, 3) as (a, b, c):
        code, _ = open_and_join(a, b)
        c.get("/api/me")
        with (
            a.websocket_connect("/ws") as wa,
            b.websocket_connect("/ws") as wb,
            c.websocket_connect("/ws") as wc,
        ):
            seats = {}
            for ws in (wa, wb):
                state = watch(ws, code)
                seats[state["you"]["color"]] = ws
            until(wc, "hello")
            wc.send_json({"type": "lobby"})
            until(wc, "lobby_state")
            server = a.app.state.duels  # type: ignore[attr-defined]
            before = server.hub.lobby.batches
            version = state["version"]
            for ply in range(6):  # six moves within one interval
                table = a.get(f"/api/tables/{code}").json()["table"]
                color = table["game"]["turn"]
                square = next(iter(table["game"]["legal"]))
                version = play(seats[color], code, square, ply)["version"]
            assert server.hub.lobby.batches == before
            portal(a).call(server.hub.lobby.flush)
            batch = until(wc, "lobby_events")
            [event] = batch["events"]  # one frame with the newest row only: its counts
            assert event["op"] == "moved" and event["version"] == version
            assert event["ply"] == 6 and sum(event["counts"].values()) == 10
            assert server.hub.lobby.batches == before + 1
