"""Stable discs: discs that no sequence of moves can flip any more.

A disc is stable when, along each of the four lines through it, the line is
full or one neighbour on that line is the wall or a stable disc of its colour.
Growing that set from nothing until it stops changing finds corners, the discs
anchored to them and discs on full lines; it never overstates.
"""

from __future__ import annotations

from reversi.engine.bitboard import (
    BB_ALL,
    BB_FILE_A,
    BB_FILE_H,
    BB_NOT_FILE_A,
    BB_NOT_FILE_H,
    BB_ROW_1,
    BB_ROW_8,
    Bitboard,
    square,
)

_FRAME = BB_FILE_A | BB_FILE_H | BB_ROW_1 | BB_ROW_8
_WALL_H = BB_FILE_A | BB_FILE_H
_WALL_V = BB_ROW_1 | BB_ROW_8


def _diagonal(x: int, y: int, dx: int) -> Bitboard:
    bb = 0
    while 0 <= x < 8 and 0 <= y < 8:
        bb |= 1 << square(x, y)
        x, y = x + dx, y + 1
    return bb


#: The diagonals running towards h8 (step 9) and towards a8 (step 7), each of
#: at least three squares: shorter ones lie on the frame and are walled anyway.
_DIAGONALS_9 = tuple(
    d
    for d in {_diagonal(x, 0, 1) for x in range(8)} | {_diagonal(0, y, 1) for y in range(8)}
    if d.bit_count() >= 3
)
_DIAGONALS_7 = tuple(
    d
    for d in {_diagonal(x, 0, -1) for x in range(8)} | {_diagonal(7, y, -1) for y in range(8)}
    if d.bit_count() >= 3
)


def full_lines(occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """The squares whose row, column, step-9 and step-7 diagonal are full."""
    r = occupied & (occupied >> 4)
    r &= r >> 2
    r &= r >> 1
    rows = (r & BB_FILE_A) * 0xFF
    c = occupied & (occupied >> 32)
    c &= c >> 16
    c &= c >> 8
    columns = (c & BB_ROW_1) * BB_FILE_A
    d9 = 0
    for line in _DIAGONALS_9:
        if occupied & line == line:
            d9 |= line
    d7 = 0
    for line in _DIAGONALS_7:
        if occupied & line == line:
            d7 |= line
    return rows, columns, d9, d7


def stable_discs(own: Bitboard, opponent: Bitboard) -> Bitboard:
    """The discs of ``own`` that can never be flipped."""
    rows, columns, d9, d7 = full_lines(own | opponent)
    return _grown(own, rows | _WALL_H, columns | _WALL_V, d9 | _FRAME, d7 | _FRAME)


def edge_stable_discs(own: Bitboard, opponent: Bitboard) -> Bitboard:
    """A cheaper under-estimate for evaluation: discs stable through corners only.

    Without full lines only the frame can anchor, so the growth starts at the
    corners and runs along edges and into the board behind them.
    """
    return _grown(own, _WALL_H, _WALL_V, _FRAME, _FRAME)


def _grown(own: Bitboard, h: Bitboard, v: Bitboard, d9: Bitboard, d7: Bitboard) -> Bitboard:
    """The discs of ``own`` that are anchored in all four directions, grown to a fixed
    point: in each direction a disc is anchored by a full line or wall (the masks) or by
    a neighbour already found stable."""
    stable = 0
    while True:
        grown = (
            own
            & (h | ((stable << 1) & BB_NOT_FILE_A) | ((stable >> 1) & BB_NOT_FILE_H))
            & (v | (stable << 8) | (stable >> 8))
            & (d9 | ((stable << 9) & BB_NOT_FILE_A) | ((stable >> 9) & BB_NOT_FILE_H))
            & (d7 | ((stable << 7) & BB_NOT_FILE_H) | ((stable >> 7) & BB_NOT_FILE_A))
            & BB_ALL
        )
        if grown == stable:
            return stable
        stable = grown
