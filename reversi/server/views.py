"""What a client sees of a table: the same public picture for both seats and onlookers."""

from __future__ import annotations

from typing import Any

from reversi.engine.view import game_view
from reversi.server.clock import remaining
from reversi.server.duel import Duel
from reversi.server.positions import Positions
from reversi.server.settings import Settings
from reversi.server.table import Status, takeback_blocked
from reversi.server.table import extra as extra_of
from reversi.storage import TableRecord
from reversi.texts import text

FREE_SEAT = text("seat.free")


def table_view(
    table: TableRecord, now: float, settings: Settings, positions: Positions | None = None
) -> dict[str, Any]:
    """The public picture of a table: the same for both seats and onlookers.

    Holds no player ids and no seat secrets.
    """
    duel = Duel(table, now, settings, positions)
    extra = extra_of(table)
    names = extra.get("names", [None, None])
    levels = extra.get("levels") or [None, None]
    seats = []
    for seat, player in ((0, table.seat0), (1, table.seat1)):
        if player is None:
            seats.append(
                {"seat": seat, "free": True, "name": None, "label": FREE_SEAT, "color": None}
            )
        else:
            seats.append(
                {
                    "seat": seat,
                    "free": False,
                    "name": names[seat],
                    "label": names[seat],
                    "color": duel.color_of(seat),
                    "level": levels[seat],
                }
            )
    game = None
    clock = None
    if table.status != Status.WAITING:
        game = dict(positions.view(table)) if positions else game_view(duel.board)
        game["can_undo"] = game["can_redo"] = False
        if not table.rules.get("hints", True):
            game["legal"] = {}
    if table.status == Status.PLAYING and table.turn_deadline is not None:
        clock = {
            "seat": duel.seat_to_move(),
            "started_at": table.turn_started_at,
            "deadline": table.turn_deadline,
            "now": now,
            "grace": settings.grace,
            "remaining": remaining(table.turn_deadline, now),
            "first_moves": not duel.both_moved(),
        }
    takeback = extra.get("takeback")
    return {
        "code": table.code,
        "status": table.status,
        "version": table.version,
        "rules": table.rules,
        "seats": seats,
        "game": game,
        "clock": clock,
        # the opener's choices while the rules can change
        "move_times": list(settings.move_times) if table.status == Status.WAITING else None,
        "end": extra.get("end"),
        "offers": {
            "takeback": takeback["seat"] if takeback else None,
            "takeback_blocked": takeback_blocked(table, duel.ply)
            if table.status == Status.PLAYING
            else None,
            "rematch": extra.get("rematch", []),
        },
        "rematch": extra.get("rematch_code"),
        "rematch_of": extra.get("rematch_of"),
        "link": f"/tisch/{table.code}",
        "private": bool(extra.get("private")),
    }
