"""``solve``: the exact result of a position, with every best move."""

from __future__ import annotations

import time
from dataclasses import dataclass

from reversi.ai.endgame import EndgameSolver
from reversi.ai.native import core
from reversi.engine import Board, Counting, Move
from reversi.engine.moves import FLIPS_BY_BIT


@dataclass(frozen=True)
class Solution:
    """The exact final disc difference for the side to move under perfect play,
    every move that reaches it (none when the game is over), and the effort."""

    score: int
    best_moves: tuple[Move, ...]
    nodes: int
    seconds: float


def solve(
    board: Board, counting: Counting = Counting.WINNER, *, python_backend: bool = False
) -> Solution:
    """Solve ``board`` exactly; empties go to the winner unless ``counting`` says nobody.
    On the native core when it is built, unless ``python_backend``.

    >>> from reversi.engine import Board
    >>> board = Board("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO-- X")
    >>> solution = solve(board)
    >>> solution.score, [str(m) for m in solution.best_moves]
    (64, ['g8'])
    >>> solve(board, Counting.NOBODY).score
    63
    """
    start = time.perf_counter()
    p, o = board.player, board.opponent
    winner = counting is Counting.WINNER
    native = None if python_backend else core()
    if native is not None:
        found = native.solve(p, o, winner=winner, every=True)
        score, nodes = found.score, found.nodes
        bits = [1 << sq for sq in range(64) if found.best_moves >> sq & 1]
    else:
        solver = EndgameSolver(winner=winner)
        score, bits = solver.best_moves(p, o)
        nodes = solver.nodes
    moves = tuple(Move(bit.bit_length() - 1, FLIPS_BY_BIT[bit](p, o)) for bit in bits)
    return Solution(score, moves, nodes, time.perf_counter() - start)
