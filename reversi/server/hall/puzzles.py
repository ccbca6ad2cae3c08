"""One attempt at a puzzle of /aufgaben as ``PUT /api/puzzles`` takes it (docs/api.md,
docs/puzzles.md; the page's ``js/study/puzzleprogress.js``): which puzzle, solved at the
first try or not, and when. The device rates the attempts (Glicko-2, the puzzle as the
opponent) from this list, so the list is all a player's puzzle progress."""

from __future__ import annotations

from typing import Annotated

import msgspec

from reversi.hall.bodies import Seconds

PuzzleId = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{8}$")]


class PuzzleAttempt(msgspec.Struct, forbid_unknown_fields=True):
    """``id`` is ``puzzle@n``, ``n`` the attempt's time in milliseconds (unique per
    device); ``ok`` whether the first move tried was the answer; ``changed_at`` the time
    in seconds."""

    id: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{8}@[0-9]{1,15}$")]
    puzzle: PuzzleId
    ok: bool
    changed_at: Seconds

    def __post_init__(self) -> None:
        if not self.id.startswith(f"{self.puzzle}@"):
            raise ValueError("id is puzzle@milliseconds")
