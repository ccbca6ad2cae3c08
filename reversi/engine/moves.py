"""The hot kernel: legal moves and flipped discs, side-relative.

``p`` holds the discs of the player to move and ``o`` those of the opponent.
Both functions allocate nothing but ints and bytes; ``legal_moves`` fills all
eight directions with four fills over two lanes of one int, ``flips`` looks
along the rays of one square with code generated for that square
(see ``_flips.py``).
"""

from __future__ import annotations

from reversi.engine._flips import FLIPS_BY_SQUARE
from reversi.engine.bitboard import BB_ALL, BB_INNER_FILES, REVERSED_BITS, Bitboard, Square

__all__ = ["legal_moves", "flips", "fill_towards_h8", "FLIPS_BY_SQUARE", "FLIPS_BY_BIT"]

#: ``FLIPS_BY_BIT[1 << sq](p, o)`` is ``flips(p, o, sq)``, for loops that hold a bit.
FLIPS_BY_BIT = {1 << sq: fn for sq, fn in enumerate(FLIPS_BY_SQUARE)}


_LANE = 82  # the second lane's offset: 64 bits and a guard for shifts of up to 18
_LANE_INNER_FILES = BB_INNER_FILES | BB_INNER_FILES << _LANE


def legal_moves(p: Bitboard, o: Bitboard) -> Bitboard:
    """The empty squares where the player to move encloses at least one disc.

    One int holds two lanes: the board, and above it the board turned by 180°
    (square i becomes 63 - i). Every direction that runs towards a1 on the board
    runs towards h8 in the turned lane, so four fills towards h8 cover all eight
    directions. Sideways fills are masked with the opponent's discs off the edge
    files, so nothing wraps from column h to column a.
    """
    turned = int.from_bytes((p | o << 64).to_bytes(16, "little").translate(REVERSED_BITS), "big")
    p = p | (turned >> 64) << _LANE
    o = o | (turned & BB_ALL) << _LANE
    moves = fill_towards_h8(p, o, o & _LANE_INNER_FILES) & ~(p | o)
    back = ((moves >> _LANE) & BB_ALL).to_bytes(8, "big").translate(REVERSED_BITS)
    return (moves & BB_ALL) | int.from_bytes(back, "little")


def fill_towards_h8(p: int, o: int, oh: int) -> int:
    """The squares just past each line of ``o`` discs that starts next to a ``p``
    disc, towards h8 along rows, files and both diagonals; ``oh`` is ``o`` off
    the edge files. Occupied squares are left in: the caller masks them out.

    Along a row a run of opponent discs is consecutive bits: adding the bit where
    it touches a player's disc carries through the run onto the square after it.
    The other three directions grow each run by one, then by two twice (the
    Kogge–Stone pattern, https://www.chessprogramming.org/Kogge-Stone_Algorithm):
    six discs, the longest run that fits between two squares.
    """
    moves = oh + (oh & (p << 1))

    x = o & (p << 8)
    x |= o & (x << 8)
    pre = o & (o << 8)
    x |= pre & (x << 16)
    x |= pre & (x << 16)
    moves |= x << 8

    x = oh & (p << 7)
    x |= oh & (x << 7)
    pre = oh & (oh << 7)
    x |= pre & (x << 14)
    x |= pre & (x << 14)
    moves |= x << 7

    x = oh & (p << 9)
    x |= oh & (x << 9)
    pre = oh & (oh << 9)
    x |= pre & (x << 18)
    x |= pre & (x << 18)
    return moves | x << 9


def flips(p: Bitboard, o: Bitboard, sq: Square) -> Bitboard:
    """The opponent discs that a disc on ``sq`` encloses (0 if none)."""
    return FLIPS_BY_SQUARE[sq](p, o)
