"""The three levels of the hall's computer player.

* **Leicht** takes the move that flips the most discs; ties go to a seeded
  random choice, so games vary but can be replayed.
* **Mittel** searches four plies with alpha-beta and :func:`evaluate_basic`.
* **Schwer** searches with iterative deepening for ``budget`` seconds with the
  trained pattern evaluation (``trained.py``); from ``DECISIVE_EMPTIES``
  empties on it looks for a move that wins by force, from ``TRY_EXACT_EMPTIES``
  on it plays perfectly when the solve fits its budget, from ``EXACT_EMPTIES``
  on always. Where the native core is built (``native.py``) Schwer searches with it,
  the same steps with the thresholds ``NATIVE_*`` that its speed affords; else in
  Python (``python_backend=True`` forces that: today's Schwer as an opponent).
  In the opening book's positions (``book.py``) Schwer plays a book move at once, on
  either backend: at random among the moves near the best (seeded); ``book=False``
  turns that off (the benchmark opponents ``schwer-python`` and ``schwer-nobook``).
"""

from __future__ import annotations

import enum
import random
import time
from dataclasses import dataclass

from reversi.ai import book as opening_book
from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import evaluate_basic
from reversi.ai.native import Core, core
from reversi.ai.search import ProbCutTable, Search
from reversi.ai.trained import evaluate
from reversi.engine import Board, Counting, IllegalMoveError, IllegalReason, Move
from reversi.engine.bitboard import Bitboard
from reversi.engine.moves import FLIPS_BY_BIT

#: Schwer's thinking time per move, in seconds.
DEFAULT_BUDGET = 0.5
#: Mittel's depth in plies (a forced pass is not a ply).
MITTEL_DEPTH = 4
#: From this many empties on, Schwer plays exactly to the end.
EXACT_EMPTIES = 12
#: An exact solve may run this many budgets before it gives up (it never has so far).
EXACT_BUDGET_FACTOR = 4
#: Up to this many empties Schwer first tries to solve exactly within this share
#: of its budget, and plays perfectly when it succeeds.
TRY_EXACT_EMPTIES = 14
TRY_EXACT_SHARE = 0.6
#: Up to this many empties Schwer searches for a third of its (remaining) budget,
#: then uses the rest to look for a move that wins (or at least draws) against
#: any defence: a selective win/draw/loss search of the moves.
DECISIVE_EMPTIES = 20
#: Multi-ProbCut for Schwer's midgame search (``reversi.ai.probcut.TABLE``), or None:
#: at 0.5 s a move it made Schwer no stronger (CHANGELOG.md, 2026-12-01)
PROBCUT: ProbCutTable | None = None
#: With the native core: it tries to solve exactly up to this many empties, and
#: looks for a move that wins by force up to this many.
NATIVE_TRY_EXACT_EMPTIES = 20
NATIVE_DECISIVE_EMPTIES = 24
#: With the native core: Multi-ProbCut in the midgame search (reversi/native/probcut.h).
NATIVE_PROBCUT = True


class Level(enum.Enum):
    """The strength of the computer player, by its German name."""

    LEICHT = "leicht"
    MITTEL = "mittel"
    SCHWER = "schwer"


@dataclass(frozen=True)
class Decision:
    """A chosen move and how it was found.

    ``depth`` is the last completed search depth in plies (0 for Leicht, the
    number of empties for an exact solve, the book's depth for a ``book`` move);
    ``score`` is the search's value (hundredths of a disc, or the exact final disc
    difference when ``exact``).
    """

    move: Move
    level: Level
    depth: int
    nodes: int
    score: int
    exact: bool
    seconds: float
    book: bool = False


def think(
    board: Board,
    level: Level | str,
    *,
    seed: int | None = None,
    budget: float | None = None,
    counting: Counting = Counting.WINNER,
    clock: Clock = time.perf_counter,
    python_backend: bool = False,
    book: bool = True,
) -> Decision:
    """Choose a move for the side to move, with the statistics of the search
    (Schwer's in Python with ``python_backend``, else on the native core if built;
    from the opening book while in it, unless ``book`` is False)."""
    level = Level(level.lower() if isinstance(level, str) else level)
    if not board.legal_moves:
        raise IllegalMoveError(
            f"no move to choose in {board.obf()!r}: the game is over", IllegalReason.GAME_OVER
        )
    budget = DEFAULT_BUDGET if budget is None else budget
    start = clock()
    p, o = board.player, board.opponent
    if level is Level.LEICHT:
        move = _greediest(board, seed)
        return Decision(move, level, 0, 0, move.flip_count, False, clock() - start)
    if level is Level.MITTEL:
        search = Search(evaluate_basic, clock=clock, stop_at=start + budget)
        result = search.iterate(p, o, MITTEL_DEPTH)
        return Decision(
            _move(p, o, result.move),
            level,
            result.depth,
            result.nodes,
            result.score,
            False,
            clock() - start,
        )
    if book:
        entry = opening_book.load().lookup(p, o)
        if entry is not None:
            chosen = opening_book.load().choose(entry, seed)
            move = _move(p, o, 1 << chosen.square)
            return Decision(
                move, level, entry.depth, 0, chosen.value, False, clock() - start, book=True
            )
    native = None if python_backend else core()
    if native is not None:
        return _schwer_native(native, p, o, budget, counting is Counting.WINNER, clock, start)
    return _schwer(p, o, budget, counting is Counting.WINNER, clock, start)


