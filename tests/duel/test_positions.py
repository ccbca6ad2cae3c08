"""The per-process cache of boards, views and rows: always the answer of a fresh replay."""

from __future__ import annotations

from reversi.duel.position_cache import Positions
from reversi.duel.table import new_table
from reversi.engine import Board
from reversi.engine.view import game_view
from reversi.server.settings import Settings, duel_rules


def test_boards_and_views_follow_the_rows_they_are_given() -> None:
    positions = Positions(capacity=2)
    table = new_table("ACDEFH", "p", "Perle", 0.0, duel_rules(Settings()))
    table.moves = "d3c3"
    mine = positions.board(table)
    mine.push("c4")  # the caller's own copy
    assert positions.board(table).transcript() == "d3c3"
    for moves in ("d3c3c4", "d3", "f5f6e6f4"):  # a move on, taken back, another game
        table.moves = moves
        assert positions.board(table) == Board(moves=moves)
        assert positions.view(table) == game_view(Board(moves=moves))


def test_a_remembered_row_is_dropped_when_a_newer_one_is_announced() -> None:
    positions = Positions(capacity=2)
    table = new_table("ACDEFH", "p", "Perle", 0.0, duel_rules(Settings()))
    positions.remember(table, Board())
    assert positions.table(table.code) is table  # kept as it is: nobody changes it
    positions.announced(table.code, table.version)  # our own change: still good
    assert positions.table(table.code) == table
    positions.announced(table.code, table.version + 1)
    assert positions.table(table.code) is None
    for code in ("AAAAAA", "CCCCCC"):  # the oldest table makes room
        positions.remember(new_table(code, "p", "Perle", 0.0, duel_rules(Settings())), Board())
    assert positions.table(table.code) is None and positions.table("AAAAAA") is not None
