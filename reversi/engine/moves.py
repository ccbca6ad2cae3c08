"""The hot kernel: legal moves and flipped discs, side-relative.

``p`` holds the discs of the player to move and ``o`` those of the opponent.
Both functions allocate nothing but ints; ``legal_moves`` fills all eight
directions in parallel with a Kogge–Stone style occluded fill
(https://www.chessprogramming.org/Kogge-Stone_Algorithm), ``flips`` looks along
the rays of one square with code generated for that square (see ``_flips.py``).
"""

from __future__ import annotations

from reversi.engine._flips import FLIPS_BY_SQUARE
from reversi.engine.bitboard import BB_ALL, BB_INNER_FILES, Bitboard, Square

__all__ = ["legal_moves", "flips", "FLIPS_BY_SQUARE", "FLIPS_BY_BIT"]

#: ``FLIPS_BY_BIT[1 << sq](p, o)`` is ``flips(p, o, sq)``, for loops that hold a bit.
FLIPS_BY_BIT = {1 << sq: fn for sq, fn in enumerate(FLIPS_BY_SQUARE)}


def legal_moves(p: Bitboard, o: Bitboard) -> Bitboard:
    """The empty squares where the player to move encloses at least one disc.

    Every shifted run of opponent discs is masked with the opponent's discs,
    minus the edge files for directions with a sideways step, so nothing wraps
    from column h to column a. A run grows by one, then by two twice: six discs,
    the longest run on the board.
    """
    oh = o & BB_INNER_FILES

    x = oh & (p << 1)
    x |= oh & (x << 1)
    pre = oh & (oh << 1)
    x |= pre & (x << 2)
    x |= pre & (x << 2)
    moves = x << 1
    x = oh & (p >> 1)
    x |= oh & (x >> 1)
    pre >>= 1
    x |= pre & (x >> 2)
    x |= pre & (x >> 2)
    moves |= x >> 1

    x = o & (p << 8)
    x |= o & (x << 8)
    pre = o & (o << 8)
    x |= pre & (x << 16)
    x |= pre & (x << 16)
    moves |= x << 8
    x = o & (p >> 8)
    x |= o & (x >> 8)
    pre >>= 8
    x |= pre & (x >> 16)
    x |= pre & (x >> 16)
    moves |= x >> 8

    x = oh & (p << 7)
    x |= oh & (x << 7)
    pre = oh & (oh << 7)
    x |= pre & (x << 14)
    x |= pre & (x << 14)
    moves |= x << 7
    x = oh & (p >> 7)
    x |= oh & (x >> 7)
    pre >>= 7
    x |= pre & (x >> 14)
    x |= pre & (x >> 14)
    moves |= x >> 7

    x = oh & (p << 9)
    x |= oh & (x << 9)
    pre = oh & (oh << 9)
    x |= pre & (x << 18)
    x |= pre & (x << 18)
    moves |= x << 9
    x = oh & (p >> 9)
    x |= oh & (x >> 9)
    pre >>= 9
    x |= pre & (x >> 18)
    x |= pre & (x >> 18)
    moves |= x >> 9

    return moves & ~(p | o) & BB_ALL


def flips(p: Bitboard, o: Bitboard, sq: Square) -> Bitboard:
    """The opponent discs that a disc on ``sq`` encloses (0 if none)."""
    return FLIPS_BY_SQUARE[sq](p, o)
