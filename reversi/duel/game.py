"""A table's row read as the game on it: the board, whose turn it is, each seat's
colour and name. Reading only: :class:`~reversi.duel.duel.Duel` adds the changes,
:func:`~reversi.duel.views.table_view` draws it.
"""

from __future__ import annotations

from reversi.duel.position_cache import Positions
from reversi.duel.table import Extra, Status, extra
from reversi.engine import BLACK, Board
from reversi.engine.color import COLOR_NAMES
from reversi.storage.records import TableRecord


def placed_colors(board: Board) -> list[str]:
    """The colour of each placed disc, in order.

    No replay needed: :meth:`~reversi.engine.Board.mover` knows who made each entry.
    """
    return [
        COLOR_NAMES[board.mover(i)]
        for i, move in enumerate(board.move_stack)
        if move.square is not None
    ]


class TableGame:
    """The game on ``table``; its board comes from ``positions`` when given (a cache),
    else it is replayed from the row's moves."""

    def __init__(self, table: TableRecord, positions: Positions | None = None) -> None:
        self.table = table
        self.positions = positions
        self._board: Board | None = None

    @property
    def extra(self) -> Extra:
        return extra(self.table)

    @property
    def board(self) -> Board:
        if self._board is None:
            if self.positions is not None:
                self._board = self.positions.board(self.table)
            else:
                self._board = Board(self.table.root) if self.table.root else Board()
                for i in range(0, len(self.table.moves), 2):
                    self._board.push(self.table.moves[i : i + 2])
        return self._board

    @property
    def ply(self) -> int:
        return len(self.table.moves) // 2

    def seat_of(self, player_id: str | None) -> int | None:
        if player_id is None:
            return None
        if self.table.seat0 == player_id:
            return 0
        if self.table.seat1 == player_id:
            return 1
        return None

    def color_of(self, seat: int) -> str | None:
        if self.table.black_seat is None:
            return None
        return COLOR_NAMES[seat == self.table.black_seat]

    def seat_to_move(self) -> int | None:
        if self.table.status != Status.PLAYING or self.table.black_seat is None:
            return None
        if self.board.is_game_over():
            return None
        return self.table.black_seat if self.board.turn == BLACK else 1 - self.table.black_seat

    def name(self, seat: int) -> str:
        return self.extra.get("names", [None, None])[seat] or "?"

    def both_moved(self) -> bool:
        """Whether each side has placed a disc (resign from then on, abort before)."""
        # the root's side always places first: someone else placed iff an odd entry did
        return any(move.square is not None for move in self.board.move_stack[1::2])


def first_turn(game: TableGame) -> bool:
    """Whether the side to move has yet to place its first disc (a time of its own)."""
    return not game.both_moved() and game.ply < 2
