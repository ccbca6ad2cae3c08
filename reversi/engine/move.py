"""``Move``: a placed disc and the discs it flipped, or a pass."""

from __future__ import annotations

from typing import NamedTuple

from reversi.engine.bitboard import (
    DIRECTIONS,
    SQUARE_NAMES,
    Bitboard,
    Square,
    square,
    square_file,
    square_row,
)


class Move(NamedTuple):
    """A placed disc and the discs it flipped, or a pass (``square`` is None)."""

    square: Square | None
    flipped: Bitboard = 0

    @property
    def is_pass(self) -> bool:
        return self.square is None

    @property
    def flip_count(self) -> int:
        return self.flipped.bit_count()

    def __str__(self) -> str:
        return "pass" if self.square is None else SQUARE_NAMES[self.square]


PASS = Move(None, 0)


def flip_order(move: Move) -> list[Square]:
    """The flipped discs in the order to turn them by hand: line by line
    clockwise from the top (towards row 1), nearest disc first."""
    if move.square is None:
        return []
    order = []
    for dx, dy in DIRECTIONS:
        x, y = square_file(move.square) + dx, square_row(move.square) + dy
        while 0 <= x < 8 and 0 <= y < 8 and move.flipped >> square(x, y) & 1:
            order.append(square(x, y))
            x, y = x + dx, y + dy
    return order
