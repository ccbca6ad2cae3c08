"""What a change of a duel asks of the service besides saving the row and its events:
chat lines to store, a result for the hall, a rematch table, a call back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reversi.duel.table import End
from reversi.storage.records import ChatRecord, TableRecord


@dataclass
class Effects:
    """What the service must do besides saving the row and its events."""

    chat: list[ChatRecord] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rematch: TableRecord | None = None
    callback: dict[str, Any] | None = None


def hall_result(
    table: TableRecord, end: End, colors: list[str | None], placed: list[str], ended_at: float
) -> dict[str, Any]:
    """A finished duel as the hall records it (``reversi.hall.writes.record_result``):
    each seat's player, side, outcome, score and moves made (``placed``: the colour of
    each placed disc, in order), how the game went and when it ended."""
    players = []
    for seat, player in ((0, table.seat0), (1, table.seat1)):
        color = colors[seat]
        outcome = (
            "draw"
            if end["winner_seat"] is None
            else "win"
            if end["winner_seat"] == seat
            else "loss"
        )
        players.append(
            {
                "player": player,
                "side": color,
                "outcome": outcome,
                "score": (end["black"] if color == "black" else end["white"]) if color else None,
                "moves": placed.count(color) if color else 0,
            }
        )
    return {
        "at": ended_at,
        "players": players,
        "outcome": {
            "reason": end["reason"],
            "black": end["black"],
            "white": end["white"],
            "counting": table.rules["counting"],
            "moves": table.moves,
            "code": table.code,
        },
    }
