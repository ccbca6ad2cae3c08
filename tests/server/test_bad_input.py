"""No body gives a 500 — bounded numbers, valid text — and a row
written with a lone surrogate before that is repaired by migration 0004."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import insert
from starlette.testclient import TestClient

from reversi.problems import Problem
from reversi.server.http.duel_routes import MAX_BODY
from reversi.server.http.problem_replies import STATUS, status
from reversi.server.wall_clock import ManualClock
from reversi.storage.migrations import alembic_config
from reversi.storage.schema import DEVICE_GAMES
from reversi.texts import CATALOGUE, text
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal

HUGE = int("9" * 400)
GAME = {
    "id": "device-game-1",
    "level": "mittel",
    "outcome": "win",
    "finished_at": 1_699_990_000.0,
    "detail": {"black": 40},
}


def results_body(game_id: str, finished_at: str, *more: str) -> str:
    """The raw body of POST /api/results with one won game, its fields as given (JSON text)."""
    fields = [f'"id":"{game_id}"', '"level":"mittel"', '"outcome":"win"']
    fields += [f'"finished_at":{finished_at}', *more]
    return '{"results":[{' + ",".join(fields) + "}]}"


def test_the_issues_bodies_get_4xx(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 2) as (a, b):
        code = a.post("/api/tables").json()["code"]
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        answers = [
            a.put("/api/settings", content=f'{{"settings":{{}},"changed_at":{HUGE}}}'),
            a.post("/api/results", content=results_body("device-game-1", str(HUGE))),
            a.post(f"/api/tables/{code}/resume", content=r'{"secret":"\ud800"}'),
            a.post("/api/transfer/redeem", content=r'{"token":"\ud800"}'),
            a.post(
                "/api/results",
                content=results_body("device-game-2", "1699990000", r'"detail":{"black":"\ud800"}'),
            ),
            a.post("/api/me", content=r'{"nickname":"\ud800"}'),
            a.post("/api/me", content=f'{{"nickname":{HUGE}}}'),
        ]
        assert [r.status_code // 100 for r in answers] == [4] * len(answers), [
            (r.status_code, r.text) for r in answers
        ]
        assert all(r.json()["message"] for r in answers)
        assert a.get("/api/me").json()["record"]["computer"]["games"] == 0


def test_migration_0004_repairs_a_lone_surrogate_stored_the_old_way(
    tmp_path: Path, clock: ManualClock
) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        assert a.post("/api/results", json={"results": [GAME]}).status_code == 200
        server = a.app.state.duels  # type: ignore[attr-defined]
        player_id = portal(a).call(server.http.player, _request(a)).id
        # the old route stored this: JSON escapes the lone surrogate as "\ud800"
        portal(a).call(
            server.store.write,
            lambda rows: rows.conn.execute(
                insert(DEVICE_GAMES).values(
                    player_id=player_id,
                    client_id="device-game-2",
                    game="reversi",
                    level="mittel",
                    outcome="win",
                    detail={"black": "\ud800"},
                    finished_at=1_699_990_100.0,
                    received_at=1_699_990_100.0,
                )
            ),
        )
        with pytest.raises(UnicodeEncodeError):
            a.get("/api/me")  # unreadable for good: every answer would carry it

        def again(rows: object) -> None:
            config = alembic_config(rows.conn)  # type: ignore[attr-defined]
            command.downgrade(config, "0003")
            command.upgrade(config, "head")

        portal(a).call(server.store.write, again)
        me = a.get("/api/me")
        assert me.status_code == 200 and me.json()["record"]["computer"]["games"] == 2


def test_valid_text_keeps_pairs_and_replaces_lone_halves() -> None:
    migration = importlib.import_module("reversi.storage.migrations.versions.v0004_valid_text")
    assert migration.valid_text(["😀", "\ud800x"]) == ["😀", "\ufffdx"]


def _request(client: object) -> object:
    from starlette.requests import Request

    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())  # type: ignore[attr-defined]
    return Request({"type": "http", "headers": [(b"cookie", cookie.encode())]})


def test_every_refusal_answers_the_one_shape_with_the_status_of_its_table(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Every kind of HTTP refusal — the duel routes', the hall's, the archive's, the
    guards' and Starlette's own — is ``{error, key, params, message}``, uncached, with
    the status of reversi.server.http.problem_replies.STATUS."""
    with players(make_settings(tmp_path, clock), 3) as (a, b, c):
        code = a.post("/api/tables").json()["code"]
        assert b.post(f"/api/tables/{code}/join").status_code == 200
        answers = {
            "not_found": a.get("/api/nowhere"),
            "bad_method": a.delete("/api/me"),
            "too_big": a.post("/api/me", content=b"x" * (MAX_BODY + 1)),
            "bad_nickname": a.post("/api/me", content='{"nickname": 5}'),
            "bad_json": a.post("/api/me", content="{"),
            "unknown_table": a.get("/api/tables/ZZZZZZ"),
            "table_full": c.post(f"/api/tables/{code}/join"),
            "bad_secret": c.post(f"/api/tables/{code}/resume", json={"secret": "nope"}),
            "not_identified": TestClient(a.app).post("/api/transfer"),
            "bad_transfer.missing": a.post("/api/transfer/redeem", json={}),
            "bad_transfer": a.post("/api/transfer/redeem", json={"token": "nope"}),
            "bad_period": a.get("/api/leaderboard?period=decade"),
            "bad_date": a.get("/api/leaderboard?at=gestern"),
            "not_identified.hall": TestClient(a.app).post("/api/milestones/seen", json={}),
            "too_many": a.post("/api/results", json={"results": [GAME] * 51}),
            "bad_settings": a.put("/api/settings", json={"settings": 1, "changed_at": 1}),
            "bad_limit": a.get("/api/games?limit=0"),
            "bad_game_id": a.get("/api/games/!!"),
            "unknown_game": a.get("/api/games/NOSUCHGAME"),
        }
    for name, response in answers.items():
        body = response.json()
        assert set(body) == {"error", "key", "params", "message"}, (name, body)
        assert body["error"] == name.split(".")[0]
        assert body["message"] == text(body["key"], **body["params"])
        problem = Problem(body["error"], body["key"], **body["params"])
        assert response.status_code == status(problem), name
        assert response.headers["cache-control"] == "no-store", name
    statuses = {name: response.status_code for name, response in answers.items()}
    assert statuses == {
        **dict.fromkeys(answers, 400),
        "not_found": 404,
        "bad_method": 405,
        "too_big": 413,
        "unknown_table": 404,
        "table_full": 409,
        "bad_secret": 403,
        "not_identified": 401,
        "bad_transfer": 404,
        "not_identified.hall": 401,
        "too_many": 413,
        "unknown_game": 404,
    }
    assert answers["bad_method"].headers["allow"]


def test_the_status_table_names_only_codes_and_keys_that_exist() -> None:
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    keys = [name for name in STATUS if "." in name]
    assert keys and all(key in catalogue for key in keys)
    assert status(Problem("bad_date", "hall.error.bad_date")) == 400  # not named: 400
    assert status(Problem("rate_limited", "hall.error.rate_limited")) == 429
