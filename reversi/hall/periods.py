"""The hall's periods: ISO week, month and year in Berlin time.

A score belongs to the period in which its game *finished*, read on a Berlin wall
clock: a week runs from Monday 00:00 to the next Monday 00:00 (Europe/Berlin, so it
is 167 or 169 hours long in the weeks the clocks change).

>>> from datetime import datetime, timezone
>>> sunday = datetime(2026, 11, 29, 22, 59, 59, tzinfo=timezone.utc).timestamp()
>>> period_keys(sunday)     # 23:59:59 on Sunday in Berlin
{'week': '2026-W48', 'month': '2026-11', 'year': '2026'}
>>> period_keys(sunday + 1)  # Monday 00:00 in Berlin: a new week
{'week': '2026-W49', 'month': '2026-11', 'year': '2026'}
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
PERIODS = ("week", "month", "year")


class PeriodError(ValueError):
    """An unknown period name or a date that cannot be read."""


def berlin_date(when: float) -> date:
    """The Berlin calendar day of an instant (seconds since the epoch)."""
    return datetime.fromtimestamp(when, BERLIN).date()


def key_of(period: str, day: date) -> str:
    """The key of the period that holds ``day``: ``2026-W48``, ``2026-11`` or ``2026``."""
    if period == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    if period == "month":
        return f"{day.year}-{day.month:02d}"
    if period == "year":
        return str(day.year)
    raise PeriodError(f"unknown period: {period!r}")


def period_keys(when: float) -> dict[str, str]:
    """The week, month and year keys of the instant ``when``."""
    day = berlin_date(when)
    return {period: key_of(period, day) for period in PERIODS}


@dataclass(frozen=True)
class Period:
    """One week, month or year: its key and its first and last Berlin day."""

    kind: str
    key: str
    first: date
    last: date

    @property
    def starts_at(self) -> float:
        """The instant of its first Berlin midnight (seconds since the epoch)."""
        return datetime.combine(self.first, time(), BERLIN).timestamp()

    @property
    def ends_at(self) -> float:
        """The instant of the first Berlin midnight after it."""
        return datetime.combine(self.last + timedelta(days=1), time(), BERLIN).timestamp()

    def previous(self) -> Period:
        return period_of(self.kind, self.first - timedelta(days=1))

    def next(self) -> Period:
        return period_of(self.kind, self.last + timedelta(days=1))


def period_of(kind: str, day: date) -> Period:
    """The period of kind ``kind`` that holds the Berlin day ``day``.

    >>> week = period_of("week", date(2027, 1, 1))   # ISO week 53 of 2026
    >>> week.key, week.first.isoformat(), week.last.isoformat()
    ('2026-W53', '2026-12-28', '2027-01-03')
    """
    if kind == "week":
        first = day - timedelta(days=day.weekday())
        last = first + timedelta(days=6)
    elif kind == "month":
        first = day.replace(day=1)
        last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    elif kind == "year":
        first, last = date(day.year, 1, 1), date(day.year, 12, 31)
    else:
        raise PeriodError(f"unknown period: {kind!r}")
    return Period(kind, key_of(kind, day), first, last)


def berlin_day(when: float) -> Period:
    """The Berlin calendar day of an instant, as a period of one day (kind ``day``)."""
    day = berlin_date(when)
    return Period("day", day.isoformat(), day, day)


def current(kind: str, now: float) -> Period:
    return period_of(kind, berlin_date(now))


def parse_day(text: str) -> date:
    """A day written ``YYYY-MM-DD`` (a Berlin calendar day)."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise PeriodError(f"not a date (YYYY-MM-DD): {text!r}") from None
    if len(text) != 10 or not 2000 <= day.year <= 9998:
        raise PeriodError(f"not a date (YYYY-MM-DD): {text!r}")
    return day
