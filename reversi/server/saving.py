"""What saving a change of a table writes besides the row: a new table's first events
(with the cap on waiting tables), and the hall's points and levels kept with a game's end."""

from __future__ import annotations

from typing import Any

from reversi.hall.milestones import level
from reversi.hall.points import points_for
from reversi.hall.queries import tallies
from reversi.server.duel import Duel
from reversi.server.table import MAX_WAITING, DuelError, Status, extra, set_level
from reversi.storage import Rows, TableRecord


def plain(duel: Duel) -> bool:
    """Whether saving the change writes nothing but the row and its events."""
    effects = duel.effects
    return not effects.chat and effects.result is None and effects.rematch is None


def add_table(rows: Rows, duel: Duel, player_id: str) -> None:
    if len(rows.tables_of(player_id, [Status.WAITING])) >= MAX_WAITING:
        raise DuelError("too_many_tables", max=MAX_WAITING)
    rows.add_table(duel.table)
    assert duel.table.id is not None
    rows.add_events(duel.table.id, duel.events)


def note_hall(conn: Any, table: TableRecord, players: list[dict[str, Any]]) -> None:
    """What the hall gave each seat for this game, kept with its end: the points, and
    the levels before and after (the seats show the new ones at once)."""
    end = extra(table)["end"]
    counted = tallies(conn, [p["player"] for p in players])
    end["points"] = [points_for(p["outcome"]) for p in players]
    end["levels_before"] = list(extra(table).get("levels") or [None, None])
    end["levels"] = [level(counted[p["player"]].stats) for p in players]
    for seat, new in enumerate(end["levels"]):
        set_level(table, seat, new)
