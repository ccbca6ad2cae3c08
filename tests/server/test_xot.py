"""The table rule "Zufallseröffnung (XOT)" on both storage backends: the server
chooses one start of the list for both players, a rematch swaps the colours on the
same start, the archive's replay keeps it, and a client cannot send a start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.ai.xot import load
from reversi.engine import Board
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from tests.app_fixtures import make_settings, players
from tests.archive.test_api import receive
from tests.server.helpers import until_booked, view


async def xot_table(server: DuelServer) -> tuple[str, str, str]:
    """A running XOT table: its code, and the ids of the black and the white player."""
    a = await server.identity.create()
    b = await server.identity.create()
    code = (await server.service.open_table(a.id, a.nickname)).code
    await server.service.handle(a.id, p.Rules(code=code, xot=True))
    await server.service.join(b.id, b.nickname, code)
    state = await view(server, code, a.id)
    black, white = (a.id, b.id) if state["you"]["color"] == "black" else (b.id, a.id)
    return code, black, white


def start_of(table: dict[str, Any]) -> str:
    start = table["rules"]["xot_start"]
    assert isinstance(start, str)
    return start


@pytest.mark.anyio
async def test_both_players_get_the_same_start_of_the_list(service: DuelServer) -> None:
    code, black, white = await xot_table(service)
    seen = [(await view(service, code, player))["table"] for player in (black, white)]
    start = start_of(seen[0])
    assert start_of(seen[1]) == start
    assert load().index(start) is not None
    after = Board(moves=start)
    for table in seen:
        assert table["rules"]["xot"] is True
        game = table["game"]
        assert game["ply"] == 0 and game["turn"] == "black"
        assert (game["counts"]["black"], game["counts"]["white"]) == (
            after.count(True),
            after.count(False),
        )
        assert sorted(game["legal"]) == sorted(str(m) for m in after.legal_moves)
    # the table plays on from the start: black moves first
    first = sorted(seen[0]["game"]["legal"])[0]
    await service.service.handle(black, p.Move(code=code, square=first, cid="x", ply=0))
    assert (await view(service, code))["table"]["game"]["turn"] == "white"


@pytest.mark.anyio
async def test_a_table_without_the_rule_starts_as_usual(service: DuelServer) -> None:
    a = await service.identity.create()
    b = await service.identity.create()
    code = (await service.service.open_table(a.id, a.nickname)).code
    await service.service.handle(a.id, p.Rules(code=code, xot=False))
    await service.service.join(b.id, b.nickname, code)
    table = (await view(service, code))["table"]
    assert "xot_start" not in table["rules"]
    assert (table["game"]["counts"]["black"], table["game"]["counts"]["white"]) == (2, 2)


@pytest.mark.anyio
async def test_a_rematch_swaps_the_colours_on_the_same_start(service: DuelServer) -> None:
    code, black, white = await xot_table(service)
    start = start_of((await view(service, code))["table"])
    await service.service.handle(black, p.Abort(code=code))
    await service.service.handle(white, p.Rematch(code=code))
    await service.service.handle(black, p.Rematch(code=code))
    again = (await view(service, code))["table"]["rematch"]
    state = await view(service, again, white)
    assert state["you"]["color"] == "black"  # swapped
    assert start_of(state["table"]) == start
    assert (
        state["table"]["game"]["counts"] == (await view(service, code))["table"]["game"]["counts"]
    )


def test_the_replay_of_a_xot_duel_keeps_its_start(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    with players(make_settings(tmp_path, clock, db_url), 2) as (a, b):
        code = a.post("/api/tables").json()["code"]
        with a.websocket_connect("/ws") as wa:
            wa.send_json({"type": "rules", "code": code, "xot": True, "id": "r"})
            receive(wa, "ack")
        b.post(f"/api/tables/{code}/join")
        with a.websocket_connect("/ws") as wa, b.websocket_connect("/ws") as wb:
            for ws in (wa, wb):
                ws.send_json({"type": "watch", "code": code, "version": None})
            states = [receive(ws, "state") for ws in (wa, wb)]
            start = start_of(states[0]["table"])
            by_color = {s["you"]["color"]: ws for s, ws in zip(states, (wa, wb), strict=True)}
            board = Board(moves=start)
            played = []
            for ply in range(2):
                square = str(next(iter(board.legal_moves)))
                ws = by_color["black" if board.turn else "white"]
                board.push(square)
                played.append(square)
                ws.send_json(
                    {
                        "type": "move",
                        "code": code,
                        "square": square,
                        "cid": f"c{ply}",
                        "ply": ply,
                        "id": f"m{ply}",
                    }
                )
                receive(ws, "ack")
            wa.send_json({"type": "resign", "code": code, "id": "resign"})
            receive(wa, "ack")
            until_booked(wa)
        game = b.get(f"/api/games/{code}").json()
        assert game["root"] == Board(moves=start).obf()
        assert game["transcript"] == "".join(played)


def test_a_start_sent_by_a_client_is_refused(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    forged = load().openings[0].moves
    with players(make_settings(tmp_path, clock, db_url), 1) as (a,):
        code = a.post("/api/tables").json()["code"]
        with a.websocket_connect("/ws") as ws:
            for frame in (
                {"type": "rules", "code": code, "xot": True, "xot_start": forged},
                {"type": "rules", "code": code, "xot": forged},
            ):
                ws.send_json(frame)
                error = receive_error(ws)
                assert error["code"] == "bad_message" and error["message"]
        assert "xot" not in a.get(f"/api/tables/{code}").json()["table"]["rules"]


def receive_error(ws: Any) -> dict[str, Any]:
    while (message := ws.receive_json())["type"] != "error":
        pass
    return dict(message)
