"""Shared helpers of the AI tests: random positions and a plain minimax."""

from __future__ import annotations

import random

from reversi.engine import Board
from reversi.engine.bitboard import Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves


def random_board(rng: random.Random, empties: int) -> Board | None:
    """A board after random play down to ``empties`` empties, None if the game ended first."""
    board = Board()
    while 64 - (board.black | board.white).bit_count() > empties:
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    return board


def minimax(p: Bitboard, o: Bitboard, winner: bool) -> int:
    """The exact score by plain negamax, no pruning: the reference for the solver."""
    moves = legal_moves(p, o)
    if not moves:
        if legal_moves(o, p):
            return -minimax(o, p, winner)
        diff = p.bit_count() - o.bit_count()
        empties = 64 - p.bit_count() - o.bit_count()
        if winner and diff:
            return diff + empties if diff > 0 else diff - empties
        return diff
    best = -65
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        best = max(best, -minimax(o ^ flipped, p | flipped | bit, winner))
    return best


def move_values(p: Bitboard, o: Bitboard, winner: bool) -> dict[Bitboard, int]:
    values = {}
    moves = legal_moves(p, o)
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        values[bit] = -minimax(o ^ flipped, p | flipped | bit, winner)
    return values
