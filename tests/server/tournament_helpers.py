"""Helpers for the tournament tests: named players with rated games, a tournament made
by one of them, and games played to their end through the duel service."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert

from reversi.server.duel_server import DuelServer
from reversi.server.tournaments.tournament_service import NewTournament
from reversi.server.ws import client_messages as p
from reversi.storage import Rows
from reversi.storage.schema import RATINGS
from tests.server.helpers import move, view


async def named(server: DuelServer, name: str, rated_games: int = 0, rating: float = 1500.0) -> str:
    """A player with a chosen name and ``rated_games`` rated games (in both classes)."""
    player = await server.identity.create()
    await server.identity.rename(player, name)

    def rate(rows: Rows) -> None:
        for time_class in ("blitz", "schnell"):
            rows.conn.execute(
                insert(RATINGS).values(
                    player_id=player.id,
                    time_class=time_class,
                    value=rating,
                    deviation=80.0,
                    volatility=0.06,
                    games=rated_games,
                    updated_at=0.0,
                )
            )

    if rated_games:
        assert server.store is not None
        await server.store.write(rate)
    return player.id


def new(kind: str = "arena", starts_at: float = 0.0, **changes: Any) -> NewTournament:
    fields: dict[str, Any] = {
        "name": "Testarena" if kind == "arena" else "Testschweizer",
        "kind": kind,
        "starts_at": starts_at,
        "minutes": 30 if kind == "arena" else None,
        "rounds": None if kind == "arena" else 3,
        "clock": "3+2",
        "xot": False,
        "rated": True,
        "private": False,
    }
    return NewTournament(**{**fields, **changes})


async def running_tables(server: DuelServer, tournament_id: str) -> list[dict[str, Any]]:
    detail = await server.tournaments.detail(tournament_id, None)
    return [g for g in detail["games"] if g["score"] is None]


async def play_one(server: DuelServer, code: str) -> None:
    """Whoever is to move places the first legal disc."""
    ids = await seats_of(server, code)
    game = (await view(server, code))["table"]["game"]
    await move(server, code, ids[game["turn"]], sorted(game["legal"])[0])


async def finish(server: DuelServer, code: str, winner: str = "black", moves: bool = True) -> None:
    """Both sides move once (``moves``), then the loser resigns."""
    ids = await seats_of(server, code)
    black, white = ids["black"], ids["white"]
    for player in (black, white) if moves else ():
        game = (await view(server, code))["table"]["game"]
        await move(server, code, player, sorted(game["legal"])[0])
    loser = white if winner == "black" else black
    await server.service.handle(loser, p.Resign(code=code))
    await server.tournaments.idle()


async def seats_of(server: DuelServer, code: str) -> dict[str, str]:
    """The players at ``code`` by colour (``black``, ``white``)."""
    assert server.store is not None
    table = await server.store.read(lambda rows: rows.table(code))
    assert table is not None and table.seat0 and table.seat1
    black = table.seat0 if table.black_seat == 0 else table.seat1
    white = table.seat1 if table.black_seat == 0 else table.seat0
    return {"black": black, "white": white}
