"""The duel's rules: time per move or a total clock, time classes, rated or not — what
the core needs of the server's settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: "Gesamtzeit + Zuschlag" an opener can choose: minutes for the game + seconds added
#: after each move, written as the players say it ("3+2")
CLOCKS = ("3+2", "5+3", "10+5")
#: "Fernpartie": days per move, written as the rule's value ("1d": one day per move)
CORRESPONDENCE = ("1d", "2d", "3d", "7d")
#: a day, in seconds
DAY = 86_400.0
#: the rule's value of today's "Zeit pro Zug" (a new table's)
PER_MOVE = "move"
#: the time classes, each with its own Wertungszahl (reversi.hall.glicko): a total clock
#: whose game lasts under 8 minutes at 40 moves a side is "blitz", every other table
#: (the time per move, "Zugzeit", too: the first, quick pairing's) "schnell"; a
#: Fernpartie (days per move) "fernpartie"
TIME_CLASSES = ("schnell", "blitz", "fernpartie")
#: a game's expected length (total + 40 increments) below this is blitz, in seconds
BLITZ_UNDER = 480


@dataclass(frozen=True, kw_only=True)
class DuelRules:
    #: the move times ("Zugzeit") the opener can choose, and a new table's, in seconds
    move_times: tuple[int, ...]
    default_move_time: int
    #: the time for each side's first move (at least the move time)
    first_move_time: float
    #: latency allowance on top of every deadline
    grace: float
    #: how often a player may call the other back, in seconds
    callback_interval: float
    #: the total clocks and the days per move ("Fernpartie") the opener can choose
    #: besides the time per move
    clocks: tuple[str, ...] = CLOCKS + CORRESPONDENCE
    #: the starts of "Zufallseröffnung (XOT)": eight moves each (reversi.ai.xot)
    xot_starts: tuple[str, ...] = field(default=(), repr=False)


def total_clock(rules: Mapping[str, Any]) -> tuple[float, float] | None:
    """A table's "Gesamtzeit + Zuschlag" as (seconds for the game, seconds added per
    move); None: the time is per move (also a table stored before there were clocks).

    >>> total_clock({"clock": "3+2"}), total_clock({"move_time": 60}), total_clock({"clock": "2d"})
    ((180.0, 2.0), None, None)
    """
    chosen = rules.get("clock", PER_MOVE)
    if chosen == PER_MOVE or chosen in CORRESPONDENCE:
        return None
    minutes, increment = chosen.split("+")
    return 60.0 * int(minutes), float(increment)


def correspondence(rules: Mapping[str, Any]) -> float | None:
    """A Fernpartie's seconds per move; None: the table is played at once.

    >>> correspondence({"clock": "3d"}), correspondence({"clock": "3+2"})
    (259200.0, None)
    """
    chosen = rules.get("clock", PER_MOVE)
    return DAY * int(chosen[:-1]) if chosen in CORRESPONDENCE else None


def time_class(rules: Mapping[str, Any]) -> str:
    """The time class of a table's rules (one of :data:`TIME_CLASSES`).

    >>> time_class({"clock": "3+2"}), time_class({"clock": "10+5"}), time_class({})
    ('blitz', 'schnell', 'schnell')
    >>> time_class({"clock": "7d"})
    'fernpartie'
    """
    if correspondence(rules) is not None:
        return "fernpartie"
    clock = total_clock(rules)
    return "blitz" if clock and clock[0] + 40 * clock[1] < BLITZ_UNDER else "schnell"


def rated(rules: Mapping[str, Any]) -> bool:
    """Whether a table is "gewertet" (tables from before ratings are not)."""
    return rules.get("rated") is True
