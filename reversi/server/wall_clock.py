"""Server time. Everything that depends on time takes a clock, so tests can move it."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


def system_clock() -> float:
    """Seconds since the epoch."""
    return time.time()


class ManualClock:
    """A clock that moves only when told to.

    >>> clock = ManualClock(100.0)
    >>> clock.advance(2.5)
    >>> clock()
    102.5
    """

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