def _schwer_native(
    native: Core, p: Bitboard, o: Bitboard, budget: float, winner: bool, clock: Clock, start: float
) -> Decision:
    """Schwer on the native core: the steps of :func:`_schwer`."""
    empties = 64 - (p | o).bit_count()
    if empties <= NATIVE_TRY_EXACT_EMPTIES:
        factor = EXACT_BUDGET_FACTOR if empties <= EXACT_EMPTIES else TRY_EXACT_SHARE
        solved = native.solve(p, o, winner=winner, stop_at=start + factor * budget, clock=clock)
        if not solved.stopped:
            return Decision(
                _move(p, o, 1 << solved.move),
                Level.SCHWER,
                empties,
                solved.nodes,
                solved.score,
                True,
                clock() - start,
            )
        if empties <= EXACT_EMPTIES:  # nothing left: one ply, no deadline, for a sound move
            result = native.search(p, o, 1)
            return Decision(
                _move(p, o, 1 << result.move),
                Level.SCHWER,
                1,
                solved.nodes + result.nodes,
                result.score,
                False,
                clock() - start,
            )
    elapsed = clock() - start
    share = elapsed + (budget - elapsed) / 3 if empties <= NATIVE_DECISIVE_EMPTIES else budget
    result = native.search(p, o, 60, probcut=NATIVE_PROBCUT, stop_at=start + share, clock=clock)
    chosen = result.move
    if empties <= NATIVE_DECISIVE_EMPTIES:
        verdict = native.decisive(
            p, o, chosen, winner=winner, keep=True, stop_at=start + budget, clock=clock
        )
        if not verdict.stopped and verdict.score >= 0:
            chosen = verdict.move
    return Decision(
        _move(p, o, 1 << chosen),
        Level.SCHWER,
        result.depth,
        result.nodes,
        result.score,
        result.exact,
        clock() - start,
    )


def _schwer(
    p: Bitboard, o: Bitboard, budget: float, winner: bool, clock: Clock, start: float
) -> Decision:
    empties = 64 - (p | o).bit_count()
    if empties <= EXACT_EMPTIES:
        solver = EndgameSolver(
            winner=winner, clock=clock, stop_at=start + EXACT_BUDGET_FACTOR * budget
        )
        try:
            return _exact(solver, p, o, clock, start)
        except SearchTimeout:  # nothing left: one ply, no deadline, to find a sound move
            result = Search(evaluate, sharp=True).iterate(p, o, 1)
            return Decision(
                _move(p, o, result.move),
                Level.SCHWER,
                1,
                result.nodes,
                result.score,
                False,
                clock() - start,
            )
    solver = EndgameSolver(winner=winner, clock=clock, stop_at=start + TRY_EXACT_SHARE * budget)
    if empties <= TRY_EXACT_EMPTIES:
        try:
            return _exact(solver, p, o, clock, start)
        except SearchTimeout:
            pass  # the table keeps the bounds found: the win/draw/loss search below is quicker
    elapsed = clock() - start
    share = elapsed + (budget - elapsed) / 3 if empties <= DECISIVE_EMPTIES else budget
    search = Search(evaluate, clock=clock, stop_at=start + share, sharp=True, probcut=PROBCUT)
    result = search.iterate(p, o, 60)
    chosen = result.move
    if empties <= DECISIVE_EMPTIES:
        solver.budget.stop_at = start + budget
        chosen = solver.unlost_move(p, o, chosen)
    return Decision(
        _move(p, o, chosen),
        Level.SCHWER,
        result.depth,
        result.nodes,
        result.score,
        False,
        clock() - start,
    )


def _exact(solver: EndgameSolver, p: Bitboard, o: Bitboard, clock: Clock, start: float) -> Decision:
    """Schwer's perfect move, found by ``solver`` (which may raise :class:`SearchTimeout`)."""
    score, best = solver.best_moves(p, o, every=False)
    return Decision(
        _move(p, o, best[0]),
        Level.SCHWER,
        64 - (p | o).bit_count(),
        solver.nodes,
        score,
        True,
        clock() - start,
    )


def choose_move(
    board: Board, level: Level | str, *, seed: int | None = None, budget: float | None = None
) -> Move:
    """The computer's move for the side to move: one of ``board.legal_moves``.

    ``level`` is a :class:`Level` or its value; ``seed`` makes Leicht's choice
    among equally greedy moves reproducible; ``budget`` is Schwer's (and
    Mittel's upper bound of) thinking time in seconds.

    >>> from reversi.engine import Board
    >>> board = Board()
    >>> str(choose_move(board, "leicht", seed=1)) in {"d3", "c4", "f5", "e6"}
    True
    >>> choose_move(board, Level.MITTEL) in board.legal_moves
    True
    """
    return think(board, level, seed=seed, budget=budget).move


def _greediest(board: Board, seed: int | None) -> Move:
    moves = list(board.legal_moves)
    most = max(move.flip_count for move in moves)
    return random.Random(seed).choice([move for move in moves if move.flip_count == most])


def _move(p: Bitboard, o: Bitboard, bit: Bitboard) -> Move:
    return Move(bit.bit_length() - 1, FLIPS_BY_BIT[bit](p, o))
