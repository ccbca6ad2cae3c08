"""The items of Reversi's decks of spaced repetition as ``PUT /api/drill`` and
``PUT /api/openings`` take them (docs/api.md): the drill "Aus Fehlern lernen"
(``js/analyse/drill.js``: a position before a Fehler or Patzer of the player, the move
played and the best one) and the opening trainer (``js/study/trainer.js``: a line and
a side), each with its schedule."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from reversi.hall.bodies import Seconds

Square = Annotated[str, msgspec.Meta(pattern="^[a-h][1-8]$")]
#: a final disc difference (an estimate short of the end may have a fraction)
Discs = Annotated[float, msgspec.Meta(ge=-64, le=64)]
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]
GameId = Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{1,64}$")]


class DrillItem(msgspec.Struct, forbid_unknown_fields=True):
    """``id`` is ``game:ply``; ``obf`` the position before the move; ``due`` the local
    day number (days since 1970) it is asked again; ``streak`` solved answers in a row;
    ``solved``/``missed`` all answers; ``changed_at`` when the device last changed it."""

    id: Annotated[str, msgspec.Meta(max_length=70)]
    game: GameId
    ply: Annotated[int, msgspec.Meta(ge=1, le=60)]
    obf: Annotated[str, msgspec.Meta(pattern="^[XO-]{64} [XO]$")]
    color: Literal["black", "white"]
    played: Square
    playedScore: Discs
    best: Square
    bestScore: Discs
    loss: Annotated[float, msgspec.Meta(ge=0, le=128)]
    mark: Literal["mistake", "blunder"]
    due: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    streak: Count
    changed_at: Seconds
    solved: Count = 0
    missed: Count = 0

    def __post_init__(self) -> None:
        if self.id != f"{self.game}:{self.ply}":
            raise ValueError("id is game:ply")


LineId = Annotated[str, msgspec.Meta(pattern="^[a-z0-9-]{1,48}$")]


class OpeningItem(msgspec.Struct, forbid_unknown_fields=True):
    """One line of the opening trainer as ``PUT /api/openings`` takes it (docs/api.md;
    the page's ``js/study/trainer.js``): ``id`` is ``line:color``, the line of
    ``data/trainer.json`` and the side the player drills; ``due``, ``streak``,
    ``solved``, ``missed`` and ``changed_at`` as in :class:`DrillItem`."""

    id: Annotated[str, msgspec.Meta(max_length=60)]
    line: LineId
    color: Literal["black", "white"]
    due: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    streak: Count
    changed_at: Seconds
    solved: Count = 0
    missed: Count = 0

    def __post_init__(self) -> None:
        if self.id != f"{self.line}:{self.color}":
            raise ValueError("id is line:color")
