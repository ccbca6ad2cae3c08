"""Reversi: a German-language Reversi hall, and the engine it is built on.

The package re-exports the engine's public API:

>>> from reversi import Board
>>> board = Board(moves="f5d6")
>>> sorted(str(m) for m in board.legal_moves)
['c3', 'c4', 'c5', 'c6', 'c7']
"""

from reversi.engine import *  # noqa: F403
from reversi.engine import __all__ as __all__

__version__ = "0.1.0"
