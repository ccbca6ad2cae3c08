"""The analysis board's values (docs/protocol.md, "Values on the analysis board"): every
legal move's expected final disc difference, deepened step by step in the worker.

Nothing can interrupt a call in the worker, so each step has a deadline of its own,
twice as long as the step before (:data:`FIRST_SECONDS`, then doubled up to
:data:`LAST_SECONDS`); the page's other messages and a cancel are taken between two
steps. On the native core (engine.wasm in the browser) each step deepens the core's
values (:class:`reversi.ai.deepening.Deepening`) and ends at the first depth finished
after its time (at the latest after :data:`NATIVE_STEP_SECONDS`), so that each new
depth is shown as soon as it is there; the line is the core's principal
variation; they stop deepening when every move is exact or after :data:`NATIVE_SECONDS`.
Given the browser's engines (js/engines.js, one engine.wasm per core in light workers
of their own), each depth's moves are valued on them at the same time, awaited
(:meth:`Values.step_async`; reversi.web.engines); the answers say how many engines
computed (``engines``).
On the Python engine each step is one call of :func:`reversi.ai.analyse`, the line a
short analysis per ply, and they stop when every move is exact or after the longest
step.

Standard library, ``reversi.engine`` and ``reversi.ai`` only: shipped to the browser.

>>> values = Values.start({"type": "values", "id": 1, "moves": "f5d6c3d3c4f4f6f3e6e7"})
>>> first = values.step()
>>> first["type"], first["id"], sorted(first["scores"]) == sorted(first["legal"])
('values', 1, True)
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from reversi.engine import Board, Counting
from reversi.engine.bitboard import SQUARE_NAMES
from reversi.web.positions import position_board
from reversi.web.protocol import Message, ProtocolError

if TYPE_CHECKING:
    from reversi.ai.deepening import Deepening
    from reversi.web.engines import BrowserEngines

#: the first step's deadline in seconds; each next step has twice as long
FIRST_SECONDS = 0.1
#: the longest step: after it the values stand (a cancel waits at most this long)
LAST_SECONDS = 3.2
#: on the native core: the longest step (a step ends at the first depth finished after
#: its own time, so that a new depth is shown as soon as it is there), and the values
#: stop deepening after this many seconds in all
NATIVE_STEP_SECONDS = 0.8
NATIVE_SECONDS = 30.0


class Values:
    """One position's values, deepened step by step."""

    def __init__(self, id: Any, board: Board, pool: Any = None) -> None:
        """``pool``: the browser's engines (js/engines.js), or None: the one core."""
        from reversi.ai.deepening import Deepening
        from reversi.ai.native import core

        self.id, self.board = id, board
        self.seconds = FIRST_SECONDS
        self.done = not board.legal_moves
        self.spent = 0.0
        native = None if self.done else core()
        self.deepening: Deepening | None = None
        self.engines: BrowserEngines | None = None
        if native is not None:
            if pool is not None:
                from reversi.web.engines import BrowserEngines

                self.engines = BrowserEngines(pool, board.player, board.opponent, False)
            self.deepening = Deepening(native, board.player, board.opponent, engines=self.engines)

    def use(self, pool: Any) -> None:
        """The next steps on the browser's engines (started meanwhile): each depth's
        values are the same on any engines, only their kept tables start empty."""
        from reversi.web.engines import BrowserEngines

        if self.deepening is not None and self.engines is None:
            board = self.board
            self.engines = BrowserEngines(pool, board.player, board.opponent, False)
            self.deepening.engines = self.engines

    @classmethod
    def start(cls, message: Message, pool: Any = None) -> Values:
        """``obf`` and ``moves``: the position, as in ``position``."""
        return cls(message.get("id"), position_board(message), pool)

    def step(self) -> Message:
        """Deepen once: every legal move's value after this step's analysis (on the
        one core: the browser's engines are awaited, :meth:`step_async`)."""
        from reversi.ai.deepening import now

        return now(self.step_async())

    async def step_async(self) -> Message:
        """:meth:`step`, awaiting the browser's engines."""
        from reversi.ai.analysis import analyse, expected_line

        answer: Message = {
            "type": "values",
            "id": self.id,
            "obf": self.board.obf(),
            "legal": [str(move) for move in self.board.legal_moves],
            "scores": {},
            "best": None,
            "line": [],
            "seconds": self.seconds,
            "done": True,
            "engines": 1 if self.engines is None else self.engines.size,
        }
        if self.done:
            return answer
        if self.deepening is not None:
            answer.update(await self._native_step())
            return answer
        scores = analyse(self.board, self.seconds, counting=Counting.NOBODY)
        best = max(scores, key=lambda sq: (scores[sq].score, -sq))
        exact = all(score.exact for score in scores.values())
        self.done = exact or self.seconds >= LAST_SECONDS
        self.seconds = min(LAST_SECONDS, self.seconds * 2)
        answer.update(
            scores={
                SQUARE_NAMES[sq]: {"score": s.score, "exact": s.exact, "depth": s.depth}
                for sq, s in sorted(scores.items())
            },
            best=SQUARE_NAMES[best],
            line=[SQUARE_NAMES[sq] for sq in expected_line(self.board, best)],
            done=self.done,
        )
        return answer

    async def _native_step(self) -> Message:
        """One step on the native core: its deeper values and principal variation."""
        from reversi.ai.analysis import LINE_SECONDS

        deepening = self.deepening
        assert deepening is not None
        started = time.perf_counter()
        stop_at = started + NATIVE_STEP_SECONDS
        await deepening.step_async(stop_at, report_at=started + self.seconds)
        line = await deepening.line_async(time.perf_counter() + LINE_SECONDS)
        self.spent += time.perf_counter() - started
        self.done = deepening.done or self.spent >= NATIVE_SECONDS
        self.seconds = min(NATIVE_STEP_SECONDS, self.seconds * 2)
        best = deepening.best
        return {
            "scores": {
                SQUARE_NAMES[sq]: {"score": score, "exact": exact, "depth": depth}
                for sq, (score, exact, depth) in sorted(deepening.scores.items())
            },
            "best": None if best is None else SQUARE_NAMES[best],
            "line": [SQUARE_NAMES[sq] for sq in line],
            "done": self.done,
        }


