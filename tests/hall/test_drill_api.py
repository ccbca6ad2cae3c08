"""The drill's progress over HTTP (docs/api.md, ``/api/drill``) on SQLite and
PostgreSQL: it follows the player to another device, two devices' changes merge item by
item (the later change wins), and a bad body is refused whole and stores nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reversi.hall.api import MAX_DRILL_BATCH, MAX_DRILL_BODY, MAX_DRILL_ITEMS
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players

START = "---------------------------OX------XO--------------------------- X"


def item(game: str = "g1", ply: int = 8, **changes: Any) -> dict[str, Any]:
    return {
        "id": f"{game}:{ply}", "game": game, "ply": ply, "obf": START, "color": "white",
        "played": "e6", "playedScore": -64, "best": "c6", "bestScore": 10, "loss": 74,
        "mark": "blunder", "due": 20_424, "streak": 0, "changed_at": 1_699_990_000.0,
        **changes,
    }  # fmt: skip


def test_the_drill_follows_the_player_and_merges(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url)) as (phone, laptop):
        assert phone.get("/api/drill").json() == {"items": []}
        first = phone.put("/api/drill", json={"items": [item(), item("g2", 5)]})
        assert first.status_code == 200
        assert {i["id"] for i in first.json()["items"]} == {"g1:8", "g2:5"}
        code = phone.post("/api/transfer").json()["code"]
        assert laptop.post("/api/transfer/redeem", json={"code": code}).status_code == 200
        assert laptop.get("/api/drill").json()["items"] == first.json()["items"]
        # the laptop answers g1:8 later; the player moves back to the phone, which still
        # holds its old copy and has a new item: the later answer and every item stay
        solved = item(due=20_425, streak=1, solved=1, changed_at=1_699_995_000.0)
        laptop.put("/api/drill", json={"items": [solved]})
        code = laptop.post("/api/transfer").json()["code"]
        assert phone.post("/api/transfer/redeem", json={"code": code}).status_code == 200
        merged = phone.put("/api/drill", json={"items": [item(), item("g3", 9)]}).json()
        by_id = {i["id"]: i for i in merged["items"]}
        assert set(by_id) == {"g1:8", "g2:5", "g3:9"}
        assert by_id["g1:8"] == {**solved, "missed": 0}
        assert phone.get("/api/drill").json() == merged


def test_the_newest_items_stay_and_a_future_time_is_cut(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        many = [item(f"g{n}", changed_at=1_699_000_000.0 + n) for n in range(MAX_DRILL_ITEMS)]
        for start in range(0, MAX_DRILL_ITEMS, MAX_DRILL_BATCH):
            batch = many[start : start + MAX_DRILL_BATCH]
            assert a.put("/api/drill", json={"items": batch}).status_code == 200
        later = a.put("/api/drill", json={"items": [item("new", changed_at=9e11)]}).json()
        ids = [i["id"] for i in later["items"]]
        assert len(ids) == MAX_DRILL_ITEMS and ids[0] == "new:8" and "g0:8" not in ids
        assert later["items"][0]["changed_at"] == clock() + 60


BAD = [
    {"items": [item(ply=0)]},
    {"items": [item(obf="x" * 66)]},
    {"items": [item(played="z9")]},
    {"items": [item(color="red")]},
    {"items": [item(mark="inaccuracy")]},
    {"items": [item(due="morgen")]},
    {"items": [item(streak=-1)]},
    {"items": [item(playedScore=65)]},
    {"items": [item(changed_at=None)]},
    {"items": [item(id="g1:9")]},
    {"items": [{**item(), "extra": 1}]},
    {"items": [{k: v for k, v in item().items() if k != "best"}]},
    {"items": [item(), item()]},
    {"items": "g1:8"},
    {"items": [item()], "more": 1},
    {},
    [],
    {"items": [item(f"g{n}") for n in range(MAX_DRILL_BATCH + 1)]},
]


@pytest.mark.parametrize("body", BAD)
def test_a_bad_drill_changes_nothing(
    tmp_path: Path, clock: ManualClock, db_url: str, body: Any
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        kept = a.put("/api/drill", json={"items": [item("kept")]}).json()
        answer = a.put("/api/drill", content=json.dumps(body))
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert problem["error"] in ("bad_drill", "bad_json") and problem["message"]
        assert a.get("/api/drill").json() == kept


def test_a_huge_or_broken_drill_is_refused(tmp_path: Path, clock: ManualClock, db_url: str) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        huge = a.put("/api/drill", content="x" * (MAX_DRILL_BODY + 1))
        assert huge.status_code == 413 and huge.json()["error"] == "too_big"
        broken = a.put("/api/drill", content=b'{"items": [')
        assert broken.status_code == 400 and broken.json()["error"] == "bad_json"
        text = a.put("/api/drill", content=b'{"items": ["\\ud800"]}')
        assert text.status_code == 400 and text.json()["error"] == "bad_text"
        assert a.get("/api/drill").json() == {"items": []}


def test_drill_writes_count_with_the_hall_writes(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock, hall_write_limit="2/minute"), 1) as (a,):
        assert a.put("/api/drill", json={"items": [item("a")]}).status_code == 200
        assert a.put("/api/drill", json={"items": [item("b")]}).status_code == 200
        refused = a.put("/api/drill", json={"items": [item("c")]})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert [i["id"] for i in a.get("/api/drill").json()["items"]] == ["b:8", "a:8"]
