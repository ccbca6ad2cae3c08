"""The exact endgame solver: the final disc difference under perfect play.

Scores are side-relative: the final discs of the player to move minus those of
the opponent, with the empties of a game that ends early counted by the rule
(to nobody, or to the winner, a draw sharing them). The search layers are:

* ``_deep`` (more than ``SHALLOW`` empties): transposition table with
  enhanced transposition cut-offs, a stability cut-off, principal-variation
  search, and fastest-first ordering (the opponent's fewest replies first),
  far from the end corrected by the midgame evaluation or a shallow search;
* ``_shallow`` (5 to ``SHALLOW`` empties): empties in odd quadrants first,
  no legal-move generation, only the flip function of each empty square, the
  table from ``SHALLOW_TT_EMPTIES`` on;
* ``_solve4`` … ``_solve1``: the last four empties unrolled.

The root first asks win, loss or draw with a null window around 0, then
closes in on the exact score with null windows at the bound the last search
returned (MTD(f)); the table keeps the bounds between searches.
"""

from __future__ import annotations

import time

from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.search import INFINITY, Evaluation, Search
from reversi.ai.stability import stable_discs
from reversi.ai.trained import evaluate
from reversi.ai.tt import TranspositionTable
from reversi.engine.bitboard import BB_ALL, BB_SQUARES, Bitboard, Square
from reversi.engine.moves import FLIPS_BY_BIT, FLIPS_BY_SQUARE, legal_moves
from reversi.engine.siblings import children_with_replies

__all__ = ["EndgameSolver", "SHALLOW", "TT_EMPTIES"]

#: Up to this many empties the solver orders by quadrant parity only.
SHALLOW = 7
#: From this many empties on, positions go into the transposition table.
TT_EMPTIES = 8
#: The table starts over at this many entries, to bound memory in a browser tab.
TT_LIMIT = 500_000
#: From this many empties on, children are ordered by the midgame evaluation.
EVAL_ORDER_EMPTIES = 12
#: From this many empties on, children are ordered by a midgame search this deep.
SEARCH_ORDER_EMPTIES = 16
SEARCH_ORDER_DEPTH = 2
#: The shallow layer uses the table from this many empties on.
SHALLOW_TT_EMPTIES = 6
#: The deadline is read once every this many nodes plus one.
CHECK_EVERY = 2047

_QUADRANTS = (
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
)
_CORNERS = 0x8100_0000_0000_0081
#: Stability is worth computing only when alpha is at least this high (by empties).
_STABILITY_ALPHA = tuple(min(64, 2 * n - 4) for n in range(65))


def _odd_quadrants(empties: Bitboard) -> Bitboard:
    odd = 0
    for quadrant in _QUADRANTS:
        if (empties & quadrant).bit_count() & 1:
            odd |= quadrant
    return odd


def _parity_order(empties: Bitboard) -> list[Square]:
    odd = _odd_quadrants(empties)
    squares = []
    for part in (empties & odd, empties & ~odd):
        while part:
            bit = part & -part
            part ^= bit
            squares.append(bit.bit_length() - 1)
    return squares


