"""The Wertungszahl's formulas (reversi.hall.glicko) against Glickman's worked example,
and the hall's floor, cap and provisional display."""

from __future__ import annotations

import pytest

from reversi.hall.glicko import (
    FLOOR,
    SHOWN_AFTER,
    START_DEVIATION,
    Game,
    Rating,
    after_game,
    expected,
    glicko1,
    glicko2,
)


def test_glicko2_matches_the_worked_example_of_glickmans_paper() -> None:
    # "Example of the Glicko-2 system", section 3: τ = 0.5
    player = Rating(1500.0, 200.0, 0.06)
    games = [Game(1400, 30, 1.0), Game(1550, 100, 0.0), Game(1700, 300, 0.0)]
    new = glicko2(player, games, tau=0.5)
    assert new.value == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)
    assert new.games == 3


def test_glicko1_matches_the_example_of_the_glicko_paper() -> None:
    # "The Glicko system", the same three games: r' = 1464, RD' = 151.4
    new = glicko1(
        Rating(1500.0, 200.0), [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)]
    )
    assert new.value == pytest.approx(1464, abs=0.5)
    assert new.deviation == pytest.approx(151.4, abs=0.1)


def test_a_period_without_games_widens_the_deviation_only() -> None:
    new = glicko2(Rating(1600.0, 100.0, 0.06), [])
    assert new.value == 1600.0 and new.deviation > 100.0 and new.games == 0


def test_the_deviation_stays_between_the_floor_and_the_start() -> None:
    a = Rating(1500.0, FLOOR, 0.001, games=500)  # would fall below the floor
    assert after_game(a, Rating(1500.0, FLOOR), 0.5).deviation == FLOOR
    fresh = after_game(Rating(), Rating(), 1.0)
    assert fresh.deviation <= START_DEVIATION and fresh.value > 1500.0


def test_a_win_raises_a_loss_lowers_and_the_stronger_is_expected_to_win() -> None:
    a, b = Rating(1700.0, 80.0, games=20), Rating(1500.0, 80.0, games=20)
    assert expected(a, b) > 0.5 > expected(b, a)
    assert after_game(b, a, 1.0).value > b.value > after_game(b, a, 0.0).value
    # an upset moves more than the expected result
    assert after_game(b, a, 1.0).value - b.value > b.value - after_game(b, a, 0.0).value


def test_no_number_before_a_few_games_and_a_question_mark_while_provisional() -> None:
    assert Rating(games=SHOWN_AFTER - 1).shown() is None
    assert Rating(games=SHOWN_AFTER - 1).public()["value"] is None
    shown = Rating(1523.6, 200.0, games=SHOWN_AFTER)
    assert shown.shown() == "1524?"
    assert shown.public() == {"value": 1524, "deviation": 200, "provisional": True, "games": 3}
    assert Rating(1523.6, 60.0, games=30).shown() == "1524"