class Valuer:
    """The worker's entry point for values, called from JavaScript with JSON text: one
    position at a time (a new one replaces the running one). ``pool``: the browser's
    engines (js/engines.js), or None: the one core, in the worker itself."""

    def __init__(self, pool: Any = None) -> None:
        self.values: Values | None = None
        self.pool = pool

    def start(self, text: str) -> str:
        message = json.loads(text)
        try:
            self.values = Values.start(message, self.pool)
        except ProtocolError as error:
            self.values = None
            return json.dumps({"type": "error", "id": message.get("id"), "message": str(error)})
        return json.dumps({"type": "values-start", "id": self.values.id})

    def use(self, pool: Any) -> None:
        """The browser's engines, started meanwhile: the running values go on on them."""
        self.pool = pool
        if self.values is not None:
            self.values.use(pool)

    def step(self) -> str:
        """The next deepening's values (``done`` in the last one)."""
        from reversi.ai.deepening import now

        return now(self.step_async())

    async def step_async(self) -> str:
        """:meth:`step`, awaiting the browser's engines."""
        values = self.values
        if values is None:
            return json.dumps({"type": "error", "message": "no values are being deepened"})
        out = await values.step_async()
        if out["done"] and self.values is values:
            self.values = None
        return json.dumps(out, ensure_ascii=False)

    def stop(self) -> str:
        """Ends the deepening (the page cancelled it or left the position)."""
        id = None if self.values is None else self.values.id
        self.values = None
        return json.dumps({"type": "values-cancelled", "id": id})


__all__ = ["FIRST_SECONDS", "LAST_SECONDS", "NATIVE_SECONDS", "Valuer", "Values"]
