"""The hall's rules without a database: points, milestones and levels from sequences of
results, and the Berlin periods at their edges (week, month, year, the clock changes)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from reversi.hall.milestones import MILESTONE_IDS, Stats, level, progress, reached
from reversi.hall.periods import BERLIN, PeriodError, parse_day, period_keys, period_of
from reversi.hall.points import points_for, total


def berlin(y: int, m: int, d: int, hh: int = 0, mm: int = 0, ss: int = 0) -> float:
    """An instant given on a Berlin wall clock."""
    return datetime(y, m, d, hh, mm, ss, tzinfo=BERLIN).timestamp()


def utc(y: int, m: int, d: int, hh: int = 0, mm: int = 0, ss: int = 0) -> float:
    return datetime(y, m, d, hh, mm, ss, tzinfo=UTC).timestamp()


# --- points -----------------------------------------------------------------------------


def test_points_are_ten_for_a_win_four_for_a_draw_one_for_a_loss() -> None:
    assert (points_for("win"), points_for("draw"), points_for("loss")) == (10, 4, 1)
    assert total([]) == 0
    assert total(["loss", "loss", "draw", "win", "win"]) == 26
    with pytest.raises(ValueError, match="aborted"):
        points_for("aborted")


# --- milestones -------------------------------------------------------------------------


def test_nothing_played_is_level_one() -> None:
    stats = Stats.of([])
    assert reached(stats) == [] and level(stats) == 1
    assert [m["progress"] for m in progress(stats)] == [0, 0, 0, 0, 0]
    assert [m["goal"] for m in progress(stats)] == [1, 1, 3, 5, 25]


def test_a_first_loss_is_the_first_milestone() -> None:
    stats = Stats.of([("loss", "anna")])
    assert [m.id for m in reached(stats)] == ["first_game"] and level(stats) == 2


def test_milestones_from_a_sequence_of_results() -> None:
    history: list[tuple[str, str | None]] = []
    levels = []
    for outcome, opponent in [
        ("loss", "a"),
        ("draw", "a"),
        ("win", "a"),
        ("win", "b"),
        ("loss", "b"),
        ("win", "c"),
        ("win", "a"),
        ("win", "a"),
    ]:
        history.append((outcome, opponent))
        levels.append(level(Stats.of(history)))
    # first game; first win; three opponents (c); five wins (the last game)
    assert levels == [2, 2, 3, 3, 3, 4, 4, 5]
    stats = Stats.of(history)
    assert (stats.games, stats.wins, stats.opponents) == (8, 5, 3)
    assert [m["id"] for m in progress(stats) if not m["done"]] == ["twenty_five_wins"]
    assert progress(stats)[4]["progress"] == 5


def test_twenty_five_wins_against_one_person_reach_level_five() -> None:
    stats = Stats.of([("win", "anna")] * 25)
    assert [m.id for m in reached(stats)] == [
        "first_game",
        "first_win",
        "five_wins",
        "twenty_five_wins",
    ]
    assert level(stats) == 5
    assert progress(stats)[2] == {"id": "three_opponents", "done": False, "progress": 1, "goal": 3}
    everything = Stats.of([("win", "a"), ("win", "b")] + [("win", "c")] * 23)
    assert level(everything) == 6 == len(MILESTONE_IDS) + 1


# --- periods ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sunday", "monday", "before", "after"),
    [
        # winter time (CET, UTC+1)
        ((2026, 11, 22), (2026, 11, 23), "2026-W47", "2026-W48"),
        # summer time (CEST, UTC+2)
        ((2026, 7, 5), (2026, 7, 6), "2026-W27", "2026-W28"),
        # the Sunday the clocks go forward (29 March 2026) and back (25 October 2026)
        ((2026, 3, 29), (2026, 3, 30), "2026-W13", "2026-W14"),
        ((2026, 10, 25), (2026, 10, 26), "2026-W43", "2026-W44"),
    ],
)
def test_a_week_ends_on_sunday_at_midnight_in_berlin(
    sunday: tuple[int, int, int], monday: tuple[int, int, int], before: str, after: str
) -> None:
    last = berlin(*sunday, 23, 59, 59)
    first = berlin(*monday, 0, 0, 0)
    assert first - last == 1
    assert period_keys(last)["week"] == before
    assert period_keys(first)["week"] == after
    assert period_keys(first - 0.001)["week"] == before


def test_the_week_is_berlin_time_not_utc() -> None:
    # Monday 00:30 in Berlin is still Sunday in UTC (winter and summer)
    assert period_keys(utc(2026, 11, 22, 23, 30))["week"] == "2026-W48"
    assert period_keys(utc(2026, 7, 5, 22, 30))["week"] == "2026-W28"
    # Sunday 23:30 in UTC is Monday 01:30 in summer in Berlin
    assert period_keys(utc(2026, 7, 5, 23, 30))["week"] == "2026-W28"
    assert period_keys(utc(2026, 7, 5, 21, 59, 59))["week"] == "2026-W27"


def test_weeks_with_a_clock_change_have_167_and_169_hours() -> None:
    spring = period_of("week", date(2026, 3, 29))
    autumn = period_of("week", date(2026, 10, 25))
    normal = period_of("week", date(2026, 11, 25))
    assert (spring.ends_at - spring.starts_at) / 3600 == 167
    assert (autumn.ends_at - autumn.starts_at) / 3600 == 169
    assert (normal.ends_at - normal.starts_at) / 3600 == 168
    assert spring.starts_at == berlin(2026, 3, 23) and spring.ends_at == berlin(2026, 3, 30)


def test_the_hours_around_the_clock_changes() -> None:
    # 02:00 → 03:00 on 29 March: 01:59:59 CET and 03:00 CEST are one second apart
    assert berlin(2026, 3, 29, 3, 0, 0) - berlin(2026, 3, 29, 1, 59, 59) == 1
    assert {period_keys(berlin(2026, 3, 29, h, 30))["week"] for h in (0, 1, 3, 23)} == {"2026-W13"}
    # 03:00 → 02:00 on 25 October: the hour 02:00–03:00 happens twice, both on Sunday
    first = datetime(2026, 10, 25, 2, 30, tzinfo=BERLIN, fold=0).timestamp()
    second = datetime(2026, 10, 25, 2, 30, tzinfo=BERLIN, fold=1).timestamp()
    assert second - first == 3600
    assert (
        period_keys(first)
        == period_keys(second)
        == {"week": "2026-W43", "month": "2026-10", "year": "2026"}
    )


@pytest.mark.parametrize(
    ("last", "first", "keys_before", "keys_after"),
    [
        # a month ends in the middle of a week
        (
            (2026, 4, 30),
            (2026, 5, 1),
            ("2026-W18", "2026-04", "2026"),
            ("2026-W18", "2026-05", "2026"),
        ),
        # a leap day
        (
            (2028, 2, 29),
            (2028, 3, 1),
            ("2028-W09", "2028-02", "2028"),
            ("2028-W09", "2028-03", "2028"),
        ),
        # the year ends inside ISO week 53 of 2026 …
        (
            (2026, 12, 31),
            (2027, 1, 1),
            ("2026-W53", "2026-12", "2026"),
            ("2026-W53", "2027-01", "2027"),
        ),
        # … and the ISO year 2025 ends with week 1 of 2026 (29 December 2025)
        (
            (2025, 12, 28),
            (2025, 12, 29),
            ("2025-W52", "2025-12", "2025"),
            ("2026-W01", "2025-12", "2025"),
        ),
    ],
)
def test_months_and_years_end_at_midnight_in_berlin(
    last: tuple[int, int, int],
    first: tuple[int, int, int],
    keys_before: tuple[str, str, str],
    keys_after: tuple[str, str, str],
) -> None:
    end = berlin(*last, 23, 59, 59)
    start = berlin(*first, 0, 0, 0)
    assert tuple(period_keys(end).values()) == keys_before
    assert tuple(period_keys(start).values()) == keys_after


def test_periods_hold_their_days_and_know_their_neighbours() -> None:
    month = period_of("month", date(2026, 2, 14))
    assert (month.key, month.first, month.last) == ("2026-02", date(2026, 2, 1), date(2026, 2, 28))
    assert month.previous().key == "2026-01" and month.next().key == "2026-03"
    year = period_of("year", date(2026, 6, 1))
    assert year.previous().key == "2025" and year.next().first == date(2027, 1, 1)
    week = period_of("week", date(2026, 1, 1))
    assert week.key == "2026-W01" and week.first == date(2025, 12, 29)
    assert week.previous().key == "2025-W52"
    day = date(2026, 1, 1)
    for _ in range(800):  # every day lies in exactly its period
        for kind in ("week", "month", "year"):
            p = period_of(kind, day)
            assert p.first <= day <= p.last and period_of(kind, p.first) == p
        day += timedelta(days=1)


def test_dates_are_read_strictly() -> None:
    assert parse_day("2026-11-29") == date(2026, 11, 29)
    for bad in ("2026-13-01", "29.11.2026", "20261129", "2026-11-29T00:00", "", "1900-01-01"):
        with pytest.raises(PeriodError):
            parse_day(bad)
    with pytest.raises(PeriodError):
        period_of("day", date(2026, 1, 1))
