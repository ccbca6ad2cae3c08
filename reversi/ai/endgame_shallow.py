"""The last empties of the exact endgame solver, and what every layer shares.

:class:`ShallowSolver` holds the counters, the table and the deadline of a
solve, the score of a finished game and the layers that need no legal-move
generation:

* ``_shallow`` (5 to ``SHALLOW`` empties): empties in odd quadrants first,
  only the flip function of each empty square, the table from
  ``SHALLOW_TT_EMPTIES`` on;
* ``_solve4`` … ``_solve1``: the last four empties unrolled (``_solve2`` plays
  the last move inline).

:class:`reversi.ai.endgame.EndgameSolver` adds the deep layer and the root.
"""

from __future__ import annotations

from reversi.ai.clock import Clock, SearchTimeout
from reversi.engine.bitboard import BB_ALL, BB_SQUARES, Bitboard, Square
from reversi.engine.moves import FLIPS_BY_SQUARE

__all__ = [
    "CHECK_EVERY",
    "SHALLOW",
    "ShallowSolver",
    "TT_EMPTIES",
    "TT_LIMIT",
    "odd_quadrants",
    "parity_order",
]

#: Up to this many empties the solver orders by quadrant parity only.
SHALLOW = 7
#: From this many empties on, positions go into the transposition table.
TT_EMPTIES = 8
#: The table holds at most this many entries, to bound memory in a browser tab.
TT_LIMIT = 500_000
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

#: A table entry: lower bound, upper bound, best move's bit (0: none known).
Entry = tuple[int, int, Bitboard]


def odd_quadrants(empties: Bitboard) -> Bitboard:
    """The quadrants with an odd number of ``empties``, as one mask."""
    odd = 0
    for quadrant in _QUADRANTS:
        if (empties & quadrant).bit_count() & 1:
            odd |= quadrant
    return odd


def parity_order(empties: Bitboard) -> list[Square]:
    """The empty squares, those of odd quadrants first."""
    odd = odd_quadrants(empties)
    squares = []
    for part in (empties & odd, empties & ~odd):
        while part:
            bit = part & -part
            part ^= bit
            squares.append(bit.bit_length() - 1)
    return squares


class ShallowSolver:
    """The state of a solve and its layers below ``SHALLOW`` empties.

    ``stop_at`` is a time on ``clock``; past it a search raises
    :class:`SearchTimeout` within ``CHECK_EVERY`` nodes.
    """

    __slots__ = ("_next_check", "_orders", "clock", "nodes", "stop_at", "tt", "winner")

    def __init__(self, *, winner: bool, clock: Clock, stop_at: float) -> None:
        self.winner = winner
        self.nodes = 0
        self.tt: dict[tuple[Bitboard, Bitboard], Entry] = {}
        self.clock = clock
        self.stop_at = stop_at
        self._next_check = CHECK_EVERY
        # the parity order of each set of few empties, computed once per set
        self._orders: dict[Bitboard, list[Square]] = {}

    # --- scoring, deadline, table ------------------------------------------

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

    def _make_room(self) -> None:
        """The table is full: drop the positions with the fewest empties (the
        cheapest to find again) until at most half of it is left."""
        tt = self.tt
        counts = [0] * 65
        for p, o in tt:
            counts[64 - (p | o).bit_count()] += 1
        kept, keep_from = 0, 64
        while keep_from > 0 and kept + counts[keep_from] <= TT_LIMIT // 2:
            kept += counts[keep_from]
            keep_from -= 1
        keep_from += 1
        # in place: the searches up the stack hold the same dict
        for key in [key for key in tt if 64 - (key[0] | key[1]).bit_count() < keep_from]:
            del tt[key]

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
            squares = orders[empties] = parity_order(empties)
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
                    rest = orders[empties ^ bit] = parity_order(empties ^ bit)
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
                self._make_room()
            tt[key] = (lower, upper, 0)
        return best

    # --- the last four empties, unrolled ----------------------------------

    def _solve4(
        self,
        p: Bitboard,
        o: Bitboard,
        alpha: int,
        beta: int,
        x1: Square,
        x2: Square,
        x3: Square,
        x4: Square,
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
