"""Static evaluation of a position for the player to move, in hundredths of a disc.

Two evaluations: :func:`evaluate_basic` (Mittel) knows corners, the X and C
squares next to empty corners and mobility; :func:`evaluate` (Schwer) adds
potential mobility, stable discs, parity and a disc count whose sign changes
with the phase of the game. Finished games score far outside both ranges
(:func:`final_value`).
"""

from __future__ import annotations

from reversi.ai.stability import edge_stable_discs
from reversi.engine.bitboard import BB_ALL, BB_CORNERS, BB_FILE_A, BB_FILE_H, Bitboard
from reversi.engine.moves import legal_moves

#: A won game is worth more than any evaluation, a bigger win more than a smaller one.
WIN = 100_000

_NOT_A = BB_ALL ^ BB_FILE_A
_NOT_H = BB_ALL ^ BB_FILE_H

# corner square, its X square and its two C squares
_CORNER_NEIGHBOURS = ((0, 9, (1, 8)), (7, 14, (6, 15)), (56, 49, (48, 57)), (63, 54, (55, 62)))


def _danger_table() -> tuple[tuple[Bitboard, Bitboard], ...]:
    table = []
    for pattern in range(16):
        x_squares = c_squares = 0
        for i, (_, x, cs) in enumerate(_CORNER_NEIGHBOURS):
            if pattern >> i & 1:
                x_squares |= 1 << x
                c_squares |= (1 << cs[0]) | (1 << cs[1])
        table.append((x_squares, c_squares))
    return tuple(table)


#: Indexed by which corners are empty (bit i for corner i): the X and C squares next to them.
_DANGER = _danger_table()


def _empty_corner_index(empties: Bitboard) -> int:
    return (empties & 1) | (empties >> 6 & 2) | (empties >> 54 & 4) | (empties >> 60 & 8)


def final_value(p: Bitboard, o: Bitboard) -> int:
    """A finished game: ±WIN plus the disc difference (in hundredths), 0 for a draw."""
    diff = p.bit_count() - o.bit_count()
    if diff > 0:
        return WIN + 100 * (diff + 64 - p.bit_count() - o.bit_count())
    if diff < 0:
        return -WIN + 100 * (diff - 64 + p.bit_count() + o.bit_count())
    return 0


def neighbours(discs: Bitboard) -> Bitboard:
    """The squares next to ``discs`` in the eight directions."""
    west, east = discs & _NOT_A, discs & _NOT_H
    return (
        (discs << 8)
        | (discs >> 8)
        | (east << 1)
        | (east << 9)
        | (east >> 7)
        | (west >> 1)
        | (west >> 9)
        | (west << 7)
    ) & BB_ALL


def evaluate_basic(p: Bitboard, o: Bitboard) -> int:
    """Corners, X/C squares next to empty corners and mobility.

    >>> from reversi.engine import Board
    >>> board = Board()
    >>> evaluate_basic(board.player, board.opponent)
    0
    """
    empties = ~(p | o) & BB_ALL
    x_squares, c_squares = _DANGER[_empty_corner_index(empties)]
    mobility = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
    return (
        700 * ((p & BB_CORNERS).bit_count() - (o & BB_CORNERS).bit_count())
        - 250 * ((p & x_squares).bit_count() - (o & x_squares).bit_count())
        - 80 * ((p & c_squares).bit_count() - (o & c_squares).bit_count())
        + 60 * mobility
    )


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """The full evaluation for Schwer.

    >>> from reversi.engine import Board
    >>> board = Board()
    >>> evaluate(board.player, board.opponent)  # the start is symmetric
    0
    """
    occupied = p | o
    empties = ~occupied & BB_ALL
    n = empties.bit_count()
    x_squares, c_squares = _DANGER[_empty_corner_index(empties)]
    my_moves = legal_moves(p, o).bit_count()
    their_moves = legal_moves(o, p).bit_count()
    value = (
        800 * ((p & BB_CORNERS).bit_count() - (o & BB_CORNERS).bit_count())
        - 300 * ((p & x_squares).bit_count() - (o & x_squares).bit_count())
        - 90 * ((p & c_squares).bit_count() - (o & c_squares).bit_count())
        + 600 * (my_moves - their_moves) // (my_moves + their_moves + 2)
        + 8 * (my_moves - their_moves)
        + 25 * ((neighbours(o) & empties).bit_count() - (neighbours(p) & empties).bit_count())
    )
    if occupied & BB_CORNERS:
        value += 120 * (edge_stable_discs(p, o).bit_count() - edge_stable_discs(o, p).bit_count())
    discs = p.bit_count() - o.bit_count()
    if n > 40:
        value -= 6 * discs
    elif n < 20:
        value += (20 - n) * discs
        value += 60 if n & 1 else -60
    return value
