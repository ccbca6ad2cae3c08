"""A table's row as the duel server reads it: its status, the typed ``extra`` it
carries, its code, and a new one.

The stored JSON and the JSON a client sees are exactly the strings and keys named here.
"""

from __future__ import annotations

import secrets
from enum import StrEnum
from typing import Any, TypedDict, cast

from reversi.duel.rules import PER_MOVE, DuelRules
from reversi.problems import Problem
from reversi.storage.records import TableRecord

#: table codes avoid look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G)
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6


class Status(StrEnum):
    """open → waiting → playing → finished | aborted (the value is stored and sent)."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"


#: a table someone may still sit down at or play on, and one that is over
OPEN = (Status.WAITING, Status.PLAYING)
OVER = (Status.FINISHED, Status.ABORTED)
#: a player waits at this many tables at most, and besides at this many Fernpartien
#: (days per move: a player plays many of them at once)
MAX_WAITING = 3
MAX_WAITING_CORRESPONDENCE = 20


class Takeback(TypedDict):
    """An open request to take back: who asked, at which ply."""

    seat: int
    ply: int


class End(TypedDict, total=False):
    """How a game ended; ``black``/``white``: the score (finished games only)."""

    reason: str
    winner_seat: int | None
    by: int | None
    black: int
    white: int
    #: what the hall gave each seat for this game, and the levels ⭐ before and after
    points: list[int]
    #: why the game scores nothing (reversi.hall.counting.REASONS); absent when it counts
    uncounted: str
    levels_before: list[int | None]
    levels: list[int | None]
    #: each seat's Wertungszahl before and after ({value, deviation, provisional, games},
    #: reversi.hall.glicko), or why the game is not rated (reversi.hall.rating_rules.REASONS)
    ratings_before: list[dict[str, Any]]
    ratings: list[dict[str, Any]]
    unrated: str
    #: when a finished game ended, while the hall has not yet recorded it (its points,
    #: ratings and archive record come in a second change: ``Duel.book``)
    booking: float


#: seconds after a rename notice in which that seat's renames bring no notice of their own
RENAME_QUIET = 60.0


class Extra(TypedDict, total=False):
    """What a table row carries besides its columns (stored as JSON)."""

    #: the players' nicknames and hall levels ⭐ at seat 0 and 1
    names: list[str | None]
    levels: list[int | None]
    #: each seat's Wertungszahl in the table's time class as shown ("1612?", None)
    ratings: list[str | None]
    #: client ids of the latest moves: a move sent twice is played once
    cids: list[str]
    takeback: Takeback
    #: a declined request: the asker asks again only after the next move
    takeback_declined: Takeback
    #: the seats that offered a rematch, its table's code, and the table this one avenges
    rematch: list[int]
    rematch_code: str
    rematch_of: str
    #: the seats that muted the chat
    muted: list[int]
    end: End
    #: when each seat last called the other back
    callback_at: list[float]
    #: when the game started, and the seconds each placed disc took (the replay's clock)
    started_at: float
    clock: list[float | None]
    #: under "Gesamtzeit + Zuschlag": each seat's time left on its clock when its
    #: current or next turn began (seconds)
    left: list[float]
    #: reachable only by code or link: not shown in the lobby
    private: bool
    #: opened by quick pairing ("Schnelle Partie"): not listed while it waits
    quick: bool
    #: when each seat's rename was last announced
    renamed_at: list[float]
    #: the tournament this game belongs to (reversi.server.tournaments.tournament_service)
    tournament: str


def extra(table: TableRecord) -> Extra:
    """The row's ``extra`` as what it is (the same dict: changes are the row's)."""
    return cast(Extra, table.extra)


class DuelError(Problem):
    """An intent that is not allowed now (the rules of a duel refuse it)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed by a person: case and separators do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())[:16]


def waiting_table(
    code: str, rules: dict[str, Any], seats: tuple[str | None, str | None], kept: Extra, now: float
) -> TableRecord:
    """A waiting table at these ``seats`` with fresh seat secrets: no colours drawn yet,
    no moves, no clock; ``kept`` is its ``extra``."""
    return TableRecord(
        id=None,
        code=code,
        status=Status.WAITING,
        version=0,
        rules=rules,
        seat0=seats[0],
        seat1=seats[1],
        secret0=secrets.token_urlsafe(24),
        secret1=secrets.token_urlsafe(24),
        black_seat=None,
        root=None,
        moves="",
        turn_started_at=None,
        turn_deadline=None,
        extra=cast(dict[str, Any], kept),
        created_at=now,
        updated_at=now,
    )


def new_table(
    code: str,
    opener: str,
    name: str,
    now: float,
    rules: DuelRules,
    private: bool = False,
    onlooker_chat: bool = False,
    quick: bool = False,
    clock: str = PER_MOVE,
    rated: bool = True,
) -> TableRecord:
    """A waiting table with the default rules; ``onlooker_chat``: onlookers read the
    players' chat; ``quick``: a quick pairing's (not listed while it waits); ``clock``:
    its time (checked by the caller); ``rated``: "gewertet" (reversi.hall.rating_rules)."""
    kept: Extra = {"names": [name, None]}
    if private:
        kept["private"] = True
    if quick:
        kept["quick"] = True
    chosen = {
        "move_time": rules.default_move_time,
        "hints": True,
        "counting": "nobody",
        "onlooker_chat": onlooker_chat,
        "clock": clock,
        "rated": rated,
    }
    return waiting_table(code, chosen, (opener, None), kept, now)


def rematch_table(table: TableRecord, code: str, now: float) -> TableRecord:
    """The rematch of ``table``: the same players, names, levels and rules at a new
    waiting table (as private as this one) that names the table it avenges."""
    kept = extra(table)
    follow: Extra = {
        "names": list(kept["names"]),
        "rematch_of": table.code,
        "levels": list(kept.get("levels") or [None, None]),
        "ratings": list(kept.get("ratings") or [None, None]),
    }
    if kept.get("private"):
        follow["private"] = True
    return waiting_table(code, dict(table.rules), (table.seat0, table.seat1), follow, now)


def record_clock(table: TableRecord, now: float) -> None:
    """Notes the seconds the disc being placed took (a take-back shortens the list)."""
    started = table.turn_started_at
    kept = extra(table).get("clock", [])[: len(table.moves) // 2]
    extra(table)["clock"] = [*kept, None if started is None else round(now - started, 3)]


def set_level(table: TableRecord, seat: int, level: int | None) -> None:
    """The hall's level ⭐ of the player at ``seat``, shown with the name."""
    if level is not None:
        levels = list(extra(table).get("levels") or [None, None])
        levels[seat] = level
        extra(table)["levels"] = levels


def set_rating(table: TableRecord, seat: int, shown: str | None) -> None:
    """The Wertungszahl of the player at ``seat`` as shown ("1612?"; None: no number yet)."""
    ratings = list(extra(table).get("ratings") or [None, None])
    ratings[seat] = shown
    extra(table)["ratings"] = ratings


def set_standing(table: TableRecord, seat: int, standing: tuple[int | None, str | None]) -> None:
    """The level ⭐ and the Wertungszahl of the player at ``seat``, shown with the name."""
    set_level(table, seat, standing[0])
    set_rating(table, seat, standing[1])


def takeback_blocked(table: TableRecord, ply: int) -> int | None:
    """The seat whose take-back was declined at this ``ply``: it asks again after a move."""
    declined = extra(table).get("takeback_declined")
    return declined["seat"] if declined and declined["ply"] == ply else None
