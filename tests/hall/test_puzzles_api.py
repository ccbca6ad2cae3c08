"""The puzzle progress over HTTP (docs/api.md, ``/api/puzzles``): the attempts follow the
player to another device and merge attempt by attempt, and a bad body is refused whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reversi.hall.api import MAX_DRILL_BATCH
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players


def attempt(
    puzzle: str = "0123abcd", at: float = 1_699_990_000.0, **changes: Any
) -> dict[str, Any]:
    return {
        "id": f"{puzzle}@{int(at * 1000)}",
        "puzzle": puzzle,
        "ok": True,
        "changed_at": at,
        **changes,
    }


def test_the_attempts_follow_the_player_and_merge(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url)) as (phone, laptop):
        assert phone.get("/api/puzzles").json() == {"items": []}
        first = phone.put(
            "/api/puzzles", json={"items": [attempt(), attempt("ffff0000", ok=False)]}
        )
        assert first.status_code == 200, first.text
        code = phone.post("/api/transfer").json()["code"]
        assert laptop.post("/api/transfer/redeem", json={"code": code}).status_code == 200
        assert laptop.get("/api/puzzles").json()["items"] == first.json()["items"]
        # solved offline on the laptop, sent when it is online again
        later = attempt("00000001", at=1_699_995_000.0)
        merged = laptop.put("/api/puzzles", json={"items": [later, attempt()]}).json()["items"]
        assert [a["id"] for a in merged] == [
            later["id"],
            attempt("ffff0000", ok=False)["id"],
            attempt()["id"],
        ]
        # the drill's list is another one
        assert laptop.get("/api/drill").json() == {"items": []}


BAD = [
    {"items": [attempt(id="0123abcd@x")]},
    {"items": [attempt(puzzle="0123ABCD")]},
    {"items": [attempt(id="ffffffff@1")]},
    {"items": [attempt(ok="ja")]},
    {"items": [attempt(changed_at=-1)]},
    {"items": [{**attempt(), "rating": 1500}]},
    {"items": [attempt(), attempt()]},
    {"items": [attempt(at=1_699_990_000.0 + n) for n in range(MAX_DRILL_BATCH + 1)]},
    {},
]


@pytest.mark.parametrize("body", BAD)
def test_a_bad_attempt_list_changes_nothing(
    tmp_path: Path, clock: ManualClock, db_url: str, body: Any
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        kept = a.put("/api/puzzles", json={"items": [attempt()]}).json()
        answer = a.put("/api/puzzles", content=json.dumps(body))
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert problem["error"] == "bad_puzzles" and problem["message"]
        assert a.get("/api/puzzles").json() == kept
