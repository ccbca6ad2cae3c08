"""Which duels move the Wertungszahl (reversi.hall.glicko).

A finished game between people is **rated** when

* its table is *gewertet* (the opener's choice; the lobby and quick pairing open rated
  tables),
* both players have a **chosen name** (not the server's ``Gast 1234``),
* each side made at least :data:`MIN_MOVES` moves of their own, and
* it is one of the first :data:`PAIR_GAMES_A_DAY` rated games of the same two players on
  that Berlin calendar day (later ones are not rated at all: two friends cannot push one
  of them up by playing each other all evening).

A game that is not rated still counts for points when the hall's rule for points
(reversi.hall.counting) says so. Each time class (:data:`reversi.duel.rules.TIME_CLASSES`)
has its own rating.

>>> named = [{"player": "a", "moves": 12}, {"player": "b", "moves": 12}]
>>> why_unrated(True, named, ["Anna", "Ben"], 0) is None
True
>>> guest = ["Anna", "Gast 4711"]
>>> why_unrated(False, named, ["Anna", "Ben"], 0), why_unrated(True, named, guest, 0)
('unrated_table', 'guest')
>>> why_unrated(True, named, ["Anna", "Ben"], 2)
'repeat'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reversi.hall.glicko import SHOWN_AFTER
from reversi.hall.text_rules import is_guest_name

#: moves of their own each side must have made
MIN_MOVES = 10
#: rated games of the same two players on one Berlin calendar day
PAIR_GAMES_A_DAY = 2
#: why a game is not rated, as the game's end reports it
REASONS = ("unrated_table", "guest", "short", "repeat")


def why_unrated(
    rated: bool,
    players: Sequence[Mapping[str, Any]],
    names: Sequence[str | None],
    pair_games_today: int,
) -> str | None:
    """Why a finished game is not rated (one of :data:`REASONS`), or None when it is.

    ``names``: the players' nicknames now; ``pair_games_today``: the rated games of the
    same two players already on the Berlin day the game finished.
    """
    ids = [p.get("player") for p in players]
    if not rated or len(ids) != 2 or not all(isinstance(i, str) for i in ids) or ids[0] == ids[1]:
        return "unrated_table"
    if any(name is None or is_guest_name(name) for name in names):
        return "guest"
    if any(not isinstance(p.get("moves"), int) or p["moves"] < MIN_MOVES for p in players):
        return "short"
    if pair_games_today >= PAIR_GAMES_A_DAY:
        return "repeat"
    return None


def facts() -> dict[str, int]:
    """The rule's numbers, for the client."""
    return {
        "min_moves": MIN_MOVES,
        "pair_games_a_day": PAIR_GAMES_A_DAY,
        "shown_after": SHOWN_AFTER,
    }
