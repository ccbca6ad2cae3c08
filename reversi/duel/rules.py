"""The duel's rules of time: what the core needs of the server's settings."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
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
    #: the starts of "Zufallseröffnung (XOT)": eight moves each (reversi.ai.xot)
    xot_starts: tuple[str, ...] = field(default=(), repr=False)
