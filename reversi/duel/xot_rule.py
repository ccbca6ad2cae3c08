"""The rule "Zufallseröffnung (XOT)": the game starts after a balanced random
8-move opening (the server's list, reversi.ai.xot), the same for both players.

The start is chosen when the game begins and kept in the table's rules
(``xot_start``); a rematch copies the rules, so it starts from the same position
with the colours swapped. The position is the table's ``root``, which the replay
and the archive keep.
"""

from __future__ import annotations

import random
from typing import Any

from reversi.engine import Board

_chooser = random.SystemRandom()


def xot_root(rules: dict[str, Any], starts: tuple[str, ...]) -> str | None:
    """The OBF the game starts from (None: the usual start); chooses one of ``starts``
    and notes it in ``rules`` the first time a XOT table begins."""
    if not rules.get("xot") or not starts:
        return None
    start = rules.get("xot_start")
    if not isinstance(start, str):
        start = rules["xot_start"] = _chooser.choice(starts)
    return Board(moves=start).obf()
