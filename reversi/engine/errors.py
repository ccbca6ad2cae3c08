"""The engine's errors. All are ``ValueError``s and quote what they were given."""

from __future__ import annotations

import enum


class ReversiError(ValueError):
    """Base of every error the engine raises about its input."""


class InvalidSquareError(ReversiError):
    """A square name that is not a1–h8."""


class NotationError(ReversiError):
    """Text that is not valid in the notation it was read as."""


class InvalidPositionError(ReversiError):
    """A position that no game of Reversi can reach."""


class IllegalReason(enum.Enum):
    """Why a square cannot be played; the UI explains each to the player."""

    OCCUPIED = "occupied"
    NO_FLIPS = "encloses nothing"
    GAME_OVER = "game over"


class IllegalMoveError(ReversiError):
    """A move that the rules do not allow in the position."""

    def __init__(self, message: str, reason: IllegalReason) -> None:
        super().__init__(message)
        self.reason = reason
