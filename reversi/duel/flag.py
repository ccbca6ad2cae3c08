"""When a flag falls under "Gesamtzeit + Zuschlag": a loss on time, unless the
opponent cannot win any more.

The rule counts the discs: the opponent cannot win when, even given every empty
square, it would not have more discs than the player whose time ran out
(opponent's discs + empty squares ≤ the player's discs). Then the game is a draw.
"""

from __future__ import annotations

from reversi.engine import BLACK, Board


def cannot_win(board: Board, flagged_black: bool) -> bool:
    """Whether the opponent of the side whose flag fell (``flagged_black``: Black's)
    cannot win any more by the rule above.

    >>> cannot_win(Board(), flagged_black=True)
    False
    """
    black, white = board.count(BLACK), board.count(not BLACK)
    empties = 64 - black - white
    mine, theirs = (black, white) if flagged_black else (white, black)
    return theirs + empties <= mine
