"""The native backend: the engine's C core (``reversi/native``) through ``reversi._native``.

:func:`core` is the loaded core, or None when the extension is missing (no C
compiler at install time, or Pyodide without the WebAssembly build) or the
environment variable ``REVERSI_PYTHON_SEARCH=1`` asks for the Python search (tests,
benchmarks, today's Schwer as an opponent); reversi.ai then says once, in the log,
that it searches in Python. The core reads the same ``pattern_weights.bin`` as
``reversi.ai.trained``: the host inflates its zlib part and the core checks the
header, the shape and the CRC-32 (:class:`reversi.ai.weights.WeightsError` if not).

Deadlines are times on a :data:`reversi.ai.clock.Clock`; the core reads its own
clock (``CLOCK_MONOTONIC``, or the process's CPU time when the caller's clock is
``time.process_time``), so each deadline is passed as the time left.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
import zlib
from dataclasses import dataclass
from types import ModuleType

from reversi.ai.clock import Clock
from reversi.ai.packaged import packaged
from reversi.ai.weights import FILE_NAME, HEADER, MAGIC, WeightsError
from reversi.engine.bitboard import Bitboard

#: Set to 1 to search in Python even where the native core is installed.
FORCE_PYTHON = "REVERSI_PYTHON_SEARCH"

log = logging.getLogger("reversi.ai")


@dataclass(frozen=True)
class NativeResult:
    """One answer of the core: ``stopped`` when the deadline came first; ``move``
    is a square (-1: none); ``best_moves`` the bits of every best move when asked."""

    stopped: bool
    score: int
    move: int
    depth: int
    exact: bool
    nodes: int
    best_moves: Bitboard


def inflated(data: bytes) -> bytes:
    """The weight file with its zlib part inflated: what the core reads."""
    at = len(MAGIC) + HEADER.size
    if len(data) < at:
        return data
    try:
        return data[:at] + zlib.decompress(data[at:])
    except zlib.error:
        return data[:at]  # the core refuses it by its size


def packaged_weights() -> bytes:
    """The packaged weights as the core reads them (the browser's engines load them too)."""
    return inflated(packaged(FILE_NAME, WeightsError))


class Core:
    """The loaded C core; one search at a time (its tables are global)."""

    def __init__(self, module: ModuleType, weights: bytes) -> None:
        self._module = module
        self._lock = threading.Lock()
        self.load(weights)

    def load(self, weights: bytes, source: str = FILE_NAME) -> None:
        status = self._module.load_weights(inflated(weights))
        if status != self._module.OK:
            raise WeightsError(f"{source}: {self._module.status_text(status)}")

    def moves(self, p: Bitboard, o: Bitboard) -> Bitboard:
        return int(self._module.moves(p, o))

    def flips(self, p: Bitboard, o: Bitboard, square: int) -> Bitboard:
        return int(self._module.flips(p, o, square))

    def perft(self, p: Bitboard, o: Bitboard, depth: int, *, table: bool = False) -> int:
        """Leaves at ``depth`` plies; ``table``: with a table of the positions counted
        before (up to symmetry; the same count, faster, and the searches' kept bounds
        are forgotten)."""
        with self._lock:
            if table:
                return int(self._module.perft_table(p, o, depth))
            return int(self._module.perft(p, o, depth))

    def evaluate(self, p: Bitboard, o: Bitboard) -> int:
        return int(self._module.evaluate(p, o))

    def _deadline(self, stop_at: float, clock: Clock) -> float:
        """The deadline on the core's clock (called with the lock held)."""
        if math.isinf(stop_at):
            return float(self._module.NO_DEADLINE)
        self._module.use_cpu_clock(clock is time.process_time)
        return float(self._module.clock()) + (stop_at - clock())

    def _flags(self, winner: bool, keep: bool) -> int:
        module = self._module
        return (module.WINNER if winner else 0) | (module.KEEP_TABLE if keep else 0)

    def _result(self, answer: tuple[int, ...]) -> NativeResult:
        status, score, move, depth, exact, nodes, best = answer
        if status < 0:
            raise ValueError(f"native core: {self._module.status_text(status)}")
        return NativeResult(status == 1, score, move, depth, bool(exact), nodes, best)

    def solve(
        self,
        p: Bitboard,
        o: Bitboard,
        *,
        winner: bool = True,
        every: bool = False,
        wdl: bool = False,
        keep: bool = False,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> NativeResult:
        """The exact score (``wdl``: 1, 0 or -1) and a best move (``every``: all of them)."""
        module = self._module
        flags = self._flags(winner, keep)
        flags |= (module.EVERY_BEST if every else 0) | (module.WDL if wdl else 0)
        with self._lock:
            return self._result(module.solve(p, o, flags, self._deadline(stop_at, clock)))

    def decisive(
        self,
        p: Bitboard,
        o: Bitboard,
        first: int,
        *,
        winner: bool = True,
        keep: bool = True,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> NativeResult:
        """Win, draw or loss (1, 0, -1) of the best move and its square, trying
        ``first`` first and stopping at the first win."""
        with self._lock:
            deadline = self._deadline(stop_at, clock)
            answer = self._module.decisive(p, o, first, self._flags(winner, keep), deadline)
            return self._result(answer)

    def search(
        self,
        p: Bitboard,
        o: Bitboard,
        depth: int,
        *,
        keep: bool = False,
        probcut: bool = False,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> NativeResult:
        """Iterative deepening to ``depth`` or the deadline (the player must have a
        move); ``probcut``: with Multi-ProbCut (selective, so not the full-width value)."""
        flags = self._flags(False, keep) | (self._module.PROBCUT if probcut else 0)
        with self._lock:
            deadline = self._deadline(stop_at, clock)
            answer = self._module.search(p, o, depth, flags, deadline)
            return self._result(answer)

    def values(
        self,
        p: Bitboard,
        o: Bitboard,
        depth: int,
        *,
        winner: bool = False,
        keep: bool = True,
        only: Bitboard | None = None,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> tuple[NativeResult, dict[int, int]]:
        """Every legal move's value at ``depth`` plies (hundredths of a disc, as
        :meth:`search`), or each solved exactly (the disc difference) when ``depth`` reaches
        the empties; moves the deadline left without a value are missing. ``only``: the
        moves (a mask of squares) to value, the others left out."""
        with self._lock:
            deadline = self._deadline(stop_at, clock)
            flags = self._flags(winner, keep)
            if only is None:
                answer, scores = self._module.values(p, o, depth, flags, deadline)
            else:
                answer, scores = self._module.values(p, o, depth, flags, deadline, only)
            return self._result(answer), {int(sq): int(value) for sq, value in scores.items()}

    def lose_values(
        self,
        p: Bitboard,
        o: Bitboard,
        depth: int,
        feature: str,
        weight: int,
        discs: int,
        *,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> tuple[NativeResult, dict[int, int]]:
        """The game turned round (the Legenden's LOSE): every legal move's value at
        ``depth`` plies as ``reversi.ai.legenden_lose.LoseSearch`` gives it, with the
        evaluation ``weight * feature - discs * disc difference``; ``feature`` is one of
        :data:`LOSE_FEATURES`. Stopped by the deadline: the moves valued before it."""
        if feature not in LOSE_FEATURES:
            raise ValueError(f"native core: no feature {feature!r} (one of {LOSE_FEATURES})")
        module = self._module
        code = getattr(module, f"FEATURE_{feature.upper()}")
        with self._lock:
            deadline = self._deadline(stop_at, clock)
            answer, scores = module.lose_values(p, o, depth, code, weight, discs, deadline)
            return self._result(answer), {int(sq): int(value) for sq, value in scores.items()}

    def line(
        self,
        p: Bitboard,
        o: Bitboard,
        first: int,
        depth: int,
        *,
        winner: bool = False,
        stop_at: float = math.inf,
        clock: Clock = time.perf_counter,
    ) -> list[int]:
        """The principal variation from the legal move ``first`` after :meth:`values` at
        ``depth`` (the tables kept): its squares, passes left out."""
        with self._lock:
            deadline = self._deadline(stop_at, clock)
            flags = self._flags(winner, True)
            return [int(sq) for sq in self._module.line(p, o, first, depth, flags, deadline)]


#: The features :meth:`Core.lose_values` computes (reversi.ai.legenden's style terms)
LOSE_FEATURES = ("discs", "corners", "edges", "quiet")

#: What :class:`Core` takes from the core's module: an extension built from older
#: sources lacks some of it, and is then not used (:func:`missing`)
NEEDED = (
    *("load_weights", "moves", "flips", "perft", "perft_table", "evaluate", "solve"),
    *("decisive", "search", "values", "line", "lose_values", "clock", "use_cpu_clock"),
    *("status_text", "OK", "NO_DEADLINE", "KEEP_TABLE", "EVERY_BEST", "WDL", "WINNER"),
    *("PROBCUT", *(f"FEATURE_{feature.upper()}" for feature in LOSE_FEATURES)),
)


def missing(module: object) -> list[str]:
    """The names of :data:`NEEDED` that ``module`` lacks (none: it is current)."""
    return [name for name in NEEDED if not hasattr(module, name)]


_state: dict[str, Core | None] = {}


def core() -> Core | None:
    """The native core, or None (then said once in the log: the Python search is used)."""
    if "core" in _state:
        return _state["core"]
    found: Core | None = None
    reason = ""
    if os.environ.get(FORCE_PYTHON, "") not in ("", "0"):
        reason = f"{FORCE_PYTHON} is set"
    else:
        try:
            import reversi._native as _native  # type: ignore[import-not-found]
        except ImportError as error:
            reason = f"no native core ({error})"
        else:
            lacking = missing(_native)
            if lacking:
                reason = (
                    f"the native core is older than its sources (it lacks {', '.join(lacking)});"
                    " dev/setup builds it again"
                )
            else:
                found = Core(_native, packaged(FILE_NAME, WeightsError))
    if found is None:
        log.warning("reversi.ai: Schwer and the solver search in Python: %s", reason)
    _state["core"] = found
    return found


def reset() -> None:
    """Forget the loaded core (tests: after changing ``REVERSI_PYTHON_SEARCH``)."""
    _state.clear()
