"""No body gives a 500 — bounded numbers, valid text — and a row
written with a lone surrogate before that is repaired by migration 0004."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import insert

from reversi.server.clock import ManualClock
from reversi.storage.migrations import alembic_config
from reversi.storage.schema import DEVICE_GAMES
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
