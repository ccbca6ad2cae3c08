"""The exact endgame solver: the final disc difference under perfect play.

Scores are side-relative: the final discs of the player to move minus those of
the opponent, with the empties of a game that ends early counted by the rule
(to nobody, or to the winner, a draw sharing them). Above ``SHALLOW`` empties
``_deep`` searches with the transposition table and enhanced transposition
cut-offs, a stability cut-off, principal-variation search, and fastest-first
ordering (the opponent's fewest replies first), far from the end corrected by
the midgame evaluation or a shallow search; below it the layers of
:class:`reversi.ai.endgame_shallow.ShallowSolver` take over.

The root first tests the score a short midgame search expects (far from the
end; near it 0: win, draw or loss) with a window around it, then closes in on
the exact score with null windows at the bound the last search returned
(MTD(f)); the table keeps the bounds between searches.
"""

from __future__ import annotations

import time

from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.endgame_shallow import (
    CHECK_EVERY,
    SHALLOW,
    TT_EMPTIES,
    TT_LIMIT,
    ShallowSolver,
    narrowed,
    parity_order,
)
from reversi.ai.search import INFINITY, Evaluation, Search
from reversi.ai.stability import stable_discs
from reversi.ai.trained import evaluate
from reversi.ai.tt import TranspositionTable
from reversi.engine.bitboard import BB_ALL, Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves
from reversi.engine.siblings import children_with_replies

__all__ = ["CHECK_EVERY", "EndgameSolver", "SHALLOW", "TT_EMPTIES", "TT_LIMIT"]

#: From this many empties on, children are ordered by the midgame evaluation.
EVAL_ORDER_EMPTIES = 12
#: From this many empties on, children are ordered by a midgame search this deep.
SEARCH_ORDER_EMPTIES = 16
SEARCH_ORDER_DEPTH = 1
#: In that order, each reply left to the opponent (a corner counts twice) weighs
#: this many hundredths of a disc against the evaluation.
REPLY_WEIGHT = 400
#: From this many empties on, the root's first null window is at the score a
#: midgame search this deep expects (with fewer at 0: win, draw or loss).
GUESS_EMPTIES = 14
GUESS_DEPTH = 4

_CORNERS = 0x8100_0000_0000_0081
#: Stability is worth computing only when alpha is at least this high (by empties).
_STABILITY_ALPHA = tuple(min(64, 2 * n - 4) for n in range(65))


