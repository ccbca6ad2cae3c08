"""The computer player: the levels Leicht, Mittel and Schwer, an exact endgame
solver and move analysis.

Imports only ``reversi.engine``, the standard library and, where it is built,
the engine's C core ``reversi._native`` (``native.py``: Schwer and the solver use
it, else the Python search): it runs in the browser under Pyodide, where nothing
can interrupt a search, so every search stops by itself at its deadline.

>>> from reversi.engine import Board
>>> board = Board()
>>> move = choose_move(board, Level.SCHWER, budget=0.05)
>>> move in board.legal_moves
True
"""

from reversi.ai.analysis import MoveScore, analyse
from reversi.ai.levels import DEFAULT_BUDGET, Decision, Level, choose_move, think
from reversi.ai.solver import Solution, solve

__all__ = [
    "DEFAULT_BUDGET",
    "Decision",
    "Level",
    "MoveScore",
    "Solution",
    "analyse",
    "choose_move",
    "solve",
    "think",
]
