"""The opening trainer's progress over HTTP (docs/api.md, ``/api/openings``): it follows
the player to another device and merges like the drill's, is kept apart from the
drill's, and a bad body is refused whole and stores nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reversi.hall.api import MAX_DRILL_BATCH
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players


def card(line: str = "tiger", color: str = "black", **changes: Any) -> dict[str, Any]:
    return {
        "id": f"{line}:{color}", "line": line, "color": color, "due": 20_424, "streak": 1,
        "solved": 1, "missed": 0, "changed_at": 1_699_990_000.0, **changes,
    }  # fmt: skip


def test_the_lines_follow_the_player_and_merge(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url)) as (phone, laptop):
        assert phone.get("/api/openings").json() == {"items": []}
        first = phone.put("/api/openings", json={"items": [card(), card("buch-3", "white")]})
        assert first.status_code == 200
        assert {i["id"] for i in first.json()["items"]} == {"tiger:black", "buch-3:white"}
        # the drill's deck is another
        assert phone.get("/api/drill").json() == {"items": []}
        code = phone.post("/api/transfer").json()["code"]
        assert laptop.post("/api/transfer/redeem", json={"code": code}).status_code == 200
        assert laptop.get("/api/openings").json()["items"] == first.json()["items"]
        # a miss on the laptop later than the phone's old copy wins
        missed = card(due=20_425, streak=0, missed=1, changed_at=1_699_995_000.0)
        merged = laptop.put("/api/openings", json={"items": [missed, card("cat")]}).json()
        by_id = {i["id"]: i for i in merged["items"]}
        assert by_id["tiger:black"] == missed and set(by_id) == {
            "tiger:black",
            "buch-3:white",
            "cat:black",
        }
        assert laptop.get("/api/openings").json() == merged


BAD = [
    {"items": [card(id="tiger:white")]},
    {"items": [card(line="Tiger!")]},
    {"items": [card(color="red")]},
    {"items": [card(due=-1)]},
    {"items": [card(streak="1")]},
    {"items": [card(changed_at=None)]},
    {"items": [{**card(), "extra": 1}]},
    {"items": [{k: v for k, v in card().items() if k != "line"}]},
    {"items": [card(), card()]},
    {"items": [card(f"l{n}") for n in range(MAX_DRILL_BATCH + 1)]},
    {"items": "tiger"},
    {},
]


@pytest.mark.parametrize("body", BAD)
def test_a_bad_body_changes_nothing(
    tmp_path: Path, clock: ManualClock, db_url: str, body: Any
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        kept = a.put("/api/openings", json={"items": [card("kept")]}).json()
        answer = a.put("/api/openings", content=json.dumps(body))
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert problem["error"] == "bad_openings" and problem["message"]
        assert a.get("/api/openings").json() == kept
