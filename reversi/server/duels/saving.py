"""What saving a change of a table writes, in one transaction: the row, its events and
what the change brought along (chat lines, a game's end with the hall's points and
levels and the archive's record, a rematch's table); and a new table with its first
events (with the cap on waiting tables)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import literal, select

from reversi.archive.archive_queries import add_game
from reversi.duel.duel import Duel
from reversi.duel.rules import correspondence, rated, time_class
from reversi.duel.table import (
    MAX_WAITING,
    MAX_WAITING_CORRESPONDENCE,
    DuelError,
    Status,
    extra,
    set_level,
    set_rating,
)
from reversi.hall.milestones import level
from reversi.hall.points import points_for
from reversi.hall.ratings import Rated, rate_game
from reversi.hall.reads import tallies
from reversi.hall.writes import record_result
from reversi.server.duels.archived import duel_record
from reversi.storage import Conflict, Rows, TableRecord
from reversi.storage.schema import RESULTS, TABLES

#: the hall's name of the game and the source of a table's result (``table:CODE``)
HALL_GAME, TABLE_SOURCE = "reversi", "table:"


def plain(duel: Duel) -> bool:
    """Whether saving the change writes nothing but the row and its events."""
    effects = duel.effects
    return not effects.chat and effects.result is None and effects.rematch is None


def save_change(rows: Rows, expected: int, duel: Duel) -> None:
    """Saves the changed row (if still at version ``expected``), its events and effects."""
    table = duel.table
    assert table.id is not None
    effects = duel.effects
    if effects.result is not None:
        # the row first (PostgreSQL: locked): two processes recording the same game (one
        # right after its end, the other's sweep) queue on it, not on the result's
        # unique key in the other order (a deadlock)
        locked = rows.table(table.code, lock=True)
        if locked is None or locked.version != expected:
            raise Conflict(table.code)
        # the hall's points, once per table, in the same transaction as the table
        result = effects.result
        source = TABLE_SOURCE + table.code
        recorded = record_result(
            rows.conn, HALL_GAME, source, result["players"], result["outcome"], result["at"]
        )
        note_hall(rows.conn, table, result["players"], recorded.uncounted)
        rating = rate_game(
            rows.conn,
            source,
            result["players"],
            time_class(table.rules),
            rated(table.rules),
            result["at"],
        )
        note_rating(table, rating)
        add_game(rows.conn, duel_record(table, duel.board))  # the replay, by its code
    rows.save_table(table, expected)
    rows.add_events(table.id, duel.events)
    for line in effects.chat:
        rows.add_chat(table.id, line)
    if effects.rematch is not None:
        rows.add_table(effects.rematch)
        assert effects.rematch.id is not None
        rows.add_events(effects.rematch.id, duel.rematch_events)


def unrecorded_ends(rows: Rows) -> list[TableRecord]:
    """The finished tables without a result in the hall (``save_change`` records it)."""
    recorded = (
        select(RESULTS.c.id)
        .where(
            RESULTS.c.game == HALL_GAME, RESULTS.c.source == literal(TABLE_SOURCE) + TABLES.c.code
        )
        .exists()
    )
    return rows.tables(
        select(TABLES).where(TABLES.c.status == Status.FINISHED, ~recorded).order_by(TABLES.c.id)
    )


def add_table(rows: Rows, duel: Duel, player_id: str) -> None:
    """Adds the new table; a player waits at :data:`MAX_WAITING` tables played at once
    and at :data:`MAX_WAITING_CORRESPONDENCE` Fernpartien at most."""
    fern = correspondence(duel.table.rules) is not None
    cap = MAX_WAITING_CORRESPONDENCE if fern else MAX_WAITING
    waiting = rows.tables_of(player_id, [Status.WAITING])
    if sum(1 for t in waiting if (correspondence(t.rules) is not None) == fern) >= cap:
        raise DuelError("too_many_tables", max=cap)
    rows.add_table(duel.table)
    assert duel.table.id is not None
    rows.add_events(duel.table.id, duel.events)


def note_hall(
    conn: Any, table: TableRecord, players: list[dict[str, Any]], uncounted: str | None
) -> None:
    """What the hall gave each seat for this game, kept with its end: the points (none,
    and ``uncounted`` saying why, when the game does not count: reversi.hall.counting),
    and the levels before and after (the seats show the new ones at once)."""
    end = extra(table)["end"]
    counted = tallies(conn, [p["player"] for p in players])
    if uncounted is None:
        end["points"] = [points_for(p["outcome"]) for p in players]
    else:
        end["points"] = [0 for _ in players]
        end["uncounted"] = uncounted
    end["levels_before"] = list(extra(table).get("levels") or [None, None])
    end["levels"] = [level(counted[p["player"]].stats) for p in players]
    for seat, new in enumerate(end["levels"]):
        set_level(table, seat, new)


def note_rating(table: TableRecord, rating: Rated) -> None:
    """Each seat's Wertungszahl before and after this game, kept with its end (or why
    the game is not rated)."""
    end = extra(table)["end"]
    if rating.before:
        end["ratings_before"] = [r.public() for r in rating.before]
        end["ratings"] = [r.public() for r in rating.after]
        for seat, after in enumerate(rating.after):
            set_rating(table, seat, after.shown())
    if rating.unrated is not None:
        end["unrated"] = rating.unrated
