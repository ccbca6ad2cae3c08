"""The hall's own tournaments, at fixed times in Berlin: an arena every evening and a
Swiss tournament every Sunday.

The times are wall-clock times in Europe/Berlin (``zoneinfo``), so they keep their hour
across the change to and from summer time: 19:00 is 18:00 UTC in winter and 17:00 UTC
in summer. Each planned tournament has a key made of its kind and its Berlin date
("arena-2026-12-02"): the store keeps keys unique, so two server processes that plan
the same span create each tournament once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from reversi.texts import text

__all__ = ["Planned", "Regular", "REGULAR", "BERLIN", "regular"]

BERLIN = ZoneInfo("Europe/Berlin")
SUNDAY = 6  # date.weekday()


@dataclass(frozen=True, slots=True, kw_only=True)
class Planned:
    #: unique: kind and Berlin date, e.g. "arena-2026-12-02"
    key: str
    kind: str  # "arena" | "swiss"
    name: str
    starts_at: float
    minutes: int | None  # an arena's length
    rounds: int | None  # a Swiss tournament's rounds
    base: int  # the clock: seconds
    increment: int  # seconds added per move
    xot: bool
    rated: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Regular:
    """One of the hall's regular tournaments: on which weekdays, at what Berlin time."""

    kind: str
    name_key: str
    weekdays: frozenset[int]  # date.weekday(): Monday 0 … Sunday 6
    at: time
    minutes: int | None
    rounds: int | None
    base: int
    increment: int
    xot: bool = False
    rated: bool = True

    def on(self, day: date) -> Planned:
        starts = datetime.combine(day, self.at, tzinfo=BERLIN)
        return Planned(
            key=f"{self.kind}-{day.isoformat()}",
            kind=self.kind,
            name=text(self.name_key),
            starts_at=starts.timestamp(),
            minutes=self.minutes,
            rounds=self.rounds,
            base=self.base,
            increment=self.increment,
            xot=self.xot,
            rated=self.rated,
        )


REGULAR = (
    Regular(
        kind="arena",
        name_key="tournament.regular.arena",
        weekdays=frozenset(range(7)),
        at=time(19, 0),
        minutes=60,
        rounds=None,
        base=180,
        increment=2,
    ),
    Regular(
        kind="swiss",
        name_key="tournament.regular.swiss",
        weekdays=frozenset({SUNDAY}),
        at=time(17, 0),
        minutes=None,
        rounds=7,
        base=300,
        increment=3,
    ),
)


def regular(after: float, until: float) -> list[Planned]:
    """The hall's own tournaments that start at ``after`` or later and before ``until``
    (seconds since the epoch), in order of their start."""
    first = datetime.fromtimestamp(after, BERLIN).date()
    last = datetime.fromtimestamp(until, BERLIN).date()
    found = []
    day = first
    while day <= last:
        for plan in REGULAR:
            if day.weekday() in plan.weekdays:
                planned = plan.on(day)
                if after <= planned.starts_at < until:
                    found.append(planned)
        day += timedelta(days=1)
    return sorted(found, key=lambda p: (p.starts_at, p.key))
