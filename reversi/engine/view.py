"""The view: a JSON-ready picture of a game for the hall's board (docs/protocol.md).

The browser knows no rules; it draws views. The worker sends them in solo play and
on two players' device, the duel server sends the same shape with seats and clocks.

>>> from reversi.engine import Board
>>> view = game_view(Board(moves="d3"))
>>> view["turn"], view["legal"], view["counts"]
('white', {'c3': 1, 'e3': 1, 'c5': 1}, {'black': 4, 'white': 1})
>>> view["last"]
{'square': 'd3', 'color': 'black', 'flipped': ['d4']}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reversi.engine.bitboard import SQUARE_NAMES, grid
from reversi.engine.color import BLACK, COLOR_NAMES, WHITE, Color
from reversi.engine.figure import german_figure
from reversi.engine.move import flip_order

if TYPE_CHECKING:
    from reversi.engine.board import Board

#: The version of the view's shape; bumped on any incompatible change.
VIEW_VERSION = 1


def color_key(color: Color | None) -> str | None:
    return None if color is None else COLOR_NAMES[color]


def squares_text(board: Board) -> str:
    """64 characters a1…h8, row by row: ``B`` black, ``W`` white, ``.`` empty."""
    return "".join(grid(board.black, board.white, "BW."))


def game_view(board: Board) -> dict[str, Any]:
    """The view of ``board`` (see docs/protocol.md for every field)."""
    over = board.is_game_over()
    last = board.last_placed
    stack = board.move_stack
    last_view = None
    if last is not None and last.square is not None:
        color = board.color_at(last.square)
        last_view = {
            "square": SQUARE_NAMES[last.square],
            "color": color_key(color),
            "flipped": [SQUARE_NAMES[sq] for sq in flip_order(last)],
        }
    passed = None
    if stack and stack[-1].is_pass:
        # the side that had to pass is the one that is not to move now
        passed = {"color": color_key(not board.turn)}
    result = None
    outcome = board.outcome()
    if outcome is not None:
        result = {
            "winner": color_key(outcome.winner),
            "black": outcome.black,
            "white": outcome.white,
            "termination": outcome.termination.name.lower(),
        }
    return {
        "version": VIEW_VERSION,
        "squares": squares_text(board),
        "turn": None if over else color_key(board.turn),
        "legal": {SQUARE_NAMES[sq]: n for sq, n in sorted(board.flip_counts().items())},
        "last": last_view,
        "counts": {"black": board.count(BLACK), "white": board.count(WHITE)},
        "pass": passed,
        "result": result,
        "moves": _moves(board),
        "ply": sum(1 for m in stack if m.square is not None),
        "can_undo": board.can_undo(),
        "can_redo": board.can_redo(),
        "figure": german_figure(board),
    }


def _moves(board: Board) -> list[dict[str, Any]]:
    """The move list with colours.

    The colours come from :meth:`Board.mover`: no replay needed.
    """
    moves: list[dict[str, Any]] = []
    for i, move in enumerate(board.move_stack):
        color = color_key(board.mover(i))
        if move.square is None:
            moves.append({"color": color, "square": None})
        else:
            moves.append(
                {"color": color, "square": SQUARE_NAMES[move.square], "flips": move.flip_count}
            )
    return moves
