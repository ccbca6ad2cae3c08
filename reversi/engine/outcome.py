"""How a finished game ended, under either counting rule."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from reversi.engine.color import BLACK, WHITE, Color


class Counting(enum.Enum):
    """Who gets the empty squares of a game that ended early."""

    NOBODY = "nobody"  # the hall's default: only discs on the board count
    WINNER = "winner"  # tournament rule, and the convention of engine scores


class Termination(enum.Enum):
    FULL_BOARD = "full board"
    WIPEOUT = "wipeout"  # one colour has no disc left
    BLOCKED = "blocked"  # empties left, but neither side can move


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``black`` and ``white`` count the discs on the board; :meth:`score` applies
    the counting rule, which changes the margin but never the winner. Under
    ``Counting.WINNER`` a drawn game's empties are shared equally.

    >>> o = Outcome(Termination.WIPEOUT, black=13, white=0, counting=Counting.WINNER)
    >>> o.winner, o.score(), o.margin
    (True, (64, 0), 64)
    """

    termination: Termination
    black: int
    white: int
    counting: Counting = Counting.NOBODY

    @property
    def winner(self) -> Color | None:
        if self.black == self.white:
            return None
        return BLACK if self.black > self.white else WHITE

    @property
    def empties(self) -> int:
        return 64 - self.black - self.white

    def score(self) -> tuple[int, int]:
        """Points of black and white under the counting rule."""
        if self.counting is Counting.NOBODY:
            return self.black, self.white
        winner = self.winner
        if winner is None:
            half = self.empties // 2
            return self.black + half, self.white + self.empties - half
        if winner is BLACK:
            return self.black + self.empties, self.white
        return self.black, self.white + self.empties

    @property
    def margin(self) -> int:
        """Black's points minus white's."""
        black, white = self.score()
        return black - white
