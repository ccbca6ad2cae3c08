"""Bitboards: a set of squares as a Python int, bit ``i`` for square ``i``.

Squares count from a1 = 0 along the rows: h1 = 7, a2 = 8, …, h8 = 63. Columns
a–h run left to right, rows 1–8 top to bottom, so ``d3`` is column d, row 3.
Techniques are named after the Chess Programming Wiki
(https://www.chessprogramming.org/Flipping_Mirroring_and_Rotating).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

Bitboard: TypeAlias = int
Square: TypeAlias = int

SQUARES: range = range(64)

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF

BB_FILE_A: Bitboard = 0x0101_0101_0101_0101
BB_FILE_H: Bitboard = BB_FILE_A << 7
BB_NOT_FILE_A: Bitboard = BB_ALL ^ BB_FILE_A
BB_NOT_FILE_H: Bitboard = BB_ALL ^ BB_FILE_H
BB_INNER_FILES: Bitboard = BB_NOT_FILE_A & BB_NOT_FILE_H
BB_ROW_1: Bitboard = 0xFF
BB_ROW_8: Bitboard = BB_ROW_1 << 56

BB_SQUARES: tuple[Bitboard, ...] = tuple(1 << sq for sq in SQUARES)

BB_A1, BB_H1, BB_A8, BB_H8 = 1 << 0, 1 << 7, 1 << 56, 1 << 63
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_D4, BB_E4, BB_D5, BB_E5 = 1 << 27, 1 << 28, 1 << 35, 1 << 36
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5

FILE_NAMES = "abcdefgh"
ROW_NAMES = "12345678"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in ROW_NAMES for f in FILE_NAMES)

#: The eight directions as (column step, row step), clockwise from the top
#: (towards row 1): up, up-right, right, down-right, down, down-left, left, up-left.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)


def square(file_index: int, row_index: int) -> Square:
    """The square in column ``file_index`` (0 = a) and row ``row_index`` (0 = row 1)."""
    return row_index * 8 + file_index


def square_file(sq: Square) -> int:
    return sq & 7


def square_row(sq: Square) -> int:
    return sq >> 3


def popcount(bb: Bitboard) -> int:
    return bb.bit_count()


def lsb(bb: Bitboard) -> Square:
    return (bb & -bb).bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of ``bb`` from a1 towards h8."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def ray(sq: Square, step: tuple[int, int]) -> Bitboard:
    """The squares beyond ``sq`` in one direction, up to the edge."""
    dx, dy = step
    x, y = square_file(sq) + dx, square_row(sq) + dy
    bb = BB_EMPTY
    while 0 <= x < 8 and 0 <= y < 8:
        bb |= BB_SQUARES[square(x, y)]
        x, y = x + dx, y + dy
    return bb


def flip_vertical(bb: Bitboard) -> Bitboard:
    """Mirror top to bottom: row 1 becomes row 8."""
    return int.from_bytes(bb.to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """Mirror left to right: column a becomes column h."""
    bb = ((bb >> 1) & 0x5555_5555_5555_5555) | ((bb & 0x5555_5555_5555_5555) << 1)
    bb = ((bb >> 2) & 0x3333_3333_3333_3333) | ((bb & 0x3333_3333_3333_3333) << 2)
    return ((bb >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bb & 0x0F0F_0F0F_0F0F_0F0F) << 4)


#: Each byte value with its eight bits in reverse order, for ``bytes.translate``.
REVERSED_BITS = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))


def rotate_180(bb: Bitboard) -> Bitboard:
    """Turn the board half way round: a1 becomes h8, square i becomes 63 - i."""
    return int.from_bytes(bb.to_bytes(8, "little").translate(REVERSED_BITS), "big")


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """Mirror on the a1–h8 diagonal: b1 becomes a2."""
    t = 0x0F0F_0F0F_0000_0000 & (bb ^ (bb << 28))
    bb ^= t ^ (t >> 28)
    t = 0x3333_0000_3333_0000 & (bb ^ (bb << 14))
    bb ^= t ^ (t >> 14)
    t = 0x5500_5500_5500_5500 & (bb ^ (bb << 7))
    return (bb ^ t ^ (t >> 7)) & BB_ALL


def symmetries(bb: Bitboard) -> tuple[Bitboard, ...]:
    """``bb`` under the eight symmetries of the square, identity first."""
    v = flip_vertical(bb)
    h = flip_horizontal(bb)
    vh = flip_horizontal(v)
    d = flip_diagonal(bb)
    return (bb, v, h, vh, d, flip_diagonal(v), flip_diagonal(h), flip_diagonal(vh))


def grid(
    black: Bitboard, white: Bitboard, symbols: str, marks: Bitboard = 0, mark: str = "*"
) -> list[str]:
    """The eight rows of a position, row 1 first, one character per square (a…h):
    ``symbols`` gives black, white and empty; empty squares in ``marks`` show ``mark``.
    Every text picture of a board (OBF, GGF, the figure, the diagrams) is made here.

    >>> grid(0b11, 0b100, "XO-", marks=0b1000)[0]
    'XXO*----'
    """
    on_black, on_white, empty = symbols[0], symbols[1], symbols[2]
    cells = [
        on_black
        if black >> sq & 1
        else on_white
        if white >> sq & 1
        else mark
        if marks >> sq & 1
        else empty
        for sq in range(64)
    ]
    return ["".join(cells[r : r + 8]) for r in range(0, 64, 8)]
