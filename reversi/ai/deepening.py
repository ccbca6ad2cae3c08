"""Every legal move's value on the native core, deepened step by step (the analysis
board's values and :func:`reversi.ai.analyse`).

Each depth is one call of the core (``rv_values``: each move's child searched so that
every value is exact at that depth, not only the best's: in a window around its value
two plies shallower, searched again where it falls out); a call the deadline stops
leaves its work in the kept tables, and the next step resumes it. Up to
:data:`EXACT_EMPTIES` the moves are also solved exactly (the first depths come first,
for quick values), the exact ones replacing their estimates one by one.
"""

from __future__ import annotations

import time

from reversi.ai.clock import Clock
from reversi.ai.evaluate import WIN
from reversi.ai.native import Core
from reversi.engine.bitboard import Bitboard, Square

#: Up to this many empties the moves are solved exactly once the search reached
#: :data:`EXACT_AFTER` plies (beyond it, when the depth reaches the empties).
EXACT_EMPTIES = 22
EXACT_AFTER = 8
#: Up to this many empties, once the search reached :data:`SOLVE_ONLY_AFTER` plies, every
#: step solves (the deeper estimates would soon be replaced by the exact values).
SOLVE_ONLY_EMPTIES = 20
SOLVE_ONLY_AFTER = 10


class Deepening:
    """One position's values, deepened by :meth:`step` until :attr:`done`.

    ``scores``: square → (value in discs, exact, depth). A finished position (no
    legal move) is done at once with no scores.
    """

    def __init__(self, native: Core, p: Bitboard, o: Bitboard, *, winner: bool = False) -> None:
        self.native, self.p, self.o, self.winner = native, p, o, winner
        self.empties = 64 - (p | o).bit_count()
        self.depth = 0
        self.steps = 0
        self.scores: dict[Square, tuple[float, bool, int]] = {}
        self.done = not native.moves(p, o)
        self._fresh = True

    @property
    def exact(self) -> bool:
        return bool(self.scores) and all(exact for _, exact, _ in self.scores.values())

    def _values(self, depth: int, stop_at: float, clock: Clock) -> tuple[bool, dict[int, int]]:
        found, values = self.native.values(
            self.p, self.o, depth, winner=self.winner, keep=not self._fresh,
            stop_at=stop_at, clock=clock,
        )  # fmt: skip
        self._fresh = False
        return found.stopped, values

    def deepen(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        """One depth more; False when the deadline came first."""
        depth = self.depth + 1
        stopped, values = self._values(depth, stop_at, clock)
        if stopped:
            return False
        for sq, value in values.items():
            if not self.scores.get(sq, (0, False, 0))[1]:
                self.scores[sq] = (discs(value), False, depth)
        self.depth = depth
        return True

    def solve(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        """Every move exact, or as many as the deadline allows (False: not all)."""
        stopped, values = self._values(self.empties, stop_at, clock)
        for sq, value in values.items():
            self.scores[sq] = (value, True, self.empties)
        self.done = self.done or not stopped
        return not stopped

    def step(
        self, stop_at: float, clock: Clock = time.perf_counter, *, report_at: float | None = None
    ) -> None:
        """Deepens until the deadline: the next depths, and the exact values where
        they are due (every other step, so that the depths go on meanwhile; every step
        near the end, :data:`SOLVE_ONLY_EMPTIES`). With
        ``report_at``: returns at the first depth or solve finished after that time, so
        that a caller showing the values shows each new depth as soon as it is there."""
        self.steps += 1
        while not self.done and clock() < stop_at:
            due = self.depth >= self.empties - 1 or (
                self.empties <= EXACT_EMPTIES and self.depth >= EXACT_AFTER
            )
            solve_only = self.empties <= SOLVE_ONLY_EMPTIES and self.depth >= SOLVE_ONLY_AFTER
            alternate = self.depth < self.empties - 1 and self.steps % 2 == 0 and not solve_only
            if due and not alternate:
                if not self.solve(stop_at, clock):
                    return
            elif not self.deepen(stop_at, clock):
                return
            if report_at is not None and clock() >= report_at:
                return

    @property
    def best(self) -> Square | None:
        if not self.scores:
            return None
        return max(self.scores, key=lambda sq: (self.scores[sq][0], -sq))

    def line(self, stop_at: float, clock: Clock = time.perf_counter) -> list[Square]:
        """The principal variation from the best move (at the best value's depth)."""
        best = self.best
        if best is None:
            return []
        _, exact, depth = self.scores[best]
        return self.native.line(
            self.p, self.o, best, self.empties if exact else depth, winner=self.winner,
            stop_at=stop_at, clock=clock,
        )  # fmt: skip


def discs(value: int) -> float:
    """The search's value (hundredths of a disc; a finished game beyond :data:`WIN`)
    in discs."""
    if value >= WIN // 2:
        value -= WIN
    elif value <= -WIN // 2:
        value += WIN
    return round(value / 100, 2)


__all__ = [
    "EXACT_AFTER",
    "EXACT_EMPTIES",
    "SOLVE_ONLY_AFTER",
    "SOLVE_ONLY_EMPTIES",
    "Deepening",
    "discs",
]
