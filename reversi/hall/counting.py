"""Which games between people count for points, milestones and leaderboards.

Two browsers could otherwise farm the hall: open a table, make a move each, resign,
and collect 10 and 1 points and a new level every half minute. So a finished game
counts only when

* **both sides played**: each made at least :data:`MIN_MOVES` moves of their own
  (placed discs; a game reports them as ``moves`` per player; a game that reports none
  is not judged by this rule), and
* **the pair is not farming**: it is one of the first :data:`PAIR_GAMES_A_DAY` counted
  games of the same two players on that Berlin calendar day.

A game that does not count is kept (the archive, its replay) but gives no points, no
milestone progress and no leaderboard place; it appears in neither player's record.

>>> def game(a: int, b: int) -> list[dict[str, object]]:
...     return [{"player": "a", "moves": a}, {"player": "b", "moves": b}]
>>> why_not(game(5, 5), pair_games_today=0) is None
True
>>> why_not(game(4, 3), pair_games_today=0), why_not(game(30, 30), pair_games_today=3)
('short', 'pair_limit')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: moves of their own each side must have made
MIN_MOVES = 5
#: counted games of the same two players on one Berlin calendar day
PAIR_GAMES_A_DAY = 3
#: why a game does not count, as the hall reports it (``reason`` of the game's end)
REASONS = ("short", "pair_limit")


def too_short(players: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a side made fewer than :data:`MIN_MOVES` moves (where the game says)."""
    made = [p.get("moves") for p in players]
    return any(isinstance(n, int) and n < MIN_MOVES for n in made)


def why_not(players: Sequence[Mapping[str, Any]], pair_games_today: int) -> str | None:
    """Why a game does not count (one of :data:`REASONS`), or None when it counts.

    ``pair_games_today``: the games of the same two players already counted on the
    Berlin day the game finished.
    """
    if too_short(players):
        return "short"
    if pair_games_today >= PAIR_GAMES_A_DAY:
        return "pair_limit"
    return None


def facts() -> dict[str, int]:
    """The rule's numbers, for the client (the rules of the hall, the result notice)."""
    return {"min_moves": MIN_MOVES, "pair_games_a_day": PAIR_GAMES_A_DAY}
