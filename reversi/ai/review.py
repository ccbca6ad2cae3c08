"""The review of a whole game: for every move, what it was worth against the best one.

Each position of the game is scored by :func:`reversi.ai.analysis.analyse` (Schwer's
search, exact where the solver reaches the end). A move's **loss** is the best move's
score minus the played move's, in discs for the side that moved; by its loss a move is
marked (:data:`MARKS`):

==================  ===========  ================================================
mark                loss         meaning
==================  ===========  ================================================
``inaccuracy``      ≥ 2 discs    "Ungenauigkeit": a little worse than the best
``mistake``         ≥ 5 discs    "Fehler": gives away a clear part of the result
``blunder``         ≥ 10 discs   "Patzer": turns the game or throws many discs
==================  ===========  ================================================

A move without a mark is labelled ``best`` ("bester Zug": less than half a disc lost,
so the same whole number as the best move) or ``good`` ("gut": less than 2 discs).
A move's **accuracy** is ``100 · e^(−loss / 8)`` per cent (no loss 100 %, 2 discs 78 %,
5 discs 54 %, 10 discs 29 %); a side's accuracy for the game is the mean over its moves
(:data:`ACCURACY_SCALE`).

The **value** of a position is the best move's score seen from Ebenholz (black): the
expected final disc difference under good play, which the evaluation graph draws. The
**turning point** is the move after which the expected winner changed, with the largest
loss; a game without one has none.

:func:`review_moves` yields the moves one by one so that a caller (the browser's worker)
can report progress and stop between positions; :class:`GameReview` sums them up.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

from reversi.ai.analysis import MoveScore, analyse
from reversi.engine import BLACK, Board, Color, Counting, Square

#: from this many empties on every position is solved exactly, whatever the budget (as
#: Schwer plays the last twelve moves exactly)
EXACT_EMPTIES = 12
#: (mark, least loss in discs), the heaviest first
MARKS: tuple[tuple[str, float], ...] = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))
#: below this loss in discs a move without a mark is the best move, else a good one
BEST_LOSS = 0.5
#: the discs of loss that take a move's accuracy down to 1/e (37 %)
ACCURACY_SCALE = 8.0


def mark_of(loss: float) -> str | None:
    """The mark of a move that lost ``loss`` discs against the best move.

    >>> mark_of(0.0), mark_of(2.0), mark_of(7.5), mark_of(12)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for mark, least in MARKS:
        if loss >= least:
            return mark
    return None


def label_of(loss: float) -> str:
    """Every move's label: its mark, or ``best`` or ``good``.

    >>> label_of(0.0), label_of(0.4), label_of(1.5), label_of(5)
    ('best', 'best', 'good', 'mistake')
    """
    return mark_of(loss) or ("best" if loss < BEST_LOSS else "good")


def accuracy_of(losses: list[float]) -> float:
    """A side's accuracy in per cent: the mean of ``100 · e^(−loss / 8)`` over its moves.

    >>> accuracy_of([0.0, 0.0]), accuracy_of([0.0, 10.0]), accuracy_of([])
    (100.0, 64.3, 100.0)
    """
    if not losses:
        return 100.0
    return round(sum(100 * math.exp(-loss / ACCURACY_SCALE) for loss in losses) / len(losses), 1)


@dataclass(frozen=True)
class MoveReview:
    """One move of the game and what analysis made of its position.

    ``ply`` counts the moves from 1 (passes are not moves and are not reviewed);
    ``played`` and ``best`` are scores for ``color``, the side that moved. ``best.exact``
    says the position's value is exact: every move of the position was solved.
    """

    ply: int
    color: Color
    square: Square
    played: MoveScore
    best_square: Square
    best: MoveScore

    @property
    def loss(self) -> float:
        return max(0.0, round(self.best.score - self.played.score, 2))

    @property
    def mark(self) -> str | None:
        return mark_of(self.loss)

    @property
    def label(self) -> str:
        return label_of(self.loss)

    @property
    def exact(self) -> bool:
        return self.best.exact and self.played.exact

    def _for_black(self, score: float) -> float:
        return score if self.color == BLACK else -score

    @property
    def value_before(self) -> float:
        """The position's value before the move, for Ebenholz (the best move's score)."""
        return self._for_black(self.best.score)

    @property
    def value_after(self) -> float:
        """The value after the move, for Ebenholz (the played move's score)."""
        return self._for_black(self.played.score)


def review_moves(
    board: Board, budget: float, *, counting: Counting = Counting.WINNER
) -> Iterator[MoveReview]:
    """Reviews every move of ``board``'s game from its root, ``budget`` seconds for each
    position (and as long as it takes from :data:`EXACT_EMPTIES` empties on)."""
    position = board.root()
    ply = 0
    for move in board.move_stack:
        if move.square is None:
            continue  # the board records passes by itself
        ply += 1
        exact = position.empties.bit_count() <= EXACT_EMPTIES
        scores = analyse(position, math.inf if exact else budget, counting=counting)
        best_square = max(scores, key=lambda sq: (scores[sq].score, -sq))
        best = scores[best_square]
        if best.exact and not all(score.exact for score in scores.values()):
            # partly solved (the solver ran out of time): a better move may hide among
            # the estimates, so the position's value is not exact
            best = replace(best, exact=False)
        yield MoveReview(ply, position.turn, move.square, scores[move.square], best_square, best)
        position.push(move.square)


@dataclass(frozen=True)
class SideSummary:
    """How one side played: the average loss, the count of each mark, the accuracy."""

    moves: int
    average_loss: float
    marks: dict[str, int]
    accuracy: float


@dataclass(frozen=True)
class GameReview:
    moves: tuple[MoveReview, ...]

    def graph(self) -> list[tuple[int, float, bool]]:
        """``(ply, value for Ebenholz, exact)`` before each move and after the last."""
        points = [(m.ply - 1, m.value_before, m.best.exact) for m in self.moves]
        if self.moves:
            last = self.moves[-1]
            points.append((last.ply, last.value_after, last.played.exact))
        return points

    def summary(self, color: Color) -> SideSummary:
        own = [m for m in self.moves if m.color == color]
        marks = {mark: sum(m.mark == mark for m in own) for mark, _ in MARKS}
        average = round(sum(m.loss for m in own) / len(own), 2) if own else 0.0
        return SideSummary(len(own), average, marks, accuracy_of([m.loss for m in own]))

    def turning_point(self) -> MoveReview | None:
        """The move with the largest loss among those after which the expected winner
        changed (or a won game became a draw, or a draw a loss)."""

        def sign(value: float) -> int:
            return (value > 0) - (value < 0)

        turns = [
            m for m in self.moves if m.loss > 0 and sign(m.value_after) != sign(m.value_before)
        ]
        return max(turns, key=lambda m: (m.loss, -m.ply)) if turns else None


def review(board: Board, budget: float, *, counting: Counting = Counting.WINNER) -> GameReview:
    """The whole game reviewed (see :func:`review_moves`).

    >>> r = review(Board(moves="f5d6c5f4e3f6g5e6e7"), 0.05)
    >>> len(r.moves), r.moves[-1].played.score, r.moves[-1].mark
    (9, 64.0, None)
    """
    return GameReview(tuple(review_moves(board, budget, counting=counting)))
