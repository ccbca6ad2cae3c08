"""A socket's life (connection.Link) and its registration with the hub: a closed socket
is counted out of everything even when a step fails, and that failure is logged once."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from reversi.server.wall_clock import ManualClock
from reversi.server.ws.connection import Link
from tests.app_fixtures import make_settings, players


def test_a_failing_step_of_counting_out_is_logged_once_and_the_rest_is_done(
    tmp_path: Path, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        a.get("/api/me")
        hub = a.app.state.duels.hub  # type: ignore[attr-defined]
        counted = hub.lobby.count_online

        async def failing(count: int, came: str | None = None, left: str | None = None) -> None:
            if left is not None:
                raise ConnectionError("the broker is away")
            await counted(count, came=came, left=left)

        hub.lobby.count_online = failing
        with caplog.at_level(logging.ERROR, "reversi.ws"):
            with a.websocket_connect("/ws") as ws:
                assert ws.receive_json()["type"] == "hello"
                conns = [c for cs in hub.players.values() for c in cs]
                assert [c.link for c in conns] == [Link.OPEN]
            deadline = time.monotonic() + 30
            while hub.addresses and time.monotonic() < deadline:
                time.sleep(0.02)
        assert hub.addresses == {} and hub.players == {}
        assert conns[0].link is Link.GONE and conns[0].closed
    failures = [r for r in caplog.records if "failed for a closed socket" in r.getMessage()]
    assert [r.getMessage() for r in failures] == [
        "counting a player out failed for a closed socket"
    ]
    assert "the broker is away" in caplog.text
