"""The engine's C core in the browser: ``engine.wasm`` as the module ``reversi._native``.

The browser's worker compiles engine.wasm beside Pyodide (reversi/web/static/js/wasm.js)
and hands the started module to the worker's Python (``reversi.web.session.Worker``),
which :func:`install` s it: :class:`WasmNative` calls its methods through Pyodide's bridge
and gives the answers, types and errors of the CPython extension ``reversi._native``,
under that name, so ``reversi.ai.native`` finds the one core API on either backend.
Without engine.wasm the worker searches with the Python code.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

#: The name the CPython extension has and the wasm build takes in the browser.
NAME = "reversi._native"

#: The search's result as reversi._native gives it:
#: (status, score, move, depth, exact, nodes, best_moves)
Result = tuple[int, int, int, int, int, int, int]


class WasmNative(ModuleType):
    """``reversi._native`` on a started engine.wasm (``core``: js/wasm.js's ``WasmCore``).

    The constants (``OK``, ``STOPPED``, ``WINNER``, ``KEEP_TABLE``, ``EVERY_BEST``,
    ``WDL``, ``PROBCUT``, the ``FEATURE_*`` of the game turned round, ``NO_DEADLINE``)
    are the module's own, read from it.
    """

    OK: int
    STOPPED: int
    WINNER: int
    KEEP_TABLE: int
    EVERY_BEST: int
    WDL: int
    PROBCUT: int
    FEATURE_DISCS: int
    FEATURE_CORNERS: int
    FEATURE_EDGES: int
    FEATURE_QUIET: int
    NO_DEADLINE: float

    def __init__(self, core: Any) -> None:
        super().__init__(NAME, "The engine's C core as engine.wasm (reversi.web.wasm).")
        self._core = core
        for name, value in core.constants.to_py().items():
            setattr(self, name, value)

    def load_weights(self, data: bytes) -> int:
        return int(self._core.load_weights(data))

    def moves(self, p: int, o: int) -> int:
        return int(self._core.moves(p, o))

    def flips(self, p: int, o: int, square: int) -> int:
        return int(self._core.flips(p, o, square))

    def perft(self, p: int, o: int, depth: int) -> int:
        return int(self._core.perft(p, o, depth))

    def perft_table(self, p: int, o: int, depth: int) -> int:
        return int(self._core.perftTable(p, o, depth))

    def evaluate(self, p: int, o: int) -> int:
        status, value = self._core.evaluate(p, o)
        if status != self.OK:
            raise ValueError(self.status_text(status))
        return int(value)

    def solve(self, p: int, o: int, flags: int, deadline: float) -> Result:
        return _result(self._core.solve(p, o, flags, deadline))

    def decisive(self, p: int, o: int, first: int, flags: int, deadline: float) -> Result:
        return _result(self._core.decisive(p, o, first, flags, deadline))

    def search(self, p: int, o: int, max_depth: int, flags: int, deadline: float) -> Result:
        return _result(self._core.search(p, o, max_depth, flags, deadline))

    def values(
        self, p: int, o: int, depth: int, flags: int, deadline: float, only: int = -1
    ) -> tuple[Result, dict[int, int]]:
        result, scores = self._core.values(p, o, depth, flags, deadline, only)
        return _result(result), {int(sq): int(value) for sq, value in scores}

    def lose_values(
        self, p: int, o: int, depth: int, feature: int, weight: int, discs: int, deadline: float
    ) -> tuple[Result, dict[int, int]]:
        result, scores = self._core.lose_values(p, o, depth, feature, weight, discs, deadline)
        return _result(result), {int(sq): int(value) for sq, value in scores}

    def line(
        self, p: int, o: int, first: int, depth: int, flags: int, deadline: float
    ) -> list[int]:
        n, squares = self._core.line(p, o, first, depth, flags, deadline)
        if n < 0:
            raise ValueError(self.status_text(int(n)))
        return [int(square) for square in squares]

    def clock(self) -> float:
        return float(self._core.clock())

    def use_cpu_clock(self, flag: bool) -> None:
        """The browser has one clock, ``performance.now()``: the worker's search is its
        only work, so its CPU time and wall time agree, and the flag changes nothing."""

    def status_text(self, status: int) -> str:
        return str(self._core.status_text(status))


def install(core: Any) -> WasmNative:
    """Makes engine.wasm ``reversi._native`` for this interpreter (the browser's worker)."""
    module = WasmNative(core)
    sys.modules[NAME] = module
    return module


def _result(values: Any) -> Result:
    status, score, move, depth, exact, nodes, best = (int(value) for value in values)
    return status, score, move, depth, exact, nodes, best


__all__ = ["NAME", "Result", "WasmNative", "install"]
