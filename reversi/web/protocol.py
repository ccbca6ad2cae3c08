"""The worker protocol's own words (docs/protocol.md): a message, the error of one that
is not part of it, and the names of the reasons a move is refused.

Standard library and ``reversi.engine`` only: shipped to the browser.
"""

from __future__ import annotations

from typing import Any

from reversi.engine import IllegalReason

Message = dict[str, Any]

REASONS = {
    IllegalReason.OCCUPIED: "occupied",
    IllegalReason.NO_FLIPS: "no_flips",
    IllegalReason.GAME_OVER: "game_over",
}


class ProtocolError(ValueError):
    """A message that is not part of the worker protocol."""
