"""Analysis: a score for every legal move, exact where the solver reaches the end;
in the opening book's positions the book's values (deeper than the time allows)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from reversi.ai import book as opening_book
from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import WIN, final_value
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
        return _analyse_native(native, children, empties, counting, start, stop_at, clock)
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
    children: list[tuple[Square, Bitboard, Bitboard]],
    empties: int,
    counting: Counting,
    start: float,
    stop_at: float,
    clock: Clock,
) -> dict[Square, MoveScore]:
    """:func:`analyse` on the native core: the same steps, deeper."""
    scores: dict[Square, MoveScore] = {}
    if empties <= NATIVE_EXACT_EMPTIES:
        half = start + (stop_at - start) / 2
        for sq, np_, no in children:
            found = native.solve(
                np_, no, winner=counting is Counting.WINNER, keep=True, stop_at=half, clock=clock
            )
            if found.stopped:
                break
            scores[sq] = MoveScore(-found.score, True, empties)
        else:
            return scores
    estimates: dict[Square, MoveScore] = {}
    for depth in range(0, empties):
        for sq, np_, no in children:
            if sq in scores:
                continue
            value = _native_value(native, np_, no, depth, stop_at, clock)
            if value is None:
                break
            estimates[sq] = MoveScore(discs(-value), False, depth + 1)
        else:
            if depth + 1 < empties:
                continue
        break
    for sq, np_, no in children:
        if sq not in scores:
            scores[sq] = estimates.get(sq) or MoveScore(discs(-evaluate(np_, no)), False, 1)
    return scores


def _native_value(
    native: Core, p: Bitboard, o: Bitboard, depth: int, stop_at: float, clock: Clock
) -> int | None:
    """The search's value of a position at ``depth`` (a pass uses no ply); None past
    the deadline."""
    if not legal_moves(p, o):
        if not legal_moves(o, p):
            return final_value(p, o)
        value = _native_value(native, o, p, depth, stop_at, clock)
        return None if value is None else -value
    if depth == 0:
        return native.evaluate(p, o)
    found = native.search(p, o, depth, keep=True, stop_at=stop_at, clock=clock)
    return None if found.depth < depth else found.score


def discs(value: int) -> float:
    if value >= WIN // 2:
        value -= WIN
    elif value <= -WIN // 2:
        value += WIN
    return round(value / 100, 2)


def move_children(p: Bitboard, o: Bitboard) -> list[tuple[Square, Bitboard, Bitboard]]:
    moves = legal_moves(p, o)
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        children.append((bit.bit_length() - 1, o ^ flipped, p | flipped | bit))
    return children