class EndgameSolver(ShallowSolver):
    """Solves positions exactly; one solver keeps its table across calls.

    ``stop_at`` is a time on ``clock``; past it a search raises
    :class:`SearchTimeout` within ``CHECK_EVERY`` nodes.
    """

    __slots__ = ("_evaluate", "_sorter")

    def __init__(
        self,
        *,
        winner: bool,
        clock: Clock = time.perf_counter,
        stop_at: float = float("inf"),
        evaluation: Evaluation = evaluate,
    ) -> None:
        super().__init__(winner=winner, clock=clock, stop_at=stop_at)
        # far from the end, children are ordered by this evaluation (the trained one)
        self._evaluate = evaluation
        self._sorter = Search(evaluation, tt=TranspositionTable(100_000))

    # --- the public entry points -------------------------------------------

    def score(self, p: Bitboard, o: Bitboard) -> int:
        """The exact score of the position for the player to move."""
        n = 64 - (p | o).bit_count()
        guess = self.guess(p, o) if n >= GUESS_EMPTIES else 0
        value = self.search(p, o, guess - 1, guess + 1, n)
        if value == guess:
            return value
        lower, upper = (value, 64) if value > guess else (-64, value)
        while lower < upper:
            test = value + 1 if value == lower else value
            value = self.search(p, o, test - 1, test, n)
            if value < test:
                upper = value
            else:
                lower = value
        return value

    def guess(self, p: Bitboard, o: Bitboard) -> int:
        """The midgame search's estimate of the score, in discs (even when the
        empties go to the winner, as every final score then is): where the
        null-window searches of the root start."""
        value = self._sorter.search(p, o, GUESS_DEPTH, -INFINITY, INFINITY)
        discs = max(-64, min(64, round(value / 100)))
        if self.winner and discs & 1:
            discs += 1 if value > 100 * discs else -1
        return discs

    def best_moves(
        self, p: Bitboard, o: Bitboard, *, every: bool = True
    ) -> tuple[int, list[Bitboard]]:
        """The exact score and the bits of the moves that reach it: every one, or
        (``every=False``) the first found, trying the table's best move first.
        Empty when the player to move must pass or the game is over."""
        score = self.score(p, o)
        found = []
        moves = legal_moves(p, o)
        if not every:
            entry = self.tt.get((p, o))
            hint = entry[2] if entry is not None else 0
            moves_in_order = [bit for _, _, _, bit in self._children(p, o, moves, hint)]
        else:
            moves_in_order = []
            while moves:
                bit = moves & -moves
                moves ^= bit
                moves_in_order.append(bit)
        for bit in moves_in_order:
            flipped = FLIPS_BY_BIT[bit](p, o)
            if -self.search(o ^ flipped, p | flipped | bit, -score, 1 - score) >= score:
                found.append(bit)
                if not every:
                    break
        return score, found

    def decisive_move(self, p: Bitboard, o: Bitboard, first: Bitboard) -> tuple[int, Bitboard]:
        """Win, draw or loss (1, 0, -1) of the best move and that move's bit,
        trying ``first`` first and stopping at the first win: cheaper than the
        exact score, and all that a game needs to be won."""
        best, best_bit = -2, first
        entry = self.tt.get((p, o))
        hint = entry[2] if entry is not None else 0
        children = self._children(p, o, legal_moves(p, o), hint)
        children.sort(key=lambda child: child[3] != first)
        for _, np_, no, bit in children:
            value = -self.search(np_, no, -1, 1)
            verdict = (value > 0) - (value < 0)
            if verdict > best:
                best, best_bit = verdict, bit
                if verdict > 0:
                    break
        return best, best_bit

    def unlost_move(self, p: Bitboard, o: Bitboard, chosen: Bitboard) -> Bitboard:
        """The bit of a move that wins, or else draws, against any defence
        (:meth:`decisive_move`, trying ``chosen`` first); ``chosen`` when every
        move loses or the deadline comes first."""
        try:
            verdict, bit = self.decisive_move(p, o, chosen)
        except SearchTimeout:
            return chosen
        return bit if verdict >= 0 else chosen

    def search(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, n: int = -1) -> int:
        """Fail-soft alpha-beta: the exact score if it lies strictly inside the
        window, otherwise a bound on the side of the window it fell."""
        if n < 0:
            n = 64 - (p | o).bit_count()
        if n > SHALLOW:
            return self._deep(p, o, alpha, beta, n)
        if n > 4:
            return self._shallow(p, o, alpha, beta, n)
        squares = parity_order(~(p | o) & BB_ALL)
        if n == 4:
            return self._solve4(p, o, alpha, beta, squares[0], squares[1], squares[2], squares[3])
        if n == 3:
            return self._solve3(p, o, alpha, beta, squares[0], squares[1], squares[2])
        if n == 2:
            return self._solve2(p, o, alpha, beta, squares[0], squares[1])
        if n == 1:
            return self._solve1(p, o, squares[0])
        return self._final(p, o)

    # --- many empties: table, stability, fastest first ---------------------

    def _deep(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, n: int) -> int:
        self.nodes += 1
        if self.nodes >= self.budget.next_check:
            self.budget.check(self.nodes)
        moves = legal_moves(p, o)
        if not moves:
            if legal_moves(o, p):
                return -self._deep(o, p, -beta, -alpha, n)
            return self._final(p, o)
        if alpha >= _STABILITY_ALPHA[n]:
            bound = 64 - 2 * stable_discs(o, p).bit_count()
            if bound <= alpha:
                return bound
            if bound < beta:
                beta = bound
        tt = self.tt
        key = (p, o)
        lower, upper, hint = -64, 64, 0
        entry = tt.get(key) if n >= TT_EMPTIES else None
        if entry is not None:
            lower, upper, hint = entry
            alpha, beta = narrowed(lower, upper, alpha, beta)
            if alpha >= beta:
                return alpha

        children = (
            self._children(p, o, moves, hint)
            if n < EVAL_ORDER_EMPTIES
            else self._children_by_evaluation(p, o, moves, hint, n)
        )
        if n > TT_EMPTIES:
            for _, np_, no, bit in children:
                child = tt.get((np_, no))
                if child is not None and -child[1] >= beta:
                    tt[key] = (-child[1], upper, bit)
                    return -child[1]
        n -= 1
        child_search = self._deep if n > SHALLOW else self._shallow
        best, best_bit = -65, 0
        a = alpha
        first = True
        for _, np_, no, bit in children:
            if first:
                value = -child_search(np_, no, -beta, -a, n)
                first = False
            else:
                value = -child_search(np_, no, -a - 1, -a, n)
                if a < value < beta:
                    value = -child_search(np_, no, -beta, -value, n)
            if value > best:
                best, best_bit = value, bit
                if value > a:
                    a = value
                    if a >= beta:
                        break
        if n + 1 >= TT_EMPTIES:
            self._store(key, lower, upper, best, alpha, beta, best_bit)
        return best

    @staticmethod
    def _children(
        p: Bitboard, o: Bitboard, moves: Bitboard, hint: Bitboard
    ) -> list[tuple[int, Bitboard, Bitboard, Bitboard]]:
        """Fastest first: the move leaving the fewest replies (corners count double)."""
        children = []
        for bit, np_, no, replies in children_with_replies(p, o, moves):
            if bit == hint:
                order = -99
            else:
                order = replies.bit_count() * 4 + (replies & _CORNERS).bit_count() * 4
                if bit & _CORNERS:
                    order -= 3
            children.append((order, np_, no, bit))
        children.sort()
        return children

    def _children_by_evaluation(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, hint: Bitboard, n: int
    ) -> list[tuple[int, Bitboard, Bitboard, Bitboard]]:
        """Far from the end: fastest first, corrected by the midgame evaluation of
        the child, or (with many empties) by a shallow midgame search of it."""
        sorter = self._sorter
        depth = SEARCH_ORDER_DEPTH if n >= SEARCH_ORDER_EMPTIES else 0
        children = []
        for bit, np_, no, replies in children_with_replies(p, o, moves):
            if bit == hint:
                order = -INFINITY
            else:
                order = REPLY_WEIGHT * (replies.bit_count() + (replies & _CORNERS).bit_count())
                if depth:
                    order += sorter.search(np_, no, depth, -INFINITY, INFINITY)
                else:
                    order += self._evaluate(np_, no)
            children.append((order, np_, no, bit))
        children.sort()
        return children
