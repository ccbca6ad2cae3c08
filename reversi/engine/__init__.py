"""The rules of Reversi: bitboards, moves, the game, notation and perft, and the
renderers that read a board (the view, the German text figure).

Standard library only: this package runs unchanged in the browser under Pyodide.
"""

from reversi.engine.bitboard import SQUARE_NAMES, SQUARES, Bitboard, Square
from reversi.engine.board import Board, LegalMoves
from reversi.engine.color import BLACK, WHITE, Color
from reversi.engine.errors import (
    IllegalMoveError,
    IllegalReason,
    InvalidPositionError,
    InvalidSquareError,
    NotationError,
    ReversiError,
)
from reversi.engine.figure import german_figure
from reversi.engine.ggf import read_ggf, write_ggf
from reversi.engine.move import PASS, Move, flip_order
from reversi.engine.moves import flips, legal_moves
from reversi.engine.notation import (
    ObfPosition,
    parse_obf,
    parse_square,
    parse_transcript,
    square_name,
    write_obf,
    write_transcript,
)
from reversi.engine.outcome import Counting, Outcome, Termination
from reversi.engine.perft import perft

__all__ = [
    "BLACK",
    "PASS",
    "SQUARES",
    "SQUARE_NAMES",
    "WHITE",
    "Bitboard",
    "Board",
    "Color",
    "Counting",
    "IllegalMoveError",
    "IllegalReason",
    "InvalidPositionError",
    "InvalidSquareError",
    "LegalMoves",
    "Move",
    "NotationError",
    "ObfPosition",
    "Outcome",
    "ReversiError",
    "Square",
    "Termination",
    "flip_order",
    "flips",
    "german_figure",
    "legal_moves",
    "parse_obf",
    "parse_square",
    "parse_transcript",
    "perft",
    "read_ggf",
    "square_name",
    "write_obf",
    "write_ggf",
    "write_transcript",
]
