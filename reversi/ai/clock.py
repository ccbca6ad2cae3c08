"""Deadlines that a search checks by itself: nothing can interrupt it in the browser."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed; the caller catches it."""


class Deadline:
    """A point in time on ``clock`` (seconds), by default ``time.perf_counter``.

    ``Deadline.never()`` never expires; searches use it for exact solving.
    """

    __slots__ = ("at", "clock")

    def __init__(self, seconds: float, clock: Clock = time.perf_counter) -> None:
        self.clock = clock
        self.at = clock() + seconds

    @classmethod
    def never(cls) -> Deadline:
        return cls(float("inf"))

    def expired(self) -> bool:
        return self.clock() >= self.at

    def remaining(self) -> float:
        return self.at - self.clock()
