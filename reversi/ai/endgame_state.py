"""The state of an exact solve, and the score of a finished game.

:class:`SolveState` holds what every layer of the solver reads: the counting
rule, the node counter and the deadline, the transposition table and the
parity orders already computed. The layers build on it:
:class:`reversi.ai._last_empties.LastEmpties` (the last four empties),
:class:`reversi.ai.endgame_shallow.ShallowSolver` (a few empties) and
:class:`reversi.ai.endgame.EndgameSolver` (many, and the root).
"""

from __future__ import annotations

from reversi.ai.clock import Budget, Clock
from reversi.engine.bitboard import Bitboard, Square

__all__ = ["CHECK_EVERY", "SolveEntry", "SolveState"]

#: The deadline is read once every this many nodes plus one.
CHECK_EVERY = 2047

#: A table entry: lower bound, upper bound, best move's bit (0: none known).
SolveEntry = tuple[int, int, Bitboard]


class SolveState:
    """The counters, the table and the deadline of a solve.

    ``stop_at`` is a time on ``clock``; past it a search raises
    :class:`SearchTimeout` within ``CHECK_EVERY`` nodes (``budget``).
    """

    __slots__ = ("_orders", "budget", "nodes", "tt", "winner")

    def __init__(self, *, winner: bool, clock: Clock, stop_at: float) -> None:
        self.winner = winner
        self.nodes = 0
        self.tt: dict[tuple[Bitboard, Bitboard], SolveEntry] = {}
        self.budget = Budget(clock, stop_at, CHECK_EVERY)
        # the parity order of each set of few empties, computed once per set
        self._orders: dict[Bitboard, list[Square]] = {}

    def _final(self, p: Bitboard, o: Bitboard) -> int:
        """The score of a finished game."""
        pc, oc = p.bit_count(), o.bit_count()
        diff = pc - oc
        if self.winner and diff:
            empties = 64 - pc - oc
            return diff + empties if diff > 0 else diff - empties
        return diff
