"""The hall's regular tournaments keep their Berlin hour across the change of summer time."""

from __future__ import annotations

from datetime import UTC, datetime

from reversi.tournament.schedule import regular


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


def test_the_evening_arena_is_at_19_berlin_time_before_and_after_the_clocks_go_back() -> None:
    # summer time ends on Sunday 25 October 2026 at 03:00 CEST
    found = regular(utc(2026, 10, 24), utc(2026, 10, 26))
    assert [(p.key, p.starts_at) for p in found] == [
        ("arena-2026-10-24", utc(2026, 10, 24, 17)),  # 19:00 CEST
        ("swiss-2026-10-25", utc(2026, 10, 25, 16)),  # 17:00 CET
        ("arena-2026-10-25", utc(2026, 10, 25, 18)),  # 19:00 CET
    ]
    arena, swiss = found[0], found[1]
    assert (arena.kind, arena.name, arena.minutes, arena.rounds) == (
        "arena",
        "Abendarena",
        60,
        None,
    )
    assert (arena.base, arena.increment, arena.xot, arena.rated) == (180, 2, False, True)
    assert (swiss.kind, swiss.name, swiss.minutes, swiss.rounds) == (
        "swiss",
        "Sonntagsturnier",
        None,
        7,
    )
    assert (swiss.base, swiss.increment) == (300, 3)


def test_and_when_they_go_forward_in_spring() -> None:
    # summer time begins on Sunday 28 March 2027 at 02:00 CET
    found = regular(utc(2027, 3, 27), utc(2027, 3, 29))
    assert [(p.key, p.starts_at) for p in found] == [
        ("arena-2027-03-27", utc(2027, 3, 27, 18)),
        ("swiss-2027-03-28", utc(2027, 3, 28, 15)),
        ("arena-2027-03-28", utc(2027, 3, 28, 17)),
    ]


def test_a_span_holds_each_tournament_once_with_a_key_of_its_own() -> None:
    week = regular(utc(2026, 12, 2, 19), utc(2026, 12, 9, 19))
    keys = [p.key for p in week]
    assert len(keys) == len(set(keys)) == 8  # 3–9 Dec: seven arenas and a Swiss
    # (the span begins at 20:00 in Berlin, after the arena of 2 December)
    assert keys[0] == "arena-2026-12-03" and "swiss-2026-12-06" in keys
    # the start is inside the span, the end is not
    assert [p.key for p in regular(utc(2026, 12, 2, 18), utc(2026, 12, 2, 18, 0, 1))] == [
        "arena-2026-12-02"
    ]
    assert regular(utc(2026, 12, 2, 17), utc(2026, 12, 2, 18)) == []
    # overlapping spans plan the same tournaments again, with the same keys
    assert {p.key for p in regular(utc(2026, 12, 1), utc(2026, 12, 5))} & set(keys) == {
        "arena-2026-12-03",
        "arena-2026-12-04",
    }
