"""The midgame search: negamax alpha-beta with principal-variation (null-window)
search, a transposition table and iterative deepening, stopping at a deadline.

A pass does not use up a ply. Finished games score with
:func:`reversi.ai.evaluate.final_value`, far beyond any evaluation.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from reversi.ai.clock import Budget, Clock, SearchTimeout
from reversi.ai.evaluate import WIN, final_value
from reversi.ai.ordering import NEAR_CORNERS, ordered_children
from reversi.ai.tt import TranspositionTable, TTEntry
from reversi.engine.bitboard import BB_ALL, BB_CORNERS, Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves

Evaluation = Callable[[Bitboard, Bitboard], int]

INFINITY = 1_000_000
#: The deadline is read once every this many nodes plus one.
CHECK_EVERY = 63
#: With ``sharp``: the root's window around the last iteration's score, in hundredths.
ASPIRATION = 300
#: Multi-ProbCut: from this depth on, and this many sigmas beyond the window.
PROBCUT_MIN_DEPTH = 3
PROBCUT_T = 1.5
#: The frontier tries corners first, the X and C squares last.
_PLAIN_SQUARES = BB_ALL & ~BB_CORNERS & ~NEAR_CORNERS
#: Per depth (index): the shallow depth, slope, intercept and sigma of the fit.
ProbCutTable = tuple[tuple[int, float, float, float], ...]


@dataclass
class SearchResult:
    """The outcome of a search: the move's bit, its score, the last completed depth."""

    move: Bitboard
    score: int
    depth: int
    nodes: int