class EndgameSolver:
    """Solves positions exactly; one solver keeps its table across calls.

    ``stop_at`` is a time on ``clock``; past it a search raises
    :class:`SearchTimeout` within ``CHECK_EVERY`` nodes.
    """

    __slots__ = (
        "_evaluate", "_next_check", "_orders", "_sorter", "clock", "nodes", "stop_at", "tt",
        "winner",
    )

    def __init__(
        self,
        *,
        winner: bool,
        clock: Clock = time.perf_counter,
        stop_at: float = float("inf"),
        evaluation: Evaluation = evaluate,
    ) -> None:
        self.winner = winner
        self.nodes = 0
        self.tt: dict[tuple[Bitboard, Bitboard], tuple[int, int, Bitboard]] = {}
        self.clock = clock
        self.stop_at = stop_at
        self._next_check = CHECK_EVERY
        # the parity order of each set of few empties, computed once per set
        self._orders: dict[Bitboard, list[Square]] = {}
        # far from the end, children are ordered by this evaluation (the trained one)
        self._evaluate = evaluation
        self._sorter = Search(evaluation, tt=TranspositionTable(100_000))

    # --- the public entry points -------------------------------------------

    def score(self, p: Bitboard, o: Bitboard) -> int:
        """The exact score of the position for the player to move."""
        n = 64 - (p | o).bit_count()
        value = self.search(p, o, -1, 1, n)
        if value == 0:
            return 0
        lower, upper = (value, 64) if value > 0 else (-64, value)
        while lower < upper:
            test = value + 1 if value == lower else value
            value = self.search(p, o, test - 1, test, n)
            if value < test:
                upper = value
            else:
                lower = value
        return value

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

    def search(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, n: int = -1) -> int:
        """Fail-soft alpha-beta: the exact score if it lies strictly inside the
        window, otherwise a bound on the side of the window it fell."""
        if n < 0:
            n = 64 - (p | o).bit_count()
        if n > SHALLOW:
            return self._deep(p, o, alpha, beta, n)
        if n > 4:
            return self._shallow(p, o, alpha, beta, n)
        squares = _parity_order(~(p | o) & BB_ALL)
        if n == 4:
            return self._solve4(p, o, alpha, beta, squares[0], squares[1], squares[2], squares[3])
        if n == 3:
            return self._solve3(p, o, alpha, beta, squares[0], squares[1], squares[2])
        if n == 2:
            return self._solve2(p, o, alpha, beta, squares[0], squares[1])
        if n == 1:
            return self._solve1(p, o, squares[0])
        return self._final(p, o)

    # --- scoring -----------------------------------------------------------

    def _final(self, p: Bitboard, o: Bitboard) -> int:
        """The score of a finished game."""
        pc, oc = p.bit_count(), o.bit_count()
        diff = pc - oc
        if self.winner and diff:
            empties = 64 - pc - oc
            return diff + empties if diff > 0 else diff - empties
        return diff

    def _check_time(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if self.clock() >= self.stop_at:
            raise SearchTimeout

    # --- many empties: table, stability, fastest first ---------------------

    def _deep(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, n: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_time()
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
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper

        children = (
            self._children(p, o, moves, hint) if n < EVAL_ORDER_EMPTIES
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
            if best <= alpha:
                upper = best if best < upper else upper
            elif best >= beta:
                lower = best if best > lower else lower
            else:
                lower = upper = best
            if len(tt) >= TT_LIMIT:
                tt.clear()
            tt[key] = (lower, upper, best_bit)
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
                order = 300 * (replies.bit_count() + (replies & _CORNERS).bit_count())
                if depth:
                    order += sorter.search(np_, no, depth, -INFINITY, INFINITY)
                else:
                    order += self._evaluate(np_, no)
            children.append((order, np_, no, bit))
        children.sort()
        return children

    # --- a few empties: parity order, no move generation ---------------------

    def _shallow(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, n: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_time()
        tt = self.tt
        key = (p, o)
        entry = tt.get(key) if n >= SHALLOW_TT_EMPTIES else None
        lower, upper = -64, 64
        if entry is not None:
            lower, upper, _ = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        alpha0 = alpha
        orders = self._orders
        empties = ~(p | o) & BB_ALL
        squares = orders.get(empties)
        if squares is None:
            squares = orders[empties] = _parity_order(empties)
        flips, bb = FLIPS_BY_SQUARE, BB_SQUARES
        best = -65
        n -= 1
        for x in squares:
            flipped = flips[x](p, o)
            if not flipped:
                continue
            bit = bb[x]
            np_, no = o ^ flipped, p | flipped | bit
            if n > 4:
                value = -self._shallow(np_, no, -beta, -alpha, n)
            else:
                rest = orders.get(empties ^ bit)
                if rest is None:
                    rest = orders[empties ^ bit] = _parity_order(empties ^ bit)
                value = -self._solve4(np_, no, -beta, -alpha, rest[0], rest[1], rest[2], rest[3])
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best == -65:
            for x in squares:
                if flips[x](o, p):
                    return -self._shallow(o, p, -beta, -alpha, n + 1)
            return self._final(p, o)
        if n + 1 >= SHALLOW_TT_EMPTIES:
            if best <= alpha0:
                upper = best if best < upper else upper
            elif best >= beta:
                lower = best if best > lower else lower
            else:
                lower = upper = best
            if len(tt) >= TT_LIMIT:
                tt.clear()
            tt[key] = (lower, upper, 0)
        return best

    # --- the last four empties, unrolled ----------------------------------

    def _solve4(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int,
        x1: Square, x2: Square, x3: Square, x4: Square,
    ) -> int:
        self.nodes += 1
        flips, bb = FLIPS_BY_SQUARE, BB_SQUARES
        best = -65
        flipped = flips[x1](p, o)
        if flipped:
            best = -self._solve3(o ^ flipped, p | flipped | bb[x1], -beta, -alpha, x2, x3, x4)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
        flipped = flips[x2](p, o)
        if flipped:
            value = -self._solve3(o ^ flipped, p | flipped | bb[x2], -beta, -alpha, x1, x3, x4)
            if value > best:
                if value >= beta:
                    return value
                best = value
                if value > alpha:
                    alpha = value
        flipped = flips[x3](p, o)
        if flipped:
            value = -self._solve3(o ^ flipped, p | flipped | bb[x3], -beta, -alpha, x1, x2, x4)
            if value > best:
                if value >= beta:
                    return value
                best = value
                if value > alpha:
                    alpha = value
        flipped = flips[x4](p, o)
        if flipped:
            value = -self._solve3(o ^ flipped, p | flipped | bb[x4], -beta, -alpha, x1, x2, x3)
            if value > best:
                best = value
        if best > -65:
            return best
        if flips[x1](o, p) or flips[x2](o, p) or flips[x3](o, p) or flips[x4](o, p):
            return -self._solve4(o, p, -beta, -alpha, x1, x2, x3, x4)
        return self._final(p, o)

    def _solve3(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, x1: Square, x2: Square, x3: Square
    ) -> int:
        self.nodes += 1
        flips, bb = FLIPS_BY_SQUARE, BB_SQUARES
        best = -65
        flipped = flips[x1](p, o)
        if flipped:
            best = -self._solve2(o ^ flipped, p | flipped | bb[x1], -beta, -alpha, x2, x3)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
        flipped = flips[x2](p, o)
        if flipped:
            value = -self._solve2(o ^ flipped, p | flipped | bb[x2], -beta, -alpha, x1, x3)
            if value > best:
                if value >= beta:
                    return value
                best = value
                if value > alpha:
                    alpha = value
        flipped = flips[x3](p, o)
        if flipped:
            value = -self._solve2(o ^ flipped, p | flipped | bb[x3], -beta, -alpha, x1, x2)
            if value > best:
                best = value
        if best > -65:
            return best
        if flips[x1](o, p) or flips[x2](o, p) or flips[x3](o, p):
            return -self._solve3(o, p, -beta, -alpha, x1, x2, x3)
        return self._final(p, o)

    def _solve2(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, x1: Square, x2: Square
    ) -> int:
        # the last move of each line is played here, not in a call to _solve1
        flips, bb = FLIPS_BY_SQUARE, BB_SQUARES
        best = -65
        flipped = flips[x1](p, o)
        if flipped:
            self.nodes += 2
            mine, theirs = p | flipped | bb[x1], o ^ flipped
            last = flips[x2](theirs, mine)
            if last:
                best = 62 - 2 * (theirs.bit_count() + last.bit_count())
            else:
                last = flips[x2](mine, theirs)
                if last:
                    best = 2 * (mine.bit_count() + last.bit_count()) - 62
                else:
                    best = self._final(mine, theirs)
            if best >= beta:
                return best
        flipped = flips[x2](p, o)
        if flipped:
            self.nodes += 2
            mine, theirs = p | flipped | bb[x2], o ^ flipped
            last = flips[x1](theirs, mine)
            if last:
                value = 62 - 2 * (theirs.bit_count() + last.bit_count())
            else:
                last = flips[x1](mine, theirs)
                if last:
                    value = 2 * (mine.bit_count() + last.bit_count()) - 62
                else:
                    value = self._final(mine, theirs)
            return value if value > best else best
        if best > -65:
            return best
        self.nodes += 1
        if flips[x1](o, p) or flips[x2](o, p):
            return -self._solve2(o, p, -beta, -alpha, x1, x2)
        return self._final(p, o)

    def _solve1(self, p: Bitboard, o: Bitboard, x: Square) -> int:
        self.nodes += 1
        flipped = FLIPS_BY_SQUARE[x](p, o)
        if flipped:
            return 2 * (p.bit_count() + flipped.bit_count()) - 62
        flipped = FLIPS_BY_SQUARE[x](o, p)
        if flipped:
            return 62 - 2 * (o.bit_count() + flipped.bit_count())
        return self._final(p, o)

