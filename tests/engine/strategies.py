"""Hypothesis strategies for positions."""

from __future__ import annotations

from hypothesis import strategies as st

from reversi.engine import Board

FULL = (1 << 64) - 1


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, int]:
    """Two disjoint sets of discs, from sparse to crowded boards."""
    owner = draw(st.integers(0, FULL))
    occupied = draw(st.integers(0, FULL))
    for _ in range(draw(st.integers(0, 2))):  # thin the board out, or fill it up
        occupied = (
            (occupied & draw(st.integers(0, FULL)))
            if draw(st.booleans())
            else (occupied | draw(st.integers(0, FULL)))
        )
    return owner & occupied, ~owner & occupied & FULL


@st.composite
def played_games(draw: st.DrawFn) -> Board:
    """A game from the start, played at random for up to 60 moves (passes included)."""
    board = Board()
    for _ in range(draw(st.integers(0, 60))):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(draw(st.sampled_from(moves)))
    return board
