"""The analysis board's engines in the browser: several engine.wasm, each in a light
worker of its own, value a share of one position's moves at the same time
(js/engines.js hands the moves out); the deepening (reversi.ai.deepening) awaits them
in the worker's event loop, as it calls the one core elsewhere.

The JavaScript side takes and gives JSON text, so that nothing of Pyodide's bridge
leaks into it. Standard library and ``reversi.ai`` only: shipped to the browser.
"""

from __future__ import annotations

import json
from typing import Any

from reversi.ai.clock import Clock
from reversi.engine.bitboard import Bitboard, Square

#: a deadline further off than this many seconds is none
NO_DEADLINE = 1e9


class BrowserEngines:
    """One position's values on the engines ``pool`` (js/engines.js's ``Engines``):
    ``values(text)`` and ``line(text)``, each a promise of JSON text."""

    def __init__(self, pool: Any, p: Bitboard, o: Bitboard, winner: bool) -> None:
        self.pool = pool
        self.position = {"p": str(p), "o": str(o), "winner": winner}
        self.empties = 64 - (p | o).bit_count()
        self._fresh = True

    @property
    def size(self) -> int:
        return int(self.pool.size)

    async def values(
        self, depth: int, stop_at: float, clock: Clock, order: list[Square]
    ) -> tuple[bool, dict[int, int]]:
        ask = self._ask(stop_at, clock, depth=depth, exact=depth >= self.empties, order=order)
        ask["fresh"], self._fresh = self._fresh, False
        answer = json.loads(await self.pool.values(json.dumps(ask)))
        return bool(answer["stopped"]), {int(sq): int(v) for sq, v in answer["values"].items()}

    async def line(self, first: Square, depth: int, stop_at: float, clock: Clock) -> list[Square]:
        answer = json.loads(
            await self.pool.line(json.dumps(self._ask(stop_at, clock, first=first, depth=depth)))
        )
        return [int(sq) for sq in answer["squares"]]

    def _ask(self, stop_at: float, clock: Clock, **fields: Any) -> dict[str, Any]:
        return {**self.position, "seconds": min(NO_DEADLINE, stop_at - clock()), **fields}


__all__ = ["NO_DEADLINE", "BrowserEngines"]
