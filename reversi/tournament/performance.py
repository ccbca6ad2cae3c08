"""The performance rating: the rating at which the Elo expectation of these games
equals the score reached.

Against opponents rated r₁ … rₙ a player rated R expects
``Σ 1 / (1 + 10^((rᵢ − R) / 400))`` points (Elo's logistic curve). That sum grows with R,
so bisection finds the R where it equals the score. A perfect score (or none at all)
has no such R: the search is bounded to 800 points around the opponents, so a perfect
score shows as the best opponent + 800 and a zero score as the weakest − 800.

>>> performance([1500.0, 1500.0], 1.0)
1500.0
>>> performance([1400.0, 1600.0], 2.0)
2400.0
>>> performance([], 0.0) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["performance", "expected", "BOUND"]

#: how far from the opponents a performance may lie (a perfect or a zero score)
BOUND = 800.0
_STEPS = 40  # bisection halves 1600+ points 40 times: far below 0.1


def expected(rating: float, opponents: Sequence[float]) -> float:
    """The points ``rating`` expects against ``opponents`` (Elo's logistic curve)."""
    return sum(1.0 / (1.0 + math.pow(10.0, (o - rating) / 400.0)) for o in opponents)


def performance(opponents: Sequence[float], score: float) -> float | None:
    """The performance of ``score`` points (1 a win, ½ a draw) against ``opponents``'
    ratings, rounded to one decimal; None without games."""
    if not opponents:
        return None
    low, high = min(opponents) - BOUND, max(opponents) + BOUND
    if score <= expected(low, opponents):
        return round(low, 1)
    if score >= expected(high, opponents):
        return round(high, 1)
    for _ in range(_STEPS):
        middle = (low + high) / 2
        if expected(middle, opponents) < score:
            low = middle
        else:
            high = middle
    return round((low + high) / 2, 1)
