"""What this process knows of its busy tables: the last committed row, its Board and its view.

Rebuilding a Board means replaying the game, and the view is the biggest part of every
announcement; both are pure functions of the root and the moves. The cache keeps them
per table code and checks the root and moves (or the version) on every use, so a miss
only costs the rebuild. The database row stays the truth: a cached row is a guess that
the service confirms with the row's version when it saves
(see ``reversi.server.duels.duel_service``).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from reversi.engine import Board
from reversi.engine.view import game_view
from reversi.storage.records import TableRecord

#: tables remembered per process (a board at the end of a game holds ~20 KiB)
CAPACITY = 4096


@dataclass
class _Entry:
    root: str | None
    moves: str
    board: Board
    view: dict[str, Any] | None = None
    table: TableRecord | None = None


class Positions:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def _entry(self, table: TableRecord) -> _Entry:
        entry = self._entries.get(table.code)
        if entry is not None and entry.root == table.root and entry.moves == table.moves:
            self._entries.move_to_end(table.code)
            return entry
        board = None
        if entry is not None and entry.root == table.root and table.moves.startswith(entry.moves):
            board = entry.board.copy()  # a few moves behind (made by another process)
            for i in range(len(entry.moves), len(table.moves), 2):
                board.push(table.moves[i : i + 2])
        if board is None:
            board = Board(table.root) if table.root else Board()
            for i in range(0, len(table.moves), 2):
                board.push(table.moves[i : i + 2])
        return self._store(table.code, _Entry(table.root, table.moves, board))

    def _store(self, code: str, entry: _Entry) -> _Entry:
        self._entries[code] = entry
        self._entries.move_to_end(code)
        while len(self._entries) > self.capacity:
            self._entries.popitem(last=False)
        return entry

    def board(self, table: TableRecord) -> Board:
        """The table's game as a Board of its own (the caller may play on it)."""
        return self._entry(table).board.copy()

    def view(self, table: TableRecord) -> dict[str, Any]:
        """The engine's view of the table's game; shared, so never change it."""
        entry = self._entry(table)
        if entry.view is None:
            entry.view = game_view(entry.board)
        return entry.view

    def remember(self, table: TableRecord, board: Board | None = None) -> None:
        """Remembers a row just committed or read, with its board if the caller has one.

        Both are kept as they are: the caller must not change them afterwards.
        """
        entry = self._entries.get(table.code)
        if board is not None and (
            entry is None or entry.root != table.root or entry.moves != table.moves
        ):
            entry = self._store(table.code, _Entry(table.root, table.moves, board))
        if entry is not None and entry.root == table.root and entry.moves == table.moves:
            entry.table = table
        else:
            self.forget(table.code)

    def learn(self, table: TableRecord) -> None:
        """Remembers a row read from the database, or one another process committed (it
        came with the announcement), unless a newer one is known."""
        entry = self._entries.get(table.code)
        if entry is not None and entry.table is not None and entry.table.version >= table.version:
            return
        self._entry(table).table = table

    def table(self, code: str) -> TableRecord | None:
        """The last row this process committed or read for ``code`` (maybe out of date;
        shared, so never change it)."""
        entry = self._entries.get(code)
        return None if entry is None else entry.table

    def announced(self, code: str, version: int) -> None:
        """A change reached us through the broker: a row older than it is no use."""
        entry = self._entries.get(code)
        if entry is not None and entry.table is not None and entry.table.version < version:
            entry.table = None

    def forget(self, code: str) -> None:
        self._entries.pop(code, None)
