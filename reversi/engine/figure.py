"""The German text figure ("Abbildung als Text"), as in the hall's rule pages.

A renderer outside the core: it reads a :class:`~reversi.engine.board.Board`, the
board knows nothing of it.

>>> from reversi.engine import Board
>>> print(german_figure(Board(moves="f5d6")))
Schwarze Steine (3): e4 e5 f5
Weiße Steine (3): d4 d5 d6
Am Zug: Schwarz
Letzter Zug: d6
Brett (ab Reihe 1): ......../......../......../...WB.../...WBB../...W..../......../........
"""

from __future__ import annotations

from reversi.engine.bitboard import SQUARE_NAMES, grid, scan_forward
from reversi.engine.board import Board
from reversi.engine.color import BLACK, WHITE

COLOR_WORDS = {BLACK: "Schwarz", WHITE: "Weiß"}


def german_figure(board: Board) -> str:
    lines = []
    for color, label in ((BLACK, "Schwarze"), (WHITE, "Weiße")):
        discs = board.discs(color)
        names = " ".join(SQUARE_NAMES[sq] for sq in scan_forward(discs)) or "keine"
        lines.append(f"{label} Steine ({discs.bit_count()}): {names}")
    to_move = COLOR_WORDS[board.turn]
    if board.is_game_over():
        to_move += " (passt)"
    lines.append(f"Am Zug: {to_move}")
    last = board.last_placed
    lines.append(f"Letzter Zug: {'keiner' if last is None else last}")
    lines.append(f"Brett (ab Reihe 1): {'/'.join(grid(board.black, board.white, 'BW.'))}")
    return "\n".join(lines)
