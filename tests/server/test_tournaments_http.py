"""The tournament routes on SQLite: who may make a tournament (a chosen name and five
rated games, else 403 in German), every field checked (4xx, never 500), the list with
private ones only for their maker, one tournament with its standings, joining and
leaving over HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert

from reversi.server.wall_clock import ManualClock
from reversi.storage import Rows
from reversi.storage.schema import RATINGS
from tests.app_fixtures import make_settings, players
from tests.server.helpers import portal


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


def rated(client: Any, games: int) -> None:
    """Gives the client's player ``games`` rated blitz games."""
    server = client.app.state.duels
    me = client.get("/api/me").json()
    player = portal(client).call(server.identity.from_cookie, client.cookies["reversi_player"])
    assert player is not None and me

    def write(rows: Rows) -> None:
        rows.conn.execute(
            insert(RATINGS).values(
                player_id=player.id,
                time_class="blitz",
                value=1500.0,
                deviation=90.0,
                volatility=0.06,
                games=games,
                updated_at=0.0,
            )
        )

    portal(client).call(server.store.write, write)
    server.tournaments.plan = lambda after, until: []


def body(at: ManualClock, **changes: Any) -> dict[str, Any]:
    return {
        "name": "Mittwochsarena",
        "kind": "arena",
        "starts_at": at.now + 600,
        "minutes": 30,
        "clock": "3+2",
        "xot": True,
        "rated": True,
        "private": False,
        **changes,
    }


def test_only_a_named_player_with_five_rated_games_makes_one(
    settings: Any, clock: ManualClock
) -> None:
    with players(settings, 2) as (a, b):
        assert a.post("/api/tournaments", json=body(clock)).status_code == 401
        rated(a, 5)
        refused = a.post("/api/tournaments", json=body(clock))  # still "Gast 1234"
        assert refused.status_code == 403
        assert refused.json()["error"] == "tournament_not_allowed"
        assert "5 gewertete Partien" in refused.json()["message"]
        b.post("/api/me", json={"nickname": "Berta"})
        rated(b, 4)
        assert b.post("/api/tournaments", json=body(clock)).status_code == 403
        a.post("/api/me", json={"nickname": "Anna"})
        made = a.post("/api/tournaments", json=body(clock))
        assert made.status_code == 201
        t = made.json()
        assert t == {
            **t,
            "name": "Mittwochsarena",
            "kind": "arena",
            "status": "upcoming",
            "ends_at": None,
            "minutes": 30,
            "rounds": None,
            "clock": "3+2",
            "xot": True,
            "by": "Anna",
            "players": 0,
            "url": f"/turniere/{t['id']}",
        }


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"name": "  x "}, "server.bad_tournament.name"),
        ({"name": "12345"}, "server.bad_tournament.name"),
        ({"kind": "knockout"}, "server.bad_tournament.kind"),
        ({"starts_at": 0}, "server.bad_tournament.starts_at"),
        ({"starts_at": 1e300}, "server.bad_tournament.starts_at"),
        ({"minutes": 7}, "server.bad_tournament.minutes"),
        ({"minutes": None}, "server.bad_tournament.minutes"),
        ({"kind": "swiss"}, "server.bad_tournament.rounds"),
        ({"kind": "swiss", "minutes": None, "rounds": 40}, "server.bad_tournament.rounds"),
        ({"clock": "1+0"}, "server.bad_tournament.clock"),
        ({"xot": "ja"}, "server.bad_tournament"),
        ({"starts_at": "bald"}, "server.bad_tournament"),
        ({"extra": 1}, "server.bad_tournament"),
    ],
)
def test_every_field_is_checked(
    settings: Any, clock: ManualClock, changes: dict[str, Any], key: str
) -> None:
    with players(settings, 1) as (a,):
        a.post("/api/me", json={"nickname": "Anna"})
        rated(a, 5)
        refused = a.post("/api/tournaments", json=body(clock, **changes))
        assert refused.status_code == 400
        assert refused.json()["key"] == key
    missing = body(clock)
    del missing["name"]
    with players(settings, 1) as (a,):
        a.post("/api/me", json={"nickname": "Anna"})
        assert a.post("/api/tournaments", json=missing).status_code == 400
        assert a.post("/api/tournaments", content=b"{").status_code == 400


def test_list_one_join_and_leave(settings: Any, clock: ManualClock) -> None:
    with players(settings, 3) as (a, b, c):
        a.post("/api/me", json={"nickname": "Anna"})
        rated(a, 5)
        public = a.post("/api/tournaments", json=body(clock)).json()
        hidden = a.post("/api/tournaments", json=body(clock, private=True, name="Geheim")).json()
        assert [t["id"] for t in a.get("/api/tournaments").json()["upcoming"]] == [
            public["id"],
            hidden["id"],
        ]
        listing = b.get("/api/tournaments").json()
        assert listing == {"upcoming": [public], "running": [], "finished": []}
        joined = b.post(f"/api/tournaments/{hidden['id']}/join")  # by its link
        assert joined.status_code == 200 and joined.json()["players"] == 1
        one = b.get(f"/api/tournaments/{hidden['id']}").json()
        assert one["me"] == {"joined": True, "table": None}
        assert one["round"] is None and one["podium"] is None and one["games"] == []
        assert [s["name"] for s in one["standings"]] == [one["standings"][0]["name"]]
        assert b.post(f"/api/tournaments/{hidden['id']}/leave").json()["players"] == 0
        assert c.post(f"/api/tournaments/{public['id']}/leave").status_code == 401
        missing = b.get("/api/tournaments/nichtda")
        assert missing.status_code == 404 and missing.json()["error"] == "unknown_tournament"
        assert b.post("/api/tournaments/nichtda/join").status_code == 404
        assert b.get("/api/tournaments/" + "x" * 300).status_code == 404
