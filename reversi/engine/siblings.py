"""All the children of a position at once, side by side in one int.

CPython spends most of an int operation on the operation itself and little on
the length of the int. So the children of a position go side by side into one
int, an 88-bit slot each (the board and 24 guard bits, more than the longest
shift), and the flips of every move and the replies in every child take the
operations that ``legal_moves`` spends on one position.

As in ``legal_moves``, each int has two halves: the slots, and above them the
same slots turned by 180° (the whole int reversed, which turns every board and
reverses the order of the slots), so four fills towards h8 cover all eight
directions. A fill stops at the square it cannot continue from, which here is
decided per slot: the end square's carry into the guard bit above its board
becomes a mask of that one board (``flag - (flag >> 64)``).
"""

from __future__ import annotations

from reversi.engine.bitboard import BB_ALL, BB_INNER_FILES, REVERSED_BITS, Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, fill_towards_h8, legal_moves

__all__ = ["children_with_replies", "replies_or_pass_total"]

_SLOT = 88
_GUARD = _SLOT - 64
_MOST_MOVES = 64
#: with fewer moves than this, one child after another is cheaper
_FEWEST_SIDE_BY_SIDE = 3


def _turn(x: int, n: int) -> int:
    """The int of ``n`` slots and its turned copy: both halves reversed."""
    size = n * _SLOT // 4
    return int.from_bytes(x.to_bytes(size, "little").translate(REVERSED_BITS), "big")


def _table(slot_value: int, turned_slot_value: int) -> list[int]:
    """For each slot count: ``slot_value`` in every slot of the lower half and
    ``turned_slot_value`` in every slot of the upper half."""
    table = []
    for n in range(_MOST_MOVES + 1):
        each = sum(1 << (k * _SLOT) for k in range(n))
        table.append(slot_value * each | (turned_slot_value * each) << (n * _SLOT))
    return table


#: a 1 at the first square of every board, lower and upper half
_ONES = _table(1, 1 << _GUARD)
_BOARDS = [ones * BB_ALL for ones in _ONES]
_ABOVE_BOARDS = [ones << 64 for ones in _ONES]
_INNER_FILES = [ones * BB_INNER_FILES for ones in _ONES]
_LOWER_HALF = [(1 << (n * _SLOT)) - 1 for n in range(_MOST_MOVES + 1)]
_LOWER_ONES = [ones & lower for ones, lower in zip(_ONES, _LOWER_HALF, strict=True)]
_UPPER_ONES = [ones ^ lower for ones, lower in zip(_ONES, _LOWER_ONES, strict=True)]


def _children(p: Bitboard, o: Bitboard, moves: Bitboard, n: int) -> tuple[int, int, int]:
    """The children after each of the ``n`` moves, one slot each, the last move
    lowest: ``(player, opponent, move bits)``, both halves. The child's player is
    the side that replies."""
    placed = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        placed = placed << _SLOT | bit
    placed |= _turn(placed, n)
    turned = int.from_bytes((p | o << 64).to_bytes(16, "little").translate(REVERSED_BITS), "big")
    lower, upper = _LOWER_ONES[n], _UPPER_ONES[n]
    p = p * lower | (turned >> 64) * upper
    o = o * lower | (turned & BB_ALL) * upper
    oh = o & _INNER_FILES[n]
    ones, above = _BOARDS[n], _ABOVE_BOARDS[n]

    # along the row the carry runs through the discs and stops on the end square
    run = oh + (oh & (placed << 1))
    flag = ((run & p) + ones) & above
    flipped = oh & ~run & (flag - (flag >> 64))

    for shift, discs in ((8, o), (7, oh), (9, oh)):
        x = discs & (placed << shift)
        x |= discs & (x << shift)
        pre = discs & (discs << shift)
        x |= pre & (x << 2 * shift)
        x |= pre & (x << 2 * shift)
        flag = (((x << shift) & p) + ones) & above
        flipped |= x & (flag - (flag >> 64))

    flipped |= _turn(flipped, n)
    return o ^ flipped, p | flipped | placed, placed


def _replies(p: int, o: int, n: int) -> int:
    """The legal moves in every slot of ``p`` and ``o`` (both halves); the lower
    half of the result holds each slot's moves in all eight directions."""
    moves = fill_towards_h8(p, o, o & _INNER_FILES[n]) & (_BOARDS[n] ^ (p | o))
    return moves | _turn(moves, n)


def children_with_replies(
    p: Bitboard, o: Bitboard, moves: Bitboard
) -> list[tuple[Bitboard, Bitboard, Bitboard, Bitboard]]:
    """``(move bit, player, opponent, replies)`` for each of ``moves``, from a1
    towards h8; the child's player is the side that replies, ``replies`` are its
    legal moves.

    >>> from reversi.engine import Board, legal_moves
    >>> p, o = Board().player, Board().opponent
    >>> [(bit.bit_length() - 1, replies.bit_count())
    ...  for bit, _, _, replies in children_with_replies(p, o, legal_moves(p, o))]
    [(19, 3), (26, 3), (37, 3), (44, 3)]
    """
    n = moves.bit_count()
    if n < _FEWEST_SIDE_BY_SIDE:
        return _children_one_by_one(p, o, moves)
    player, opponent, placed = _children(p, o, moves, n)
    replies = _replies(player, opponent, n)
    children = []
    for k in range(n - 1, -1, -1):
        shift = k * _SLOT
        children.append(
            (
                placed >> shift & BB_ALL,
                player >> shift & BB_ALL,
                opponent >> shift & BB_ALL,
                replies >> shift & BB_ALL,
            )
        )
    return children


def _children_one_by_one(
    p: Bitboard, o: Bitboard, moves: Bitboard
) -> list[tuple[Bitboard, Bitboard, Bitboard, Bitboard]]:
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        player, opponent = o ^ flipped, p | flipped | bit
        children.append((bit, player, opponent, legal_moves(player, opponent)))
    return children


def replies_or_pass_total(p: Bitboard, o: Bitboard, moves: Bitboard) -> int:
    """Over the children after each of ``moves`` (not 0): the replies in each,
    and 1 for each child without one (a pass or the end). This is perft two plies
    down, with the last ply counted in bulk."""
    n = moves.bit_count()
    replies = _replies(*_children(p, o, moves, n)[:2], n)
    replied = ((replies & _LOWER_HALF[n]) + _BOARDS[n]) & _ABOVE_BOARDS[n]
    return (replies.bit_count() >> 1) + n - replied.bit_count()
