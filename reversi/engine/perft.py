"""Perft: the number of move sequences of a given length, to check move generation.

Convention (as in Aart Bik's "Perft for Reversi", 2009): a forced pass is a move
and uses a ply; a finished game is a leaf, counted once, even when it ends before
the depth is reached.

>>> perft(Board(), 4)
244
"""

from __future__ import annotations

from reversi.engine.bitboard import Bitboard
from reversi.engine.board import Board
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves
from reversi.engine.siblings import children_with_replies, replies_or_pass_total

__all__ = ["perft", "perft_position"]


def perft(board: Board, depth: int, *, bulk: bool = True) -> int:
    """Leaves at ``depth`` plies from ``board``'s position.

    With ``bulk`` the last ply is counted from the move masks instead of played,
    and the last two plies take the siblings side by side (``siblings``).
    """
    if depth < 0:
        raise ValueError(f"perft depth must be at least 0, not {depth}")
    return perft_position(board.player, board.opponent, depth, bulk=bulk)


def perft_position(p: Bitboard, o: Bitboard, depth: int, *, bulk: bool = True) -> int:
    """:func:`perft` for a raw position; ``p`` is the side to move, which may have to pass."""
    if depth == 0:
        return 1
    return _perft_bulk(p, o, depth) if bulk else _perft_full(p, o, depth)


def _perft_bulk(p: Bitboard, o: Bitboard, depth: int) -> int:
    moves = legal_moves(p, o)
    if not moves:
        if depth > 1 and legal_moves(o, p):
            return _perft_bulk(o, p, depth - 1)
        return 1
    if depth == 1:
        return moves.bit_count()
    return _perft_below(p, o, moves, depth)


def _perft_below(p: Bitboard, o: Bitboard, moves: Bitboard, depth: int) -> int:
    """:func:`_perft_bulk` at ``depth`` >= 2 with the legal ``moves`` (not 0) known."""
    if depth == 2:
        return replies_or_pass_total(p, o, moves)
    nodes = 0
    depth -= 1
    for _, child_p, child_o, replies in children_with_replies(p, o, moves):
        if replies:
            nodes += _perft_below(child_p, child_o, replies, depth)
        else:
            nodes += _perft_bulk(child_o, child_p, depth - 1) if depth > 1 else 1
    return nodes


def _perft_full(p: Bitboard, o: Bitboard, depth: int) -> int:
    moves = legal_moves(p, o)
    if not moves:
        if legal_moves(o, p):
            return 1 if depth == 1 else _perft_full(o, p, depth - 1)
        return 1
    flips_by_bit = FLIPS_BY_BIT
    nodes = 0
    depth -= 1
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips_by_bit[bit](p, o)
        nodes += 1 if depth == 0 else _perft_full(o ^ flipped, p | flipped | bit, depth)
    return nodes
