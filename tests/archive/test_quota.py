"""What devices may store is bounded: games per player and per
address a day (429 ``results_full``, the device keeps them), and the newest games of a
player in the archive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from reversi.server.wall_clock import ManualClock
from reversi.texts import text
from tests.app_fixtures import make_settings, players
from tests.archive.test_api import device_game


def test_device_games_are_bounded_per_player_and_address_and_the_newest_kept(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(
        tmp_path,
        clock,
        db_url,
        results_player_limit="5/day",
        results_address_limit="8/day",
        device_games_kept=3,
    )
    with players(settings, 2) as (a, b):

        def send(client: TestClient, first: int, n: int) -> Any:
            batch = [device_game(i) for i in range(first, first + n)]
            return client.post("/api/results", json={"results": batch})

        assert send(a, 0, 3).status_code == 200
        full = send(a, 3, 3)  # 6 > 5 for this player: nothing of it is stored
        assert full.status_code == 429
        assert full.json() == {
            "error": "results_full",
            "key": "hall.error.results_full",
            "params": {},
            "message": text("hall.error.results_full"),
        }
        assert send(a, 3, 2).json()["new"] == ["device-game-3", "device-game-4"]
        listed = a.get("/api/games?player=me").json()["games"]
        # five stored, the newest three kept in the archive
        assert [g["client_id"] for g in listed] == [f"device-game-{i}" for i in (4, 3, 2)]
        assert a.get("/api/me").json()["record"]["computer"]["games"] == 5
        # another player at the same address: three more fill the address's 8
        assert send(b, 10, 3).status_code == 200
        assert send(b, 13, 1).status_code == 429
