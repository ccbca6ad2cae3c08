"""The review of a whole game in the browser's worker (docs/protocol.md, "Reviewing a
game"): :func:`reversi.ai.review.review_moves` one position per call, so that the page
shows the progress and a cancel takes effect after at most one position (nothing can
interrupt a Python call in the worker; every search stops itself at its deadline).

Standard library, ``reversi.engine`` and ``reversi.ai`` only: shipped to the browser.

>>> review = Review.start({"type": "review", "id": 3, "moves": "f5d6c5f4e3f6g5e6e7",
...                        "counting": "nobody", "seconds": 0.05})
>>> review.started()["total"]
9
>>> [review.step()["type"] for _ in range(10)][-2:]
['review-move', 'review-done']
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from reversi.ai.analysis import MoveScore
from reversi.ai.review import MARKS, GameReview, MoveReview, review_moves
from reversi.engine import Counting
from reversi.engine.bitboard import SQUARE_NAMES
from reversi.engine.view import color_key
from reversi.web.positions import position_board
from reversi.web.protocol import Message, ProtocolError

#: seconds per position before the exact part (docs/ai.md, "Reviewing a game"): a
#: 60-move game takes at most 30 s in Chromium on the project's machine
BUDGET = 0.35
#: the same on the engine's C core (engine.wasm in the browser, reversi._native on the
#: server): it searches deeper in 0.06 s than Python in 0.35 s, and a game takes ≤ 5 s
NATIVE_BUDGET = 0.06
#: the most a page may ask for
MAX_SECONDS = 5.0


def _score(score: MoveScore) -> Message:
    return {"score": score.score, "exact": score.exact, "depth": score.depth}


def move_message(move: MoveReview) -> Message:
    """One reviewed move as the worker streams it."""
    return {
        "ply": move.ply,
        "color": color_key(move.color),
        "square": SQUARE_NAMES[move.square],
        "played": _score(move.played),
        "best": {"square": SQUARE_NAMES[move.best_square], **_score(move.best)},
        "loss": move.loss,
        "mark": move.mark,
        "label": move.label,
        "exact": move.exact,
        "value_before": move.value_before,
        "value_after": move.value_after,
    }


def done_message(review: GameReview) -> Message:
    """The whole game: the graph's points, each side's summary, the turning point."""
    sides = {}
    for color in (True, False):
        side = review.summary(color)
        sides[color_key(color) or ""] = {
            "moves": side.moves,
            "average_loss": side.average_loss,
            "marks": side.marks,
            "accuracy": side.accuracy,
        }
    turn = review.turning_point()
    return {
        "graph": [
            {"ply": ply, "value": value, "exact": exact} for ply, value, exact in review.graph()
        ],
        "summary": sides,
        "turning_point": None
        if turn is None
        else {
            "ply": turn.ply,
            "color": color_key(turn.color),
            "square": SQUARE_NAMES[turn.square],
            "loss": turn.loss,
        },
        "marks": [mark for mark, _ in MARKS],
    }


def default_budget() -> float:
    """Seconds per position when the page does not say: by the backend that searches."""
    from reversi.ai.native import core

    return BUDGET if core() is None else NATIVE_BUDGET


class Review:
    """A game being reviewed, position by position."""

    def __init__(self, id: Any, moves: Iterator[MoveReview], total: int) -> None:
        self.id, self.moves, self.total = id, moves, total
        self.done: list[MoveReview] = []

    @classmethod
    def start(cls, message: Message) -> Review:
        """``obf``, ``moves`` (the whole game, as in ``position``), ``counting``
        (``nobody``/``winner``), optional ``seconds`` per position."""
        board = position_board(message)
        try:
            counting = Counting(message.get("counting", "nobody"))
        except ValueError:
            raise ProtocolError(
                f"counting is 'nobody' or 'winner', not {message.get('counting')!r}"
            ) from None
        seconds = message.get("seconds", default_budget())
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, float))
            or not 0 < seconds <= MAX_SECONDS
        ):
            raise ProtocolError(f"a position takes 0 to {MAX_SECONDS} seconds, not {seconds!r}")
        total = sum(move.square is not None for move in board.move_stack)
        return cls(message.get("id"), review_moves(board, float(seconds), counting=counting), total)

    def started(self) -> Message:
        return {"type": "review-start", "id": self.id, "total": self.total}

    def step(self) -> Message:
        """The next position's move, or the summary once every move is reviewed."""
        move = next(self.moves, None)
        if move is None:
            return {
                "type": "review-done",
                "id": self.id,
                "total": self.total,
                **done_message(GameReview(tuple(self.done))),
            }
        self.done.append(move)
        return {
            "type": "review-move",
            "id": self.id,
            "index": len(self.done) - 1,
            "total": self.total,
            **move_message(move),
        }


class Reviewer:
    """The worker's entry point for reviews, called from JavaScript with JSON text: one
    review at a time (a new one replaces the running one)."""

    def __init__(self) -> None:
        self.review: Review | None = None

    def start(self, text: str) -> str:
        message = json.loads(text)
        try:
            self.review = Review.start(message)
        except ProtocolError as error:
            self.review = None
            return json.dumps({"type": "error", "id": message.get("id"), "message": str(error)})
        return json.dumps(self.review.started())

    def step(self) -> str:
        """The next message of the running review (``review-move``, then ``review-done``)."""
        if self.review is None:
            return json.dumps({"type": "error", "message": "no review is running"})
        out = self.review.step()
        if out["type"] == "review-done":
            self.review = None
        return json.dumps(out, ensure_ascii=False)

    def stop(self) -> str:
        """Ends the running review (the page cancelled it)."""
        id = None if self.review is None else self.review.id
        self.review = None
        return json.dumps({"type": "review-cancelled", "id": id})


__all__ = [
    "BUDGET",
    "NATIVE_BUDGET",
    "default_budget",
    "Review",
    "Reviewer",
    "done_message",
    "move_message",
]
