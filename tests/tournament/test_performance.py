"""The performance rating."""

from __future__ import annotations

from reversi.tournament.performance import performance


def test_the_performance_is_where_the_expected_score_meets_the_score() -> None:
    assert performance([1500.0, 1700.0], 1.0) == 1600.0
    assert performance([1500.0], 0.0) == 700.0  # a zero score: 800 below
    assert performance([1500.0], 0.75) == 1690.8  # 400·log10(3) above
    assert performance([], 0.0) is None
