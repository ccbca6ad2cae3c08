"""What the lobby lists of the tables: which tables it may show, the entry it shows of
one, which changes it shows soon, and its tables as read from the database. The feed
that sends them is :class:`~reversi.server.duels.lobby.Lobby`.
"""

from __future__ import annotations

from typing import Any

from reversi.duel.rules import correspondence
from reversi.duel.table import OPEN, Status, extra
from reversi.storage import Rows, TableRecord

#: the lobby lists at most this many tables of each kind
SHOWN = 500


def is_private(table: TableRecord) -> bool:
    return bool(extra(table).get("private"))


def is_quick(table: TableRecord) -> bool:
    """A quick pairing's table: not listed while it waits (pairing fills it)."""
    return bool(extra(table).get("quick"))


def listable(table: TableRecord) -> bool:
    """Whether the lobby may ever show this table: not a private one, not a quick
    pairing's search that never found an opponent (its code never goes out, not even to
    drop it)."""
    return not is_private(table) and not (is_quick(table) and table.seat1 is None)


def entry(
    table: TableRecord, view: dict[str, Any], onlookers: int = 0, here: bool = True
) -> dict[str, Any] | None:
    """What the lobby shows of a table, or None when it does not show it (a private
    table, a quick pairing's search, a game that is over, a waiting table whose opener
    is not ``here``: a Fernpartie's waits for days, here or not). Like the table's view
    it holds no player ids; ``correspondence``: a Fernpartie (the lobby's own group)."""
    if is_private(table) or table.status not in OPEN:
        return None
    fern = correspondence(table.rules) is not None
    if table.status == Status.WAITING and (is_quick(table) or not (here or fern)):
        return None
    game = view.get("game")
    return {
        "code": table.code,
        "status": str(table.status),
        "version": table.version,
        "rules": table.rules,
        "since": table.created_at,
        "seats": [
            None if s["free"] else {"name": s["name"], "level": s.get("level"), "color": s["color"]}
            for s in view["seats"]
        ],
        "counts": game["counts"] if game else None,
        "ply": game["ply"] if game else 0,
        "link": f"/tisch/{table.code}",
        "onlookers": onlookers,
        "correspondence": fern,
    }


def prompt(table: TableRecord) -> bool:
    """Whether the lobby shows this change soon: a table opened, taken, started or
    closed; the moves of a running duel wait for the next batch."""
    return not (table.status == Status.PLAYING and table.moves)


#: what a move changes in an entry
_MOVED = ("counts", "ply", "version", "onlookers")


def same_but_moves(before: dict[str, Any] | None, after: dict[str, Any]) -> bool:
    """Whether ``after`` differs from ``before`` (published earlier) in the move only."""
    if before is None or after["status"] != Status.PLAYING:
        return False
    return all(before[k] == after[k] for k in after if k not in _MOVED)


#: what the lobby may show of each status, chosen by the database (no other kind of
#: table crowds them out): public waiting tables that are no search, public duels
PUBLIC_WAITING = {"private": False, "quick": False}
PUBLIC = {"private": False}


def listed(rows: Rows) -> list[TableRecord]:
    """The lobby's tables from the database: waiting ones first, oldest first (twice as
    many as shown: those whose opener is away are left out)."""
    waiting = rows.by_status(Status.WAITING, SHOWN * 2, PUBLIC_WAITING)
    return waiting + rows.by_status(Status.PLAYING, SHOWN, PUBLIC)
