"""Analysis: a score for every legal move, exact where the solver reaches the end;
in the opening book's positions the book's values (deeper than the time allows)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from reversi.ai import book as opening_book
from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.deepening import Deepening, discs
from reversi.ai.endgame import EndgameSolver
from reversi.ai.native import Core, core
from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from reversi.engine import Board, Counting
from reversi.engine.bitboard import Bitboard, Square
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves

#: Up to this many empties analysis tries to solve every move exactly first
#: (with the native core: ``NATIVE_EXACT_EMPTIES``).
EXACT_EMPTIES = 16
NATIVE_EXACT_EMPTIES = 20


@dataclass(frozen=True)
class MoveScore:
    """The value of one move for the side to move, in discs.

    ``exact`` scores are the final disc difference under perfect play; the
    others are the search's estimate at ``depth`` plies (for a win or loss the
    search proved, the margin it found); ``book`` scores come from the opening book.
    """

    score: float
    exact: bool
    depth: int
    book: bool = False


def analyse(
    board: Board,
    deadline_seconds: float,
    *,
    counting: Counting = Counting.WINNER,
    clock: Clock = time.perf_counter,
    python_backend: bool = False,
    book: bool = True,
) -> dict[Square, MoveScore]:
    """Score every legal move within ``deadline_seconds`` (on the native core when it
    is built, unless ``python_backend``), or take the opening book's values (unless
    ``book`` is False).

    >>> from reversi.engine import Board
    >>> scores = analyse(Board(moves="f5d6c3d3c4f4f6f3e6e7"), 0.2)
    >>> sorted(scores) == sorted(m.square for m in Board(moves="f5d6c3d3c4f4f6f3e6e7").legal_moves)
    True
    """
    start = clock()
    stop_at = start + deadline_seconds
    p, o = board.player, board.opponent
    children = move_children(p, o)
    scores: dict[Square, MoveScore] = {}
    if not children:
        return scores
    entry = opening_book.load().lookup(p, o) if book else None
    if entry is not None:
        return {m.square: MoveScore(discs(m.value), False, entry.depth, True) for m in entry.moves}
    empties = 64 - (p | o).bit_count()
    native = None if python_backend else core()
    if native is not None:
        return _analyse_native(native, board, children, empties, counting, start, stop_at, clock)
    if empties <= EXACT_EMPTIES:
        solver = EndgameSolver(
            winner=counting is Counting.WINNER, clock=clock, stop_at=start + deadline_seconds / 2
        )
        try:
            for sq, np_, no in children:
                scores[sq] = MoveScore(-solver.score(np_, no), True, empties)
            return scores
        except SearchTimeout:
            pass
    search = Search(evaluate, clock=clock, stop_at=stop_at, sharp=True)
    estimates: dict[Square, MoveScore] = {}
    for depth in range(0, empties):
        try:
            for sq, np_, no in children:
                if sq in scores:
                    continue
                value = -search.search(np_, no, depth, -INFINITY, INFINITY)
                estimates[sq] = MoveScore(discs(value), False, depth + 1)
        except SearchTimeout:
            break
        if depth + 1 >= empties:
            break
    for sq, np_, no in children:
        if sq not in scores:
            scores[sq] = estimates.get(sq) or MoveScore(discs(-evaluate(np_, no)), False, 1)
    return scores


def _analyse_native(
    native: Core,
    board: Board,
    children: list[tuple[Square, Bitboard, Bitboard]],
    empties: int,
    counting: Counting,
    start: float,
    stop_at: float,
    clock: Clock,
) -> dict[Square, MoveScore]:
    """:func:`analyse` on the native core: the same steps, deeper."""
    values = Deepening(native, board.player, board.opponent, winner=counting is Counting.WINNER)
    if empties <= NATIVE_EXACT_EMPTIES:
        values.solve(start + (stop_at - start) / 2, clock)
    while not values.exact and values.depth < empties - 1 and values.deepen(stop_at, clock):
        pass
    scores = {sq: MoveScore(*score) for sq, score in values.scores.items()}
    for sq, np_, no in children:
        if sq not in scores:
            scores[sq] = MoveScore(discs(-evaluate(np_, no)), False, 1)
    return scores


#: the expected line after a move: plies on the Python engine, each from an analysis of
#: LINE_SECONDS (on the native core: a deepening as long as these analyses in all)
LINE_PLIES = 6
LINE_SECONDS = 0.03


def expected_line(board: Board, first: Square) -> list[Square]:
    """The move ``first`` and the moves expected after it (passes left out): on the
    native core the principal variation of a short deepening of the position after it,
    else a short analysis per ply.

    >>> board = Board(moves="f5d6c3d3c4f4f6f3e6e7")
    >>> first = next(iter(board.legal_moves)).square
    >>> line = expected_line(board, first)
    >>> line[0] == first and 1 < len(line)
    True
    """
    position = board.copy()
    position.push(first)
    line = [first]
    native = core()
    if native is not None and not position.is_game_over():
        deepening = Deepening(native, position.player, position.opponent)
        stop_at = time.perf_counter() + LINE_PLIES * LINE_SECONDS
        deepening.step(stop_at)
        return line + deepening.line(stop_at + LINE_SECONDS)
    while len(line) < LINE_PLIES and not position.is_game_over():
        scores = analyse(position, LINE_SECONDS, counting=Counting.NOBODY)
        square = max(scores, key=lambda sq: (scores[sq].score, -sq))
        position.push(square)
        line.append(square)
    return line


def move_children(p: Bitboard, o: Bitboard) -> list[tuple[Square, Bitboard, Bitboard]]:
    moves = legal_moves(p, o)
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        children.append((bit.bit_length() - 1, o ^ flipped, p | flipped | bit))
    return children
