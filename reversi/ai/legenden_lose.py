"""The Legenden that play to lose (``Kind.LOSE``, :mod:`reversi.ai.legenden`): the game
turned round, the fewest discs win.

Alpha-beta to a depth with the evaluation "fewer discs" (:data:`LOSE_DISCS`) plus the
style's term (its feature and weight, :data:`reversi.ai.legenden.STYLE_TERMS`), a
forced pass no ply, a finished game the other side's :func:`final_value`, deepening one
ply at a time until a deadline. On the native core where it is built
(:meth:`reversi.ai.native.Core.lose_values`, ``reversi/native/lose.c``), else
:class:`LoseSearch` in Python: the same values (tests/native/test_native_lose.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.evaluate import final_value
from reversi.ai.native import core
from reversi.ai.search import INFINITY, Evaluation
from reversi.engine.bitboard import Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves

#: LOSE's evaluation besides the style's term: hundredths of a disc per disc *fewer*
LOSE_DISCS = 100

#: A style's feature of the position for the side to move
Feature = Callable[[Bitboard, Bitboard], int]
#: The style's term: its feature, the feature's name in the native core
#: (:data:`reversi.ai.native.LOSE_FEATURES`) and its weight
LoseTerm = tuple[Feature, str, int]
#: every root move's value at a depth before a deadline, or None when it came first
LoseDepth = Callable[[int, float], dict[Bitboard, int] | None]


def lose_evaluation(feature: Feature, weight: int) -> Evaluation:
    """LOSE's evaluation for the side to move: fewer discs are better, plus the style's term."""
    return lambda p, o: weight * feature(p, o) - LOSE_DISCS * (p.bit_count() - o.bit_count())


class LoseSearch:
    """Alpha-beta in the game turned round (the fewest discs wins), for the side to move;
    a forced pass is not a ply, a finished game is far beyond any evaluation
    (:func:`final_value` of the other side). Raises SearchTimeout past ``stop_at``."""

    def __init__(self, evaluate: Evaluation, stop_at: float, clock: Clock) -> None:
        self.evaluate, self.stop_at, self.clock, self.nodes = evaluate, stop_at, clock, 0

    def search(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if not self.nodes & 1023 and self.clock() > self.stop_at:
            raise SearchTimeout
        found = children(p, o)
        if not found:
            if not legal_moves(o, p):
                return final_value(o, p)
            return -self.search(o, p, depth, -beta, -alpha)
        if depth == 0:
            return self.evaluate(p, o)
        best = -INFINITY
        for _, np_, no in found:
            value = -self.search(np_, no, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def lose_values(
    p: Bitboard, o: Bitboard, term: LoseTerm, deepest: int, stop_at: float, clock: Clock
) -> dict[Bitboard, int]:
    """Every move's value in the game turned round, deepening one ply at a time to
    ``deepest``: the values of the last depth completed before ``stop_at`` (one ply
    always)."""
    at_depth = _at_depth(p, o, term, clock)
    values = at_depth(1, math.inf)
    assert values is not None
    for depth in range(2, deepest + 1):
        found = at_depth(depth, stop_at)
        if found is None:
            break
        values = found
    return values


def _at_depth(p: Bitboard, o: Bitboard, term: LoseTerm, clock: Clock) -> LoseDepth:
    """The search at one depth: on the native core where it is present, else
    :class:`LoseSearch`."""
    feature, name, weight = term
    native = core()
    if native is not None:

        def on_the_core(depth: int, stop_at: float) -> dict[Bitboard, int] | None:
            found, values = native.lose_values(
                p, o, depth, name, weight, LOSE_DISCS, stop_at=stop_at, clock=clock
            )
            return None if found.stopped else {1 << sq: value for sq, value in values.items()}

        return on_the_core
    moves = children(p, o)
    search = LoseSearch(lose_evaluation(feature, weight), math.inf, clock)

    def in_python(depth: int, stop_at: float) -> dict[Bitboard, int] | None:
        search.stop_at = stop_at
        try:
            return {
                bit: -search.search(np_, no, depth - 1, -INFINITY, INFINITY)
                for bit, np_, no in moves
            }
        except SearchTimeout:
            return None

    return in_python


def children(p: Bitboard, o: Bitboard) -> list[tuple[Bitboard, Bitboard, Bitboard]]:
    """Each legal move's bit and the position after it (the opponent to move)."""
    found = []
    moves = legal_moves(p, o)
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = FLIPS_BY_BIT[bit](p, o)
        found.append((bit, o ^ flipped, p | flipped | bit))
    return found
