"""Fernpartien (days per move): a player's correspondence games as the page
``/fernpartien``, the header's count and the hall's reminder see them.

``GET /api/fernpartien`` lists the waiting and running correspondence tables of the
cookie's player, the games that wait for the player's move ("Du bist dran") first, the
most pressing first among them. No cookie: an empty list (no new player is made).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from reversi.duel.game import TableGame
from reversi.duel.rules import DAY, correspondence, rated
from reversi.duel.table import OPEN, Status
from reversi.duel.views import remaining
from reversi.storage import Store, TableRecord

#: a game waiting for the player's move with less than this left is "urgent": the hall
#: reminds the player
REMIND_UNDER = DAY


def entry(table: TableRecord, player_id: str, now: float) -> dict[str, Any] | None:
    """One correspondence game as the player at it sees it in the list (None: the
    table is no Fernpartie or not the player's)."""
    per_move = correspondence(table.rules)
    game = TableGame(table)
    seat = game.seat_of(player_id)
    if per_move is None or seat is None:
        return None
    mover = game.seat_to_move()
    left = remaining(table.turn_deadline, now)
    mine = mover == seat
    return {
        "code": table.code,
        "link": f"/tisch/{table.code}",
        "status": table.status,
        "clock": table.rules["clock"],
        "rated": rated(table.rules),
        "opponent": None if table.status == Status.WAITING else game.name(1 - seat),
        "color": game.color_of(seat),
        "ply": game.ply,
        "your_turn": mine,
        "deadline": table.turn_deadline,
        "left": None if left is None else round(left, 1),
        "urgent": mine and left is not None and left < REMIND_UNDER,
    }


def listing(tables: Iterable[TableRecord], player_id: str, now: float) -> list[dict[str, Any]]:
    """The player's correspondence games in the page's order: "Du bist dran" first,
    then the ones the opponent is to move in, then those still waiting for an
    opponent; within each, the nearest deadline first."""
    entries = [e for t in tables if (e := entry(t, player_id, now)) is not None]
    far = float("inf")
    return sorted(
        entries,
        key=lambda e: (
            not e["your_turn"],
            e["status"] == Status.WAITING,
            e["deadline"] if e["deadline"] is not None else far,
            e["code"],
        ),
    )


async def games_of(store: Store, player_id: str | None, now: float) -> dict[str, Any]:
    """The body of ``GET /api/fernpartien`` for ``player_id`` (None: no player yet)."""
    games: list[dict[str, Any]] = []
    if player_id is not None:
        pid = player_id
        tables = await store.read(lambda rows: rows.tables_of(pid, OPEN))
        games = listing(tables, pid, now)
    return {
        "games": games,
        "your_turn": sum(1 for g in games if g["your_turn"]),
        "urgent": sum(1 for g in games if g["urgent"]),
        "server_time": now,
    }
