"""Move ordering for the midgame search: likely best moves first, so cut-offs come early.

The key, smallest first: the table's best move, then the fewest replies left
to the opponent ("fastest first"), with corners drawn forward and the X and C
squares next to empty corners pushed back.
"""

from __future__ import annotations

from reversi.engine.bitboard import BB_CORNERS, Bitboard
from reversi.engine.siblings import children_with_replies

Child = tuple[int, Bitboard, Bitboard, Bitboard]

_X_SQUARES = (1 << 9) | (1 << 14) | (1 << 49) | (1 << 54)
_C_SQUARES = (
    (1 << 1) | (1 << 8) | (1 << 6) | (1 << 15) | (1 << 48) | (1 << 57) | (1 << 55) | (1 << 62)
)
#: the X and C squares
NEAR_CORNERS = _X_SQUARES | _C_SQUARES


def ordered_children(p: Bitboard, o: Bitboard, moves: Bitboard, hint: Bitboard) -> list[Child]:
    """``(key, player, opponent, move bit)`` of each move's child, best guess first.

    The child's ``player`` is the side that replies.
    """
    empty_corners = BB_CORNERS & ~(p | o)
    children = []
    for bit, np_, no, replies in children_with_replies(p, o, moves):
        if bit == hint:
            key = -1000
        else:
            key = 10 * replies.bit_count() + 20 * (replies & BB_CORNERS).bit_count()
            if bit & BB_CORNERS:
                key -= 40
            elif empty_corners and bit & (_X_SQUARES | _C_SQUARES):
                key += 30 if bit & _X_SQUARES else 10
        children.append((key, np_, no, bit))
    children.sort()
    return children
