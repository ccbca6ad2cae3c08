"""A device's computer games as the hall takes them (``POST /api/results``): the body of a
batch, the reason a game of it is refused, what the hall checks of each game and what a
game (Reversi) adds to them (:class:`DeviceRecords`).
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol

import msgspec

from reversi.hall.bodies import BadBody, Int, Seconds, Text
from reversi.hall.points import OUTCOMES
from reversi.hall.writes import DeviceGame
from reversi.problems import Problem
from reversi.texts import text

#: limits of a batch of computer games
MAX_BATCH = 50
MAX_RESULTS_BODY = 32_768
#: computer games are accepted from 2020 on and up to a day ahead of the server's clock
EARLIEST = 1_577_836_800.0


class BadGame(ValueError):
    """Why one computer game of a batch is refused (a catalogue key and its params)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(text(key, **params))


class DeviceGameBody(msgspec.Struct, forbid_unknown_fields=True):
    """One computer game of a batch (docs/api.md).

    ``moves`` and ``started_at`` are the game's own record of the play, which the game
    checks (:class:`DeviceRecords`); with them ``level`` may be null: a game between
    people on one device, recorded by the game only.
    """

    id: Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{8,64}$")]
    level: Text | None
    outcome: Text
    finished_at: Seconds
    detail: Annotated[
        dict[
            Annotated[str, msgspec.Meta(pattern="^[a-z_]{1,16}$")],
            bool | Int | Annotated[str, msgspec.Meta(max_length=16)] | None,
        ],
        msgspec.Meta(max_length=8),
    ] = {}
    moves: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    started_at: Seconds | None = None

    def own_fields(self) -> dict[str, Any]:
        """The game's own fields that were sent."""
        return {
            name: value
            for name in ("moves", "started_at")
            if (value := getattr(self, name)) is not None
        }


class ResultsBody(msgspec.Struct, forbid_unknown_fields=True):
    results: list[DeviceGameBody]


#: the catalogue's reason for a field of a computer game that does not fit
_GAME_FIELDS = {
    "id": "hall.game.id",
    "finished_at": "hall.game.finished_at",
    "detail": "hall.game.detail",
    "level": "hall.game.level",
    "outcome": "hall.game.outcome",
    "moves": "hall.game.moves",
    "started_at": "hall.game.started_at",
}


def bad_game(why: BadBody, levels: tuple[str, ...]) -> Problem:
    index = why.index("results")
    if index is None:
        return Problem("bad_results", "hall.error.bad_results")
    field = why.field()
    if why.problem == "unknown_field":
        reason = text("hall.game.unknown_field", name=why.name[:20])
    elif field in _GAME_FIELDS and not why.path.endswith(f"[{index}]"):
        reason = text(_GAME_FIELDS[field], levels=", ".join(levels))
    elif field == "detail" or "detail" in why.path:
        reason = text("hall.game.detail")
    else:
        reason = text("hall.game.not_object")
    return Problem("bad_results", "hall.error.bad_game", number=index + 1, why=reason)


class DeviceRecords(Protocol):
    """What a game adds to its device games (Reversi: their moves, for the archive)."""

    def check(self, item: dict[str, Any], game: DeviceGame) -> Any:
        """The game's own part of ``item`` (:meth:`DeviceGameBody.own_fields`), checked
        (:class:`BadGame` if wrong)."""

    def write(self, conn: Any, player_id: str, checked: list[Any]) -> list[str]:
        """Stores the checked parts in the hall's transaction; the client ids stored now."""


def check_device_game(item: DeviceGameBody, levels: tuple[str, ...], now: float) -> DeviceGame:
    """What the Struct cannot say of one computer game: a level of this game (or none,
    with the game's own record of the play), a known outcome, a time from 2020 to a day
    ahead."""
    if item.level not in levels and not (item.level is None and item.own_fields()):
        raise BadGame("hall.game.level", levels=", ".join(levels))
    if item.outcome not in OUTCOMES:
        raise BadGame("hall.game.outcome")
    if not EARLIEST <= item.finished_at <= now + 86_400:
        raise BadGame("hall.game.finished_at")
    return DeviceGame(item.id, item.level, item.outcome, item.finished_at, dict(item.detail))
