"""One game of a tournament, as the pure core sees it: who had which colour and how it
ended. Black (Ebenholz) moves first and sits on seat 0 of the table."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Game", "WIN", "DRAW", "LOSS"]

#: black's score of a finished game
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    black: str
    white: str
    #: black's score: 1.0 win, 0.5 draw, 0.0 loss; None while the game runs
    score: float | None
    #: the Swiss round, 1-based; 0 in an arena
    round: int = 0
    #: when it ended (orders an arena player's games); 0.0 while it runs
    ended_at: float = 0.0

    @property
    def finished(self) -> bool:
        return self.score is not None

    def opponent(self, player: str) -> str:
        return self.white if player == self.black else self.black

    def score_of(self, player: str) -> float | None:
        """``player``'s score of this game (None while it runs)."""
        if self.score is None:
            return None
        return self.score if player == self.black else 1.0 - self.score
