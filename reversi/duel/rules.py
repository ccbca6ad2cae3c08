"""The duel's rules of time: what the core needs of the server's settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: the time classes, each with its own Wertungszahl (reversi.hall.glicko): today every
#: table has a time per move ("Zugzeit"), which is "schnell"; Blitz and Fernpartie come
#: with their clocks
TIME_CLASSES = ("schnell",)


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


def time_class(rules: Mapping[str, Any]) -> str:
    """The time class of a table's rules (one of :data:`TIME_CLASSES`)."""
    return "schnell"


def rated(rules: Mapping[str, Any]) -> bool:
    """Whether a table is "gewertet" (tables from before ratings are not)."""
    return rules.get("rated") is True
