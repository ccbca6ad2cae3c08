"""What a client sees of a table: the same public picture for both seats and onlookers,
and the messages that carry it (a client's full state, a run of events)."""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from reversi.duel.game import TableGame, first_turn
from reversi.duel.messages import ChatLine, Event, Events, State, You, plain
from reversi.duel.position_cache import Positions
from reversi.duel.rules import DuelRules
from reversi.duel.table import Status, takeback_blocked
from reversi.duel.table import extra as extra_of
from reversi.duel.visibility import onlookers_read_chat, rematch_hidden
from reversi.engine.view import game_view
from reversi.storage.records import ChatRecord, EventRecord, TableRecord
from reversi.texts import text

FREE_SEAT = text("seat.free")


def remaining(deadline: float | None, now: float) -> float | None:
    """Seconds left until ``deadline`` (never negative), None without a deadline."""
    return None if deadline is None else max(0.0, deadline - now)


def clocks_left(duel: TableGame, table: TableRecord, now: float) -> list[float] | None:
    """Under "Gesamtzeit + Zuschlag": the seconds left on each seat's clock now (the
    running one counts down; a first move's own time leaves it whole); else None."""
    left = extra_of(table).get("left")
    if left is None:
        return None
    left = list(left)
    seat = duel.seat_to_move()
    if seat is not None and not first_turn(duel):
        left[seat] = remaining(table.turn_deadline, now) or 0.0
    return left


def table_view(
    table: TableRecord, now: float, rules: DuelRules, positions: Positions | None = None
) -> dict[str, Any]:
    """The public picture of a table: the same for both seats and onlookers.

    Holds no player ids and no seat secrets.
    """
    duel = TableGame(table, positions)
    extra = extra_of(table)
    names = extra.get("names", [None, None])
    levels = extra.get("levels") or [None, None]
    ratings = extra.get("ratings") or [None, None]
    seats = []
    for seat, player in ((0, table.seat0), (1, table.seat1)):
        if player is None:
            seats.append(
                {"seat": seat, "free": True, "name": None, "label": FREE_SEAT, "color": None}
            )
        else:
            seats.append(
                {
                    "seat": seat,
                    "free": False,
                    "name": names[seat],
                    "label": names[seat],
                    "color": duel.color_of(seat),
                    "level": levels[seat],
                    "rating": ratings[seat],
                }
            )
    game = None
    clock = None
    if table.status != Status.WAITING:
        game = dict(positions.view(table)) if positions else game_view(duel.board)
        game["can_undo"] = game["can_redo"] = False
        if not table.rules.get("hints", True):
            game["legal"] = {}
    if table.status == Status.PLAYING and table.turn_deadline is not None:
        clock = {
            "seat": duel.seat_to_move(),
            "started_at": table.turn_started_at,
            "deadline": table.turn_deadline,
            "now": now,
            "grace": rules.grace,
            "remaining": remaining(table.turn_deadline, now),
            "first_moves": not duel.both_moved(),
            "left": clocks_left(duel, table, now),
        }
    takeback = extra.get("takeback")
    return {
        "code": table.code,
        "status": table.status,
        "version": table.version,
        "rules": table.rules,
        "seats": seats,
        "game": game,
        "clock": clock,
        # the opener's choices while the rules can change
        "move_times": list(rules.move_times) if table.status == Status.WAITING else None,
        "clocks": list(rules.clocks) if table.status == Status.WAITING else None,
        "end": extra.get("end"),
        "offers": {
            "takeback": takeback["seat"] if takeback else None,
            "takeback_blocked": takeback_blocked(table, duel.ply)
            if table.status == Status.PLAYING
            else None,
            "rematch": extra.get("rematch", []),
        },
        "rematch": extra.get("rematch_code"),
        "rematch_of": extra.get("rematch_of"),
        "link": f"/tisch/{table.code}",
        "private": bool(extra.get("private")),
        # a tournament's game: the tournament's id (its page /turniere/{id}), else null
        "tournament": extra.get("tournament"),
    }


def state_message(
    game: TableGame, player_id: str | None, chat: list[ChatRecord], view: dict[str, Any]
) -> dict[str, Any]:
    """The full picture for one client: the table's ``view``, the chat it may read and
    its seat (with its colour, its mute and its secret)."""
    table = game.table
    seat = game.seat_of(player_id)
    muted = set(table.extra.get("muted", []))
    if seat is None and not onlookers_read_chat(table.status, table.rules):
        chat = []
    if rematch_hidden(seat, view):
        view = {**view, "rematch": None}
    lines = [
        ChatLine(seat=c.seat, text=c.text, at=c.at, id=c.id)
        for c in chat
        if not (seat is not None and seat in muted and c.seat != seat)
    ]
    you = You(seat=seat)
    if seat is not None:
        you = You(
            seat=seat,
            color=game.color_of(seat),
            muted=seat in muted,
            secret=table.secret0 if seat == 0 else table.secret1,
        )
    return plain(State(code=table.code, version=table.version, table=view, chat=lines, you=you))


def events_message(
    table: TableRecord,
    events: list[EventRecord],
    first: int,
    view: dict[str, Any],
    replay: bool = False,
) -> dict[str, Any]:
    """The table's events from version ``first`` on, with its ``view`` after them;
    ``replay``: sent again to a client that missed them."""
    return plain(
        Events(
            code=table.code,
            from_=first,
            version=table.version,
            events=[
                Event(
                    version=e.version,
                    kind=e.kind,
                    data=e.payload,
                    to=UNSET if e.audience is None else e.audience,
                )
                for e in events
            ],
            replay=True if replay else UNSET,
            table=view,
        )
    )
