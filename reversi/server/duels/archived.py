"""A finished duel as the archive keeps it: one record per table, its code the id."""

from __future__ import annotations

from reversi.archive.record import GameRecord, record_of
from reversi.duel.rules import correspondence, total_clock
from reversi.duel.table import extra
from reversi.engine import Board, Counting
from reversi.engine.color import COLOR_NAMES
from reversi.storage import TableRecord


def duel_record(table: TableRecord, board: Board) -> GameRecord:
    """The record of a finished table: seats by colour, the moves with their passes,
    each placed disc's time, the end (``extra["end"]``)."""
    kept = extra(table)
    end = kept["end"]
    black_seat = table.black_seat or 0
    seats = (black_seat, 1 - black_seat)
    ids = [table.seat0, table.seat1]
    names = kept.get("names", [None, None])
    winner = end.get("winner_seat")
    clock = kept.get("clock")
    clocks: list[float | None] | None = None
    if clock is not None:
        placed = iter(clock[: len(table.moves) // 2])
        clocks = [None if move.is_pass else next(placed, None) for move in board.move_stack]
    return record_of(
        board,
        table.code,
        "duel",
        names=(names[seats[0]], names[seats[1]]),
        finished_at=table.updated_at,
        counting=Counting(table.rules["counting"]),
        reason=end["reason"],
        winner=None if winner is None else COLOR_NAMES[winner == black_seat],
        black_id=ids[seats[0]],
        white_id=ids[seats[1]],
        clocks=clocks,
        started_at=kept.get("started_at"),
        tags={
            # "Gesamtzeit + Zuschlag" ("3+2"), a Fernpartie's days ("2d") or the time per move
            **(
                {"clock": table.rules["clock"]}
                if total_clock(table.rules) or correspondence(table.rules)
                else {"move_time": table.rules.get("move_time")}
            ),
            **({"rematch_of": kept["rematch_of"]} if kept.get("rematch_of") else {}),
            # a private table's replay is for its two players (games_http)
            **({"private": True} if kept.get("private") else {}),
        },
    )
