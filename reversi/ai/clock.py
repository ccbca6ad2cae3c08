"""The clock a search reads by itself (nothing can interrupt it in the browser), and its timeout."""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed; the caller catches it."""


class Budget:
    """A search's deadline, read once every ``every + 1`` nodes.

    The test per node stays inline in the searches (an attribute read and a
    comparison): ``if self.nodes >= budget.next_check: budget.check(self.nodes)``.
    ``stop_at`` is a time on ``clock``; it may be moved while a search runs.
    """

    __slots__ = ("clock", "every", "next_check", "stop_at")

    def __init__(self, clock: Clock, stop_at: float, every: int) -> None:
        self.clock = clock
        self.stop_at = stop_at
        self.every = every
        self.next_check = every

    def check(self, nodes: int) -> None:
        """Read the clock after ``nodes`` nodes: :class:`SearchTimeout` past the deadline."""
        self.next_check = nodes + self.every
        if self.clock() >= self.stop_at:
            raise SearchTimeout
