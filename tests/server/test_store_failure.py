"""A store that cannot write (a full disk, a read-only file) is answered with the JSON
error and 503, never a plain 500."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from reversi.server.wall_clock import ManualClock
from reversi.texts import text
from tests.app_fixtures import make_settings, players


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/me", None),
        ("POST", "/api/tables", {}),
        ("PUT", "/api/settings", {"settings": {"dots": True}, "changed_at": 1_700_000_000}),
    ],
)
def test_a_new_visitor_gets_503_with_the_json_error_when_the_disk_is_full(
    tmp_path: Path, clock: ManualClock, db_url: str, method: str, path: str, body: Any
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        store = a.app.state.duels.store  # type: ignore[attr-defined]

        async def full(fn: Any) -> Any:
            raise OperationalError(
                "INSERT", {}, sqlite3.OperationalError("database or disk is full")
            )

        store.write = full
        answer = a.request(method, path, json=body)
        assert answer.status_code == 503, answer.text
        assert answer.json() == {
            "error": "unavailable",
            "key": "server.unavailable",
            "params": {},
            "message": text("server.unavailable"),
        }
        assert answer.headers["cache-control"] == "no-store"
        assert "reversi_player" not in answer.headers.get("set-cookie", "")
