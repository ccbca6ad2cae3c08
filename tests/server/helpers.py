"""Small helpers for driving tables in tests."""

from __future__ import annotations

import json
from typing import Any

from reversi.server.duel_server import DuelServer
from reversi.server.ws import client_messages as p
from reversi.storage import PlayerRecord, Store

#: ten moves without a pass, five for each side: enough for a game to count in the
#: hall (reversi.hall.counting.MIN_MOVES)
COUNTED_LINE = ("f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "e6")


async def seated(server: DuelServer) -> tuple[str, str, str]:
    """A running table: its code, and the ids of the black and the white player."""
    a = await server.identity.create()
    b = await server.identity.create()
    table = await server.service.open_table(a.id, a.nickname)
    await server.service.join(b.id, b.nickname, table.code)
    state = await server.service.state(table.code, a.id)
    assert state is not None
    black, white = (a.id, b.id) if state["you"]["color"] == "black" else (b.id, a.id)
    return table.code, black, white


async def view(server: DuelServer, code: str, player: str | None = None) -> dict[str, Any]:
    """The table as ``player`` sees it once the hall has recorded the games that ended
    (``DuelService.settled``: a game's end is recorded after the move is answered)."""
    await server.service.settled()
    state = await server.service.state(code, player)
    assert state is not None
    return state


def until_booked(ws: Any) -> dict[str, Any]:
    """Reads a watching socket (TestClient's) until the hall has recorded the game that
    ended (the event ``booked``, docs/protocol.md); returns that message."""
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == "events" and any(e["kind"] == "booked" for e in message["events"]):
            return dict(message)
    raise AssertionError("the game's end was not recorded")


async def move(
    server: DuelServer,
    code: str,
    player: str,
    square: str,
    cid: str | None = None,
    ply: int | None = None,
) -> Any:
    if ply is None:
        ply = (await view(server, code))["table"]["game"]["ply"]
    return await server.service.handle(
        player, p.Move(code=code, square=square, cid=cid or f"{square}-{ply}", ply=ply)
    )


async def seated_after(server: DuelServer, *squares: str) -> tuple[str, str, str]:
    """A running table (as ``seated``) where ``squares`` were played by turns, black first."""
    code, black, white = await seated(server)
    for ply, square in enumerate(squares):
        await move(server, code, (black, white)[ply % 2], square)
    return code, black, white


async def play_first_legal(
    server: DuelServer, code: str, black: str, white: str, limit: int = 100
) -> dict[str, Any]:
    """Plays the first legal move of whoever is to move until the game ends."""
    for _ in range(limit):
        table: dict[str, Any] = (await view(server, code))["table"]
        if table["status"] != "playing":
            return table
        game = table["game"]
        player = black if game["turn"] == "black" else white
        await move(server, code, player, sorted(game["legal"])[0])
    raise AssertionError("the game did not end")


def leaks(data: Any, *secrets: str) -> bool:
    text = json.dumps(data)
    return any(secret and secret in text for secret in secrets)


def stored(server: DuelServer) -> Store:
    """The server's store (it is open while the server runs)."""
    assert server.store is not None
    return server.store


async def results(server: DuelServer) -> list[dict[str, Any]]:
    return await stored(server).read(lambda rows: rows.results())


async def player_of(server: DuelServer, player_id: str) -> PlayerRecord | None:
    return await stored(server).read(lambda rows: rows.player(player_id))


def portal(client: Any) -> Any:
    """The event loop portal of a running TestClient (set once it has started)."""
    assert client.portal is not None
    return client.portal
