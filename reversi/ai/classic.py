"""Schwer as it played before the trained evaluation: a benchmark opponent only.

The hand-written :func:`reversi.ai.evaluate.evaluate` with plain iterative
deepening; exact from ``EXACT_EMPTIES`` empties, a win/draw/loss search of
the moves up to ``DECISIVE_EMPTIES`` (docs/benchmarks.md,
"Matches", gives its matches against the Schwer of today).
"""

from __future__ import annotations

import time

from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import evaluate
from reversi.ai.search import Search
from reversi.engine import Board
from reversi.engine.bitboard import Bitboard

EXACT_EMPTIES = 12
EXACT_BUDGET_FACTOR = 4
DECISIVE_EMPTIES = 18


def classic_move(board: Board, budget: float, clock: Clock = time.perf_counter) -> Bitboard:
    """The bit of the move the earlier Schwer chooses within ``budget`` seconds."""
    start = clock()
    p, o = board.player, board.opponent
    empties = 64 - (p | o).bit_count()
    if empties <= EXACT_EMPTIES:
        solver = EndgameSolver(
            winner=True,
            clock=clock,
            stop_at=start + EXACT_BUDGET_FACTOR * budget,
            evaluation=evaluate,
        )
        try:
            return solver.best_moves(p, o, every=False)[1][0]
        except SearchTimeout:
            budget = 0.0
    share = budget / 3 if empties <= DECISIVE_EMPTIES else budget
    chosen = Search(evaluate, clock=clock, stop_at=start + share).iterate(p, o, 60).move
    if empties <= DECISIVE_EMPTIES:
        solver = EndgameSolver(
            winner=True, clock=clock, stop_at=start + budget, evaluation=evaluate
        )
        chosen = solver.unlost_move(p, o, chosen)
    return chosen
