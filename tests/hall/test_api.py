"""The hall's JSON API over HTTP (docs/api.md): /api/me, leaderboards, computer games
reported later, settings that follow the player, and bad input that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from reversi.ai.legenden_places import PROGRESS_PLACES
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.helpers import COUNTED_LINE, until_booked


def game(
    i: int, level: str = "mittel", outcome: str = "win", when: float = 1_699_990_000.0
) -> dict[str, Any]:
    return {
        "id": f"device-game-{i}",
        "level": level,
        "outcome": outcome,
        "finished_at": when,
        "detail": {"human": "black", "black": 40, "white": 24},
    }


def finish_a_duel(a: TestClient, b: TestClient) -> str:
    """Opens, joins, five moves each (enough to count), and a resigns: b wins."""
    code = a.post("/api/tables").json()["code"]
    b.post(f"/api/tables/{code}/join")
    with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
        for ws in (wa, wb):
            ws.send_json({"type": "watch", "code": code, "version": None})
        states = [
            next(m for m in iter(ws.receive_json, None) if m["type"] == "state") for ws in (wa, wb)
        ]
        first, second = (wa, wb) if states[0]["you"]["color"] == "black" else (wb, wa)
        for ply, square in enumerate(COUNTED_LINE):
            ws = (first, second)[ply % 2]
            ws.send_json(
                {
                    "type": "move",
                    "code": code,
                    "square": square,
                    "cid": square,
                    "ply": ply,
                    "id": square,
                }
            )
            while (m := ws.receive_json())["type"] != "ack":
                assert m["type"] != "error", m
        wa.send_json({"type": "resign", "code": code, "id": "r"})
        while (m := wa.receive_json())["type"] != "ack":
            assert m["type"] != "error", m
        until_booked(wa)
    return str(code)


def test_me_has_points_level_milestones_and_record(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock)) as (a, b):
        a.post("/api/me", json={"nickname": "Anna"})
        b.post("/api/me", json={"nickname": "Ben"})
        fresh = a.get("/api/me").json()
        assert fresh["nickname"] == "Anna" and fresh["tables"] == []
        assert fresh["level"] == 1 and fresh["new_milestones"] == []
        assert {k: v["points"] for k, v in fresh["points"].items()} == {
            "week": 0,
            "month": 0,
            "year": 0,
        }
        code = finish_a_duel(a, b)
        me_a, me_b = a.get("/api/me").json(), b.get("/api/me").json()
        assert me_a["points"]["week"]["points"] == 1 and me_b["points"]["week"]["points"] == 10
        assert me_b["points"]["week"]["rank"] == 1 and me_a["points"]["week"]["rank"] == 2
        assert (me_a["level"], me_b["level"]) == (2, 3)
        assert me_b["new_milestones"] == ["first_game", "first_win"]
        assert [m["done"] for m in me_b["milestones"]] == [True, True, False, False, False]
        duels = me_b["record"]["duels"]
        assert (duels["games"], duels["wins"], duels["losses"]) == (1, 1, 0)
        assert duels["opponents"] == [
            {"nickname": "Anna", "level": 2, "games": 1, "wins": 1, "draws": 0, "losses": 0}
        ]
        assert duels["recent"][0]["source"] == f"table:{code}"
        board = b.get("/api/leaderboard?period=week").json()
        assert [
            (r["rank"], r["nickname"], r["level"], r["points"], r["you"]) for r in board["rows"]
        ] == [(1, "Ben", 3, 10, True), (2, "Anna", 2, 1, False)]
        # the notice is shown once: then marked seen
        seen = b.post("/api/milestones/seen", json={"ids": ["first_game", "first_win"]})
        assert seen.status_code == 200 and seen.json()["new_milestones"] == []
        assert b.get("/api/milestones").json()["new_milestones"] == []
        assert b.post("/api/milestones/seen", json={"ids": ["nope"]}).status_code == 400
        # a seat shows the level
        table = b.post("/api/tables").json()["table"]
        assert table["seats"][0]["level"] == 3


def test_computer_games_reported_later_count_once(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        batch = [game(1), game(2, "leicht", "loss"), game(3, "schwer", "draw")]
        first = a.post("/api/results", json={"results": batch})
        assert first.status_code == 200
        assert first.json() == {
            "acknowledged": [g["id"] for g in batch],
            "new": [g["id"] for g in batch],
        }
        # the answer got lost: the device sends its queue again, plus a new game
        again = a.post("/api/results", json={"results": [*batch, game(4)]}).json()
        assert again == {
            "acknowledged": [g["id"] for g in [*batch, game(4)]],
            "new": ["device-game-4"],
        }
        computer = a.get("/api/me").json()["record"]["computer"]
        assert computer["games"] == 4
        assert computer["levels"]["mittel"] == {"win": 2, "draw": 0, "loss": 0}
        me = a.get("/api/me").json()
        assert me["level"] == 1 and me["points"]["year"]["points"] == 0
        assert a.get("/api/leaderboard?period=year").json()["rows"] == []


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"results": [game(1), {**game(2), "level": "extrem"}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "outcome": "aborted"}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "id": "x"}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "finished_at": 4_000_000_000}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "finished_at": "gestern"}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "detail": {"x": "y" * 40}}]}, 400, "bad_results"),
        ({"results": [game(1), {**game(2), "points": 10}]}, 400, "bad_results"),
        ({"results": [game(1), game(1)]}, 400, "bad_results"),
        ({"results": [game(1), "win"]}, 400, "bad_results"),
        ({"results": game(1)}, 400, "bad_results"),
        ({"results": [game(i) for i in range(51)]}, 413, "too_many"),
        ([game(1)], 400, "bad_json"),
    ],
)
def test_a_bad_batch_is_refused_whole(
    tmp_path: Path, clock: ManualClock, body: Any, status: int, code: str
) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        answer = a.post("/api/results", json=body)
        assert answer.status_code == status and answer.json()["error"] == code
        assert answer.json()["message"]
        assert a.get("/api/me").json()["record"]["computer"]["games"] == 0


def test_a_huge_or_broken_body_is_refused(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        huge = a.post(
            "/api/results", content=json.dumps({"results": [game(1)], "pad": "x" * 40_000})
        )
        assert huge.status_code == 413 and huge.json()["error"] == "too_big"
        broken = a.post("/api/results", content=b'{"results": [')
        assert broken.status_code == 400 and broken.json()["error"] == "bad_json"
        assert a.put("/api/settings", content="x" * 3000).status_code == 413


def test_the_hall_writes_are_rate_limited(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock, hall_write_limit="3/minute"), 1) as (a,):
        mine = {
            "dots": True,
            "counts": False,
            "level": "leicht",
            "begins": "me",
            "sound": True,
            "motion": True,
        }
        assert a.post("/api/results", json={"results": [game(1)]}).status_code == 200
        assert (
            a.put("/api/settings", json={"settings": mine, "changed_at": clock()}).status_code
            == 200
        )
        assert a.post("/api/results", json={"results": [game(2)]}).status_code == 200
        refused = a.post("/api/results", json={"results": [game(3)]})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert (
            a.put(
                "/api/settings",
                json={"settings": {**mine, "dots": False}, "changed_at": clock() + 1},
            ).status_code
            == 429
        )
        assert a.get("/api/me").json()["record"]["computer"]["games"] == 2
        assert a.get("/api/settings").json()["settings"]["dots"] is True


def test_settings_follow_the_player_to_another_device(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock)) as (a, b):
        assert a.get("/api/settings").json() == {"settings": None, "changed_at": None}
        mine = {
            "dots": False,
            "counts": True,
            "level": "schwer",
            "begins": "computer",
            "sound": True,
            "motion": False,
            "legenden": "3210001",  # the Legenden's stars go along
        }
        saved = a.put("/api/settings", json={"settings": mine, "changed_at": 1_699_999_000})
        assert saved.status_code == 200 and saved.json()["settings"] == mine
        # an older change from a device that was offline does not win
        old = a.put("/api/settings", json={"settings": {"dots": True}, "changed_at": 5})
        assert old.json()["settings"] == mine
        transfer = a.post("/api/transfer").json()
        assert b.post("/api/transfer/redeem", json={"code": transfer["code"]}).status_code == 200
        assert b.get("/api/settings").json() == {"settings": mine, "changed_at": 1_699_999_000}


@pytest.mark.parametrize(
    "body",
    [
        {"settings": {"dots": "ja"}, "changed_at": 1},
        {"settings": {"level": "extrem"}, "changed_at": 1},
        {"settings": {"begins": True}, "changed_at": 1},
        {"settings": {"colour": "rot"}, "changed_at": 1},
        {"settings": {"legenden": "1240"}, "changed_at": 1},
        {"settings": {"legenden": "1" * (len(PROGRESS_PLACES) + 1)}, "changed_at": 1},
        {"settings": {"legenden": 3}, "changed_at": 1},
        {"settings": {"dots": True}, "changed_at": "now"},
        {"settings": {"dots": True}},
        {"settings": [], "changed_at": 1},
        {"settings": {"dots": True}, "changed_at": 1, "extra": 1},
    ],
)
def test_bad_settings_change_nothing(tmp_path: Path, clock: ManualClock, body: Any) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        a.put("/api/settings", json={"settings": {"dots": False}, "changed_at": 1})
        answer = a.put(
            "/api/settings",
            json={**body, "changed_at": body.get("changed_at")} if "changed_at" in body else body,
        )
        assert answer.status_code == 400 and answer.json()["error"] == "bad_settings"
        assert a.get("/api/settings").json()["settings"] == {"dots": False}


def test_leaderboard_queries_are_checked(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        assert a.get("/api/leaderboard?period=day").json()["error"] == "bad_period"
        assert a.get("/api/leaderboard?period=week&at=29.11.2026").json()["error"] == "bad_date"
        board = a.get("/api/leaderboard?period=month&at=2023-02-10")
        assert board.status_code == 200 and board.headers["cache-control"] == "no-store"
        assert board.json()["key"] == "2023-02" and board.json()["you"] is None
        assert "set-cookie" not in board.headers  # looking creates no player


def test_a_game_against_the_legenden_counts_as_a_computer_game_without_points(
    tmp_path: Path, clock: ManualClock
) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        played = {**game(1, "mittel"), "detail": {**game(1)["detail"], "legende": "kuestenwache"}}
        assert a.post("/api/results", json={"results": [played]}).json()["new"] == [played["id"]]
        me = a.get("/api/me").json()
        assert me["record"]["computer"]["levels"]["mittel"] == {"win": 1, "draw": 0, "loss": 0}
        assert me["points"]["year"]["points"] == 0 and me["level"] == 1
