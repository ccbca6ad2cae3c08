"""A slow, obviously correct Reversi: a grid walked square by square.

It shares nothing with the engine but the square numbering (a1 = 0, h8 = 63),
so the fast kernels and Board can be checked against it.
"""

from __future__ import annotations

DIRECTIONS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def on_board(x: int, y: int) -> bool:
    return 0 <= x < 8 and 0 <= y < 8


def naive_flips(player: int, opponent: int, sq: int) -> int:
    """Opponent discs enclosed by a disc on the empty square ``sq``."""
    flipped = 0
    for dx, dy in DIRECTIONS:
        x, y = sq % 8 + dx, sq // 8 + dy
        line = 0
        while on_board(x, y) and opponent >> (8 * y + x) & 1:
            line |= 1 << (8 * y + x)
            x, y = x + dx, y + dy
        if line and on_board(x, y) and player >> (8 * y + x) & 1:
            flipped |= line
    return flipped


def naive_legal_moves(player: int, opponent: int) -> int:
    moves = 0
    for sq in range(64):
        occupied = (player | opponent) >> sq & 1
        if not occupied and naive_flips(player, opponent, sq):
            moves |= 1 << sq
    return moves


class ReferenceGame:
    """A game with automatic passes, kept as a list of (black, white, black_to_move)."""

    def __init__(self) -> None:
        black = (1 << 35) | (1 << 28)
        white = (1 << 27) | (1 << 36)
        self.positions = [(black, white, True)]

    @property
    def position(self) -> tuple[int, int, bool]:
        return self.positions[-1]

    def sides(self) -> tuple[int, int]:
        black, white, black_to_move = self.position
        return (black, white) if black_to_move else (white, black)

    def legal(self) -> list[int]:
        player, opponent = self.sides()
        moves = naive_legal_moves(player, opponent)
        return [sq for sq in range(64) if moves >> sq & 1]

    def play(self, sq: int) -> None:
        black, white, black_to_move = self.position
        player, opponent = self.sides()
        flipped = naive_flips(player, opponent, sq)
        assert flipped, "the reference only plays legal moves"
        player |= flipped | (1 << sq)
        opponent &= ~flipped
        black, white = (player, opponent) if black_to_move else (opponent, player)
        turn = not black_to_move
        player, opponent = (black, white) if turn else (white, black)
        if not naive_legal_moves(player, opponent) and naive_legal_moves(opponent, player):
            turn = not turn  # the automatic pass
        self.positions.append((black, white, turn))

    def undo(self) -> None:
        self.positions.pop()