class Search:
    """One search with its evaluation, deadline and (reusable) transposition table."""

    __slots__ = ("budget", "evaluate", "nodes", "probcut", "sharp", "tt")

    def __init__(
        self,
        evaluate: Evaluation,
        *,
        clock: Clock = time.perf_counter,
        stop_at: float = float("inf"),
        tt: TranspositionTable | None = None,
        sharp: bool = False,
        probcut: ProbCutTable | None = None,
    ) -> None:
        """``sharp`` (Schwer) narrows the root's window around the last score
        (aspiration) and stops a frontier node at its first child that reaches
        the window; without it (Mittel) the search is the plain alpha-beta of the
        seeds. ``probcut`` (by depth: shallow depth, slope, intercept, sigma)
        enables Multi-ProbCut."""
        self.evaluate = evaluate
        self.sharp = sharp
        self.probcut = probcut
        self.tt = tt if tt is not None else TranspositionTable()
        self.nodes = 0
        self.budget = Budget(clock, stop_at, CHECK_EVERY)

    def iterate(self, p: Bitboard, o: Bitboard, max_depth: int) -> SearchResult:
        """Iterative deepening to ``max_depth`` or the deadline, whichever comes first.

        The player to move must have a legal move. The result is that of the
        deepest completed iteration, or a better move proven in the unfinished one.
        """
        moves = legal_moves(p, o)
        if not moves:
            raise ValueError("iterate needs a position with a legal move")
        best = SearchResult(moves & -moves, 0, 0, 0)
        for depth in range(1, max_depth + 1):
            try:
                if self.sharp and depth >= 3 and abs(best.score) < WIN // 2:
                    low, high = best.score - ASPIRATION, best.score + ASPIRATION
                    score, move = self.root(p, o, depth, best.move, best, low, high)
                    if not low < score < high:
                        score, move = self.root(p, o, depth, best.move, best)
                else:
                    score, move = self.root(p, o, depth, best.move, best)
            except SearchTimeout:
                break
            best = SearchResult(move, score, depth, self.nodes)
            if depth >= 64 - (p | o).bit_count():
                break  # the search reached the end of the game: deeper changes nothing
        best.nodes = self.nodes
        return best

    def root(
        self,
        p: Bitboard,
        o: Bitboard,
        depth: int,
        hint: Bitboard,
        partial: SearchResult,
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> tuple[int, Bitboard]:
        """Search every root move to ``depth`` with PVS in the window (fail-soft: a
        score outside it is a bound); ``partial`` is updated whenever a move is
        proven better than the first, so an interrupted iteration still counts."""
        children = ordered_children(p, o, legal_moves(p, o), hint)
        best, best_move = -INFINITY, children[0][3]
        a = alpha
        first = True
        for _, np_, no, bit in children:
            if first:
                value = -self.search(np_, no, depth - 1, -beta, -a)
                first = False
            else:
                value = -self.search(np_, no, depth - 1, -a - 1, -a)
                if a < value < beta:
                    value = -self.search(np_, no, depth - 1, -beta, -value)
                if value > a:
                    partial.move, partial.score = bit, value
            if value > best:
                best, best_move = value, bit
                if value > a:
                    a = value
                    if a >= beta:
                        break
        if alpha < best < beta:
            self.tt.store(p, o, best, best, best_move, depth)
        return best, best_move

    def _probcut(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int) -> int | None:
        """Multi-ProbCut (Buro): a shallow search predicts the deep one as
        ``slope * shallow + intercept`` with error ``sigma``; when the prediction
        lies ``PROBCUT_T`` sigmas beyond the window, the deep search is skipped.
        Never where the search would reach the end of the game (those values are
        exact), nor near a proven win or loss."""
        if depth >= 64 - (p | o).bit_count() or not -WIN // 2 < alpha < WIN // 2:
            return None
        assert self.probcut is not None
        shallow, slope, intercept, sigma = self.probcut[min(depth, len(self.probcut) - 1)]
        margin = PROBCUT_T * sigma
        bound = int((beta + margin - intercept) / slope) + 1
        if self.search(p, o, shallow, bound - 1, bound) >= bound:
            return beta
        bound = int((alpha - margin - intercept) / slope) - 1
        if self.search(p, o, shallow, bound, bound + 1) <= bound:
            return alpha
        return None

    def search(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int) -> int:
        """The negamax value of the position to ``depth`` plies (fail-soft)."""
        self.nodes += 1
        if self.nodes >= self.budget.next_check:
            self.budget.check(self.nodes)
        moves = legal_moves(p, o)
        if not moves:
            if legal_moves(o, p):
                return -self.search(o, p, depth, -beta, -alpha)
            return final_value(p, o)
        if depth == 0:
            return self.evaluate(p, o)
        if depth == 1:
            return self._frontier(p, o, moves, beta if self.sharp else INFINITY)

        entry: TTEntry | None = self.tt.get(p, o)
        hint = 0
        if entry is not None:
            hint = entry.move
            if entry.depth >= depth:
                if entry.lower >= beta:
                    return entry.lower
                if entry.upper <= alpha:
                    return entry.upper
                if entry.lower == entry.upper:
                    return entry.lower
        if self.probcut is not None and beta - alpha == 1 and depth >= PROBCUT_MIN_DEPTH:
            cut = self._probcut(p, o, depth, alpha, beta)
            if cut is not None:
                return cut
        alpha0 = alpha
        best, best_move = -INFINITY, 0
        first = True
        for _, np_, no, bit in ordered_children(p, o, moves, hint):
            if first:
                value = -self.search(np_, no, depth - 1, -beta, -alpha)
                first = False
            else:
                value = -self.search(np_, no, depth - 1, -alpha - 1, -alpha)
                if alpha < value < beta:
                    value = -self.search(np_, no, depth - 1, -beta, -value)
            if value > best:
                best, best_move = value, bit
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= alpha0:
            self.tt.store(p, o, -INFINITY, best, best_move, depth)
        elif best >= beta:
            self.tt.store(p, o, best, INFINITY, best_move, depth)
        else:
            self.tt.store(p, o, best, best, best_move, depth)
        return best

    def _frontier(self, p: Bitboard, o: Bitboard, moves: Bitboard, beta: int) -> int:
        """One ply left: the best evaluation among the children, corners first and
        the squares next to them last, returning at the first that reaches
        ``beta`` (fail-soft: a lower bound).
        Only ``sharp`` passes its window: Mittel, as the seeds define it, and the
        classic Schwer evaluate every child."""
        evaluate = self.evaluate
        flips_by_bit = FLIPS_BY_BIT
        best = -INFINITY
        for group in (moves & BB_CORNERS, moves & _PLAIN_SQUARES, moves & NEAR_CORNERS):
            while group:
                bit = group & -group
                group ^= bit
                flipped = flips_by_bit[bit](p, o)
                np_, no = o ^ flipped, p | flipped | bit
                self.nodes += 1
                finished = not np_ or (np_ | no) == BB_ALL
                value = -final_value(np_, no) if finished else -evaluate(np_, no)
                if value > best:
                    best = value
                    if value >= beta:
                        return best
        return best
