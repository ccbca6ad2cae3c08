"""Reading the archive by code is a look-up like any other: limited
per address and per player once the look-ups run out (429 with the JSON error), a
private duel's replay and its rematch code are for its two players only."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.archive.test_api import receive
from tests.server.helpers import until_booked


def resigned_duel(
    a: TestClient,
    b: TestClient,
    private: bool,
    rematch: bool = False,
    onlooker: TestClient | None = None,
) -> str:
    """A duel between ``a`` and ``b`` that ``a`` resigns; ``rematch``: both take one;
    ``onlooker`` watches all along and sees no rematch code of a private table."""
    code: str = a.post("/api/tables", json={"private": private}).json()["code"]
    b.post(f"/api/tables/{code}/join")
    with contextlib.ExitStack() as stack:
        wa = stack.enter_context(a.websocket_connect("/ws"))
        wb = stack.enter_context(b.websocket_connect("/ws"))
        if onlooker is not None:
            wo = stack.enter_context(onlooker.websocket_connect("/ws"))
            wo.send_json({"type": "watch", "code": code, "version": None})
            receive(wo, "state")
        colors = []
        for ws in (wa, wb):
            ws.send_json({"type": "watch", "code": code, "version": None})
            colors.append(receive(ws, "state")["you"]["color"])
        by_color = dict(zip(colors, (wa, wb), strict=True))
        for ply, (color, square) in enumerate((("black", "d3"), ("white", "c5"))):
            move = {"type": "move", "code": code, "square": square, "cid": square, "ply": ply}
            by_color[color].send_json({**move, "id": square})
            receive(by_color[color], "ack")
        wa.send_json({"type": "resign", "code": code, "id": "r"})
        receive(wa, "ack")
        until_booked(wa)
        if rematch:
            for n, ws in enumerate((wa, wb)):
                ws.send_json({"type": "rematch", "code": code, "id": f"m{n}"})
                receive(ws, "ack")
        if rematch and onlooker is not None:
            told: list[dict[str, Any]] = []
            while not told:
                seen = receive(wo, "events")
                told = [e for e in seen["events"] if e["kind"] == "rematch"]
            assert told[0]["data"]["code"] is None and seen["table"]["rematch"] is None
    return code


def test_reading_games_by_code_is_limited_like_every_look_up(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    # b's join is a look-up of the same address (every client here is "testclient"),
    # so the stranger has three of the four views left
    settings = make_settings(tmp_path, clock, db_url, guess_limit="5/day", view_limit="4/minute")
    with players(settings, 3) as (a, b, stranger):
        code = resigned_duel(a, b, private=False)
        answers = [stranger.get(f"/api/games/{code}").status_code for _ in range(5)]
        assert answers == [200, 200, 200, 429, 429]
        refused = stranger.get(f"/api/games/{code}.ggf")
        assert refused.status_code == 429
        body = refused.json()
        assert body["error"] == "rate_limited" and body["key"] == "server.rate_limited.lookups"
        assert body["message"] == "Zu viele Tischcodes nachgeschlagen – bitte warte etwas."
        # the players read their own game as often as they like
        assert {a.get(f"/api/games/{code}").status_code for _ in range(6)} == {200}
        # unknown ids are guesses: after the guesses even a known game is refused
        clock.advance(61)
        guesses = [stranger.get(f"/api/games/ZZZZ{n:02d}").status_code for n in range(6)]
        assert guesses == [404] * 5 + [429]
        assert stranger.get(f"/api/games/{code}").status_code == 429


def test_a_private_duel_and_its_rematch_are_for_its_players(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 3) as (a, b, stranger):
        stranger.get("/api/me")
        code = resigned_duel(a, b, private=True, rematch=True, onlooker=stranger)
        for path in (f"/api/games/{code}", f"/api/games/{code}.ggf"):
            assert b.get(path).status_code == 200
            answer = stranger.get(path)  # as if no such game: nothing of it
            assert answer.status_code == 404 and answer.json()["error"] == "unknown_game"
        rematch = a.get(f"/api/tables/{code}").json()["table"]["rematch"]
        assert rematch and b.get(f"/api/tables/{code}").json()["table"]["rematch"] == rematch
        seen = stranger.get(f"/api/tables/{code}")
        assert seen.status_code == 200 and seen.json()["table"]["rematch"] is None
        assert rematch not in seen.text
        with stranger.websocket_connect("/ws") as ws:
            ws.send_json({"type": "watch", "code": code, "version": None})
            state = receive(ws, "state")
            assert state["table"]["rematch"] is None and rematch not in str(state)
