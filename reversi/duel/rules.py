"""The duel's rules of time: what the core needs of the server's settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: "Gesamtzeit + Zuschlag" an opener can choose: minutes for the game + seconds added
#: after each move, written as the players say it ("3+2")
CLOCKS = ("3+2", "5+3", "10+5")
#: the rule's value of today's "Zeit pro Zug" (a new table's)
PER_MOVE = "move"


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
    #: the total clocks the opener can choose besides the time per move
    clocks: tuple[str, ...] = CLOCKS
    #: the starts of "Zufallseröffnung (XOT)": eight moves each (reversi.ai.xot)
    xot_starts: tuple[str, ...] = field(default=(), repr=False)


def total_clock(rules: dict[str, Any]) -> tuple[float, float] | None:
    """A table's "Gesamtzeit + Zuschlag" as (seconds for the game, seconds added per
    move); None: the time is per move (also a table stored before there were clocks).

    >>> total_clock({"clock": "3+2"}), total_clock({"move_time": 60})
    ((180.0, 2.0), None)
    """
    chosen = rules.get("clock", PER_MOVE)
    if chosen == PER_MOVE:
        return None
    minutes, increment = chosen.split("+")
    return 60.0 * int(minutes), float(increment)
