"""The budget a search reads its deadline through."""

from __future__ import annotations

import pytest

from reversi.ai.clock import Budget, SearchTimeout
from reversi.ai.endgame import EndgameSolver
from reversi.ai.search import CHECK_EVERY, Search
from reversi.ai.trained import evaluate


def test_a_budget_reads_the_clock_only_when_asked_and_stops_past_its_deadline() -> None:
    readings: list[float] = []

    def clock() -> float:
        readings.append(1.0)
        return 1.0

    budget = Budget(clock, stop_at=2.0, every=10)
    assert budget.next_check == 10 and not readings
    budget.check(10)
    assert budget.next_check == 20 and len(readings) == 1
    budget.stop_at = 1.0  # moved while the search runs (Schwer's win/draw/loss search)
    with pytest.raises(SearchTimeout):
        budget.check(20)
    assert budget.next_check == 30


def test_the_searches_share_the_budget_type_with_their_own_intervals() -> None:
    search = Search(evaluate, stop_at=5.0)
    solver = EndgameSolver(winner=True, stop_at=6.0)
    assert (search.budget.every, search.budget.stop_at) == (CHECK_EVERY, 5.0)
    assert (solver.budget.every, solver.budget.stop_at) == (2047, 6.0)
