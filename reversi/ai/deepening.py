"""Every legal move's value on the native core, deepened step by step (the analysis
board's values and :func:`reversi.ai.analyse`).

Each depth is one call of the core (``rv_values``: each move's child searched so that
every value is exact at that depth, not only the best's: in a window around its value
two plies shallower, searched again where it falls out); a call the deadline stops
leaves its work in the kept tables, and the next step resumes it. Up to
:data:`EXACT_EMPTIES` the moves are also solved exactly (the first depths come first,
for quick values), the exact ones replacing their estimates one by one.

The logic is written once, awaiting its :class:`Engines`: on the one core they answer at
once (the plain methods run it without an event loop); in the browser several
engine.wasm each value a share of the moves at the same time (reversi.web.engines), and
the worker's event loop awaits them (the ``*_async`` methods).
"""

from __future__ import annotations

import time
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar

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

T = TypeVar("T")


class Engines(Protocol):
    """Where one position's values are computed: the one core (:class:`OneCore`), or
    several engines each valuing a share of the moves (the browser's,
    reversi.web.engines), awaited."""

    async def values(
        self, depth: int, stop_at: float, clock: Clock, order: list[Square]
    ) -> tuple[bool, dict[int, int]]:
        """(stopped, square → value) at ``depth`` (exact from the empties on), as
        :meth:`reversi.ai.native.Core.values` with the tables kept after the first
        call; ``order``: the moves best first by their values so far."""
        ...

    async def line(
        self, first: Square, depth: int, stop_at: float, clock: Clock
    ) -> list[Square]: ...


class OneCore:
    """The position's values on one core, computed as they are asked (never suspends)."""

    def __init__(self, native: Core, p: Bitboard, o: Bitboard, winner: bool) -> None:
        self.native, self.p, self.o, self.winner = native, p, o, winner
        self._fresh = True

    async def values(
        self, depth: int, stop_at: float, clock: Clock, order: list[Square]
    ) -> tuple[bool, dict[int, int]]:
        found, values = self.native.values(
            self.p, self.o, depth, winner=self.winner, keep=not self._fresh,
            stop_at=stop_at, clock=clock,
        )  # fmt: skip
        self._fresh = False
        return found.stopped, values

    async def line(self, first: Square, depth: int, stop_at: float, clock: Clock) -> list[Square]:
        return self.native.line(
            self.p, self.o, first, depth, winner=self.winner, stop_at=stop_at, clock=clock
        )


def now(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never suspends (on :class:`OneCore`)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("the deepening waited for engines outside an event loop")


class Deepening:
    """One position's values, deepened by :meth:`step` until :attr:`done`.

    ``scores``: square → (value in discs, exact, depth). A finished position (no
    legal move) is done at once with no scores. ``engines``: where the values are
    computed (by default the one core ``native``); the ``*_async`` methods await them,
    the others need engines that never suspend.
    """

    def __init__(
        self,
        native: Core,
        p: Bitboard,
        o: Bitboard,
        *,
        winner: bool = False,
        engines: Engines | None = None,
    ) -> None:
        self.native, self.p, self.o, self.winner = native, p, o, winner
        self.engines: Engines = engines or OneCore(native, p, o, winner)
        self.empties = 64 - (p | o).bit_count()
        self.depth = 0
        self.steps = 0
        self.scores: dict[Square, tuple[float, bool, int]] = {}
        self.done = not native.moves(p, o)

    @property
    def exact(self) -> bool:
        return bool(self.scores) and all(exact for _, exact, _ in self.scores.values())

    def _order(self) -> list[Square]:
        """The moves best first by their values so far (those without one last)."""
        moves = self.native.moves(self.p, self.o)
        squares = [sq for sq in range(64) if moves >> sq & 1]
        return sorted(
            squares, key=lambda sq: (sq not in self.scores, -self.scores.get(sq, (0,))[0], sq)
        )

    def deepen(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        """One depth more; False when the deadline came first."""
        return now(self.deepen_async(stop_at, clock))

    async def deepen_async(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        depth = self.depth + 1
        stopped, values = await self.engines.values(depth, stop_at, clock, self._order())
        if stopped:
            return False
        for sq, value in values.items():
            if not self.scores.get(sq, (0, False, 0))[1]:
                self.scores[sq] = (discs(value), False, depth)
        self.depth = depth
        return True

    def solve(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        """Every move exact, or as many as the deadline allows (False: not all)."""
        return now(self.solve_async(stop_at, clock))

    async def solve_async(self, stop_at: float, clock: Clock = time.perf_counter) -> bool:
        stopped, values = await self.engines.values(self.empties, stop_at, clock, self._order())
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
        now(self.step_async(stop_at, clock, report_at=report_at))

    async def step_async(
        self, stop_at: float, clock: Clock = time.perf_counter, *, report_at: float | None = None
    ) -> None:
        self.steps += 1
        while not self.done and clock() < stop_at:
            due = self.depth >= self.empties - 1 or (
                self.empties <= EXACT_EMPTIES and self.depth >= EXACT_AFTER
            )
            solve_only = self.empties <= SOLVE_ONLY_EMPTIES and self.depth >= SOLVE_ONLY_AFTER
            alternate = self.depth < self.empties - 1 and self.steps % 2 == 0 and not solve_only
            if due and not alternate:
                if not await self.solve_async(stop_at, clock):
                    return
            elif not await self.deepen_async(stop_at, clock):
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
        return now(self.line_async(stop_at, clock))

    async def line_async(self, stop_at: float, clock: Clock = time.perf_counter) -> list[Square]:
        best = self.best
        if best is None:
            return []
        _, exact, depth = self.scores[best]
        return await self.engines.line(best, self.empties if exact else depth, stop_at, clock)


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
    "Engines",
    "OneCore",
    "discs",
    "now",
]
