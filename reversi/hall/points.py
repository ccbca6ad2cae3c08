"""Points for finished games between people: 10 a win, 4 a draw, 1 a loss.

A loss on time or by resignation is a finished game and earns its point; aborted
games are never reported to the hall, computer games earn nothing.

>>> [points_for(o) for o in ("win", "draw", "loss")]
[10, 4, 1]
>>> total(["win", "loss", "draw", "win"])
25
"""

from __future__ import annotations

from collections.abc import Iterable

OUTCOMES = ("win", "draw", "loss")
POINTS = {"win": 10, "draw": 4, "loss": 1}


def points_for(outcome: str) -> int:
    try:
        return POINTS[outcome]
    except KeyError:
        raise ValueError(f"unknown outcome: {outcome!r} (win, draw, loss)") from None


def total(outcomes: Iterable[str]) -> int:
    return sum(points_for(o) for o in outcomes)
