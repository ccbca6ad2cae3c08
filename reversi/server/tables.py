"""A duel table as a state machine: open → waiting → playing → finished | aborted.

:class:`Duel` wraps one stored table row; each method checks a player's intent,
changes the row and records the events that describe the change. It raises
:class:`DuelError` (and changes nothing) when the intent is not allowed. The
service (``service.py``) loads, saves and announces; nothing here does I/O.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from reversi.engine import BLACK, Board, Counting, IllegalMoveError, InvalidSquareError
from reversi.engine.view import game_view
from reversi.server.clock import remaining
from reversi.server.positions import Positions
from reversi.server.settings import Settings
from reversi.storage.repository import ChatRecord, EventRecord, TableRecord

#: table codes avoid look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G)
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6
FREE_SEAT = "🪑 noch frei"
CHAT_MAX = 200
COLOR_NAMES = {True: "black", False: "white"}
GERMAN_COLORS = {"black": "Ebenholz", "white": "Perlmutt"}


class DuelError(Exception):
    """An intent that is not allowed now; ``code`` for programs, ``message`` in German."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed by a person: case and separators do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())[:16]


def new_table(code: str, opener: str, name: str, now: float, settings: Settings) -> TableRecord:
    return TableRecord(
        id=None, code=code, status="waiting", version=0,
        rules={"move_time": settings.default_move_time, "hints": True, "counting": "nobody"},
        seat0=opener, seat1=None,
        secret0=secrets.token_urlsafe(24), secret1=secrets.token_urlsafe(24),
        black_seat=None, root=None, moves="", turn_started_at=None, turn_deadline=None,
        extra={"names": [name, None]}, created_at=now, updated_at=now,
    )


@dataclass
class Effects:
    """What the service must do besides saving the row and its events."""

    chat: list[ChatRecord] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rematch: TableRecord | None = None
    callback: dict[str, Any] | None = None


def placed_colors(board: Board) -> list[str]:
    """The colour of each placed disc, in order.

    The move stack alternates colours from the root's side to move, automatic passes
    included, so no replay is needed.
    """
    first = board.root().turn
    return [COLOR_NAMES[first if i % 2 == 0 else not first]
            for i, move in enumerate(board.move_stack) if move.square is not None]


class Duel:
    def __init__(self, table: TableRecord, now: float, settings: Settings,
                 positions: Positions | None = None) -> None:
        self.table = table
        self.positions = positions
        self.now = now
        self.settings = settings
        self.events: list[EventRecord] = []
        self.effects = Effects()
        self.rematch_events: list[EventRecord] = []
        self._board: Board | None = None

    # --- reading ---------------------------------------------------------------

    @property
    def board(self) -> Board:
        if self._board is None:
            if self.positions is not None:
                self._board = self.positions.board(self.table)
            else:
                self._board = Board(self.table.root) if self.table.root else Board()
                for i in range(0, len(self.table.moves), 2):
                    self._board.push(self.table.moves[i:i + 2])
        return self._board

    @property
    def ply(self) -> int:
        return len(self.table.moves) // 2

    def seat_of(self, player_id: str | None) -> int | None:
        if player_id is None:
            return None
        if self.table.seat0 == player_id:
            return 0
        if self.table.seat1 == player_id:
            return 1
        return None

    def color_of(self, seat: int) -> str | None:
        if self.table.black_seat is None:
            return None
        return "black" if seat == self.table.black_seat else "white"

    def seat_to_move(self) -> int | None:
        if self.table.status != "playing" or self.table.black_seat is None:
            return None
        if self.board.is_game_over():
            return None
        return self.table.black_seat if self.board.turn == BLACK else 1 - self.table.black_seat

    def name(self, seat: int) -> str:
        return self.table.extra.get("names", [None, None])[seat] or "?"

    def both_moved(self) -> bool:
        """Whether each side has placed a disc (resign from then on, abort before)."""
        # the root's side always places first: someone else placed iff an odd entry did
        return any(move.square is not None for move in self.board.move_stack[1::2])

    # --- writing ---------------------------------------------------------------

    def _event(self, kind: str, payload: dict[str, Any], audience: int | None = None) -> None:
        self.table.version += 1
        self.table.updated_at = self.now
        self.events.append(EventRecord(self.table.version, kind, payload, audience, self.now))

    def _seated(self, seat: int | None) -> int:
        if seat is None:
            raise DuelError("not_seated", "Du sitzt nicht an diesem Tisch.")
        return seat

    def _playing(self) -> None:
        if self.table.status == "waiting":
            raise DuelError("not_started", "Die Partie hat noch nicht begonnen.")
        if self.table.status != "playing":
            raise DuelError("game_over", "Die Partie ist vorbei.")

    def _start_turn(self) -> None:
        first = not self.both_moved() and self.ply < 2
        budget = float(self.table.rules["move_time"])
        if first:
            budget = max(budget, self.settings.first_move_time)
        self.table.turn_started_at = self.now
        self.table.turn_deadline = self.now + budget

    def open(self) -> None:
        self._event("opened", {"seat": 0, "name": self.name(0)})

    def join(self, player_id: str, name: str) -> int:
        seat = self.seat_of(player_id)
        if seat is not None:
            return seat
        if self.table.status != "waiting" or self.table.seat1 is not None:
            raise DuelError("table_full", "An diesem Tisch sind beide Plätze besetzt.")
        self.table.seat1 = player_id
        self.table.extra["names"] = [self.name(0), name]
        self._event("joined", {"seat": 1, "name": name})
        self.start(secrets.randbelow(2))
        return 1

    def start(self, black_seat: int, drawn: bool = True) -> None:
        """Both seats are taken: ``black_seat`` begins, drawn by lot or (a rematch) not."""
        self.table.black_seat = black_seat
        self.table.status = "playing"
        self._board = None
        self._start_turn()
        black = self.name(black_seat)
        text = (f"Das Los hat entschieden: {black} spielt Ebenholz und beginnt." if drawn
                else f"Revanche mit getauschten Farben: {black} spielt Ebenholz und beginnt.")
        self._event("started", {"black_seat": black_seat, "drawn": drawn, "text": text})

    def set_rules(self, seat: int | None, move_time: int | None, hints: bool | None,
                  counting: str | None) -> None:
        if self._seated(seat) != 0:
            raise DuelError("not_opener", "Nur wer den Tisch eröffnet hat, stellt die Regeln ein.")
        if self.table.status != "waiting":
            raise DuelError("already_started", "Die Regeln stehen fest, die Partie läuft schon.")
        rules = dict(self.table.rules)
        if move_time is not None:
            if move_time not in self.settings.move_times:
                choices = ", ".join(str(t) for t in self.settings.move_times)
                raise DuelError("bad_rules", f"Die Zugzeit ist eine von: {choices} Sekunden.")
            rules["move_time"] = move_time
        if hints is not None:
            rules["hints"] = hints
        if counting is not None:
            if counting not in ("nobody", "winner"):
                raise DuelError("bad_rules", "Die Zählweise ist 'nobody' oder 'winner'.")
            rules["counting"] = counting
        if rules != self.table.rules:
            self.table.rules = rules
            self._event("rules", {"rules": rules})

    def check_time(self) -> bool:
        """Ends the game if the side to move ran out of time (plus grace)."""
        t = self.table
        if t.status != "playing" or t.turn_deadline is None:
            return False
        if self.now <= t.turn_deadline + self.settings.grace:
            return False
        seat = self.seat_to_move()
        if seat is None:
            return False
        if not self.both_moved():
            self._end("aborted", "no_first_move", None)
        else:
            self._end("finished", "timeout", 1 - seat)
        return True

    def move(self, seat: int | None, square: str, cid: str, ply: int) -> dict[str, Any]:
        seat = self._seated(seat)
        cids = self.table.extra.get("cids", [])
        if cid in cids:
            raise DuelError("duplicate", "Dieser Zug wurde schon gespielt.")
        self._playing()
        if self.seat_to_move() != seat:
            raise DuelError("not_your_turn", "Du bist nicht am Zug.")
        if ply != self.ply:
            raise DuelError("stale", "Das Brett hat sich inzwischen geändert.")
        try:
            played = self.board.push(square.strip().lower())
        except IllegalMoveError as error:
            self._board = None
            reason = error.reason.name.lower()
            raise DuelError(reason, ILLEGAL_TEXTS[reason]) from None
        except InvalidSquareError:
            raise DuelError("bad_square", "Dieses Feld gibt es nicht.") from None
        color = self.color_of(seat)
        self.table.moves += square.strip().lower()
        self.table.extra["cids"] = [*cids, cid][-16:]
        self.table.extra.pop("takeback", None)
        board = self.board
        passed = bool(board.move_stack) and board.move_stack[-1].is_pass
        self._event("move", {"seat": seat, "color": color, "square": square.strip().lower(),
                             "flips": played.flip_count, "cid": cid, "ply": self.ply,
                             "pass": COLOR_NAMES[not board.turn] if passed else None})
        if board.is_game_over():
            outcome = board.outcome(Counting(self.table.rules["counting"]))
            assert outcome is not None
            winner = outcome.winner
            winner_seat = None if winner is None else (
                self.table.black_seat if winner == BLACK else 1 - (self.table.black_seat or 0))
            self._end("finished", "game_over", winner_seat)
        else:
            self._start_turn()
        return {"ply": self.ply}

    def resign(self, seat: int | None) -> None:
        seat = self._seated(seat)
        self._playing()
        if not self.both_moved():
            raise DuelError("too_early", "Aufgeben geht erst, wenn beide gezogen haben – "
                                         "bis dahin kann die Partie abgebrochen werden.")
        self._end("finished", "resign", 1 - seat)

    def abort(self, seat: int | None) -> None:
        seat = self._seated(seat)
        if self.table.status == "waiting":
            self._end("aborted", "closed", None)
            return
        self._playing()
        if self.both_moved():
            raise DuelError("too_late", "Abbrechen geht nur, bevor beide gezogen haben – "
                                        "jetzt bleibt nur Aufgeben.")
        self._end("aborted", "aborted", None, by=seat)

    def _end(self, status: str, reason: str, winner_seat: int | None,
             by: int | None = None) -> None:
        t = self.table
        t.status = status
        t.turn_started_at = t.turn_deadline = None
        t.extra.pop("takeback", None)
        board = self.board
        end: dict[str, Any] = {"reason": reason, "winner_seat": winner_seat, "by": by}
        if status == "finished":
            outcome = board.outcome(Counting(t.rules["counting"]))
            black, white = (board.count(True), board.count(False))
            score = outcome.score() if outcome else (black, white)
            end.update(black=score[0], white=score[1])
            self.effects.result = self._result(end)
        t.extra["end"] = end
        self._event("ended", {"status": status, **end})

    def _result(self, end: dict[str, Any]) -> dict[str, Any]:
        t = self.table
        players = []
        for seat, player in ((0, t.seat0), (1, t.seat1)):
            color = self.color_of(seat)
            outcome = ("draw" if end["winner_seat"] is None
                       else "win" if end["winner_seat"] == seat else "loss")
            players.append({"player": player, "side": color, "outcome": outcome,
                            "score": end[color] if color else None})
        return {"players": players,
                "outcome": {"reason": end["reason"], "black": end["black"],
                            "white": end["white"], "counting": t.rules["counting"],
                            "moves": t.moves, "code": t.code}}

    def takeback(self, seat: int | None) -> None:
        seat = self._seated(seat)
        self._playing()
        if self.table.extra.get("takeback") is not None:
            raise DuelError("pending", "Es gibt schon eine offene Bitte um Rücknahme.")
        if takeback_blocked(self.table, self.ply) == seat:
            raise DuelError("declined", "Nach einer abgelehnten Bitte kannst du erst nach dem "
                                        "nächsten Zug wieder fragen.")
        if self.color_of(seat) not in placed_colors(self.board):
            raise DuelError("nothing_to_take_back", "Du hast noch keinen Zug gemacht.")
        self.table.extra["takeback"] = {"seat": seat, "ply": self.ply}
        self._event("takeback_asked", {"seat": seat})

    def takeback_reply(self, seat: int | None, accept: bool) -> None:
        seat = self._seated(seat)
        self._playing()
        asked = self.table.extra.get("takeback")
        if asked is None or asked["seat"] == seat:
            raise DuelError("no_request", "Es gibt keine Bitte um Rücknahme zu beantworten.")
        self.table.extra.pop("takeback")
        if not accept:
            # the asker may ask again only after the next move
            self.table.extra["takeback_declined"] = {"seat": asked["seat"], "ply": self.ply}
            self._event("takeback_declined", {"seat": seat})
            return
        self.table.extra.pop("takeback_declined", None)
        asker_color = self.color_of(asked["seat"])
        colors = placed_colors(self.board)
        last = max(i for i, color in enumerate(colors) if color == asker_color)
        self.table.moves = self.table.moves[:2 * last]
        self._board = None
        self._start_turn()
        self._event("takeback", {"seat": seat, "ply": self.ply})

    def rematch(self, seat: int | None, code: str) -> None:
        seat = self._seated(seat)
        if self.table.status not in ("finished", "aborted") or self.table.seat1 is None:
            raise DuelError("not_over", "Eine Revanche gibt es nach dem Ende der Partie.")
        if self.table.extra.get("rematch_code"):
            raise DuelError("rematch_exists", "Die Revanche hat schon begonnen.")
        offers = list(self.table.extra.get("rematch", []))
        if seat in offers:
            raise DuelError("pending", "Die Revanche ist schon angeboten.")
        offers.append(seat)
        self.table.extra["rematch"] = offers
        if len(offers) < 2:
            self._event("rematch_offered", {"seat": seat})
            return
        t = self.table
        fresh = TableRecord(
            id=None, code=code, status="waiting", version=0, rules=dict(t.rules),
            seat0=t.seat0, seat1=t.seat1, secret0=secrets.token_urlsafe(24),
            secret1=secrets.token_urlsafe(24), black_seat=None, root=None, moves="",
            turn_started_at=None, turn_deadline=None,
            extra={"names": list(t.extra["names"]), "rematch_of": t.code,
                   "levels": list(t.extra.get("levels") or [None, None])},
            created_at=self.now, updated_at=self.now)
        follow = Duel(fresh, self.now, self.settings)
        follow.open()
        follow.start(1 - (t.black_seat or 0), drawn=False)  # colours swapped
        self.effects.rematch = fresh
        self.rematch_events = follow.events
        t.extra["rematch_code"] = code
        self._event("rematch", {"code": code})

    def rematch_decline(self, seat: int | None) -> None:
        seat = self._seated(seat)
        offers = self.table.extra.get("rematch", [])
        if not offers or offers == [seat] or self.table.extra.get("rematch_code"):
            raise DuelError("no_request", "Es gibt kein Angebot zur Revanche.")
        self.table.extra["rematch"] = []
        self._event("rematch_declined", {"seat": seat})

    def chat(self, seat: int | None, text: str, secrets_: list[str]) -> None:
        seat = self._seated(seat)
        text = clean_chat(text)
        if any(s and s in text for s in secrets_):
            raise DuelError("secret", "Diese Nachricht enthält einen geheimen Link oder Code "
                                      "und wird nicht gesendet.")
        line = ChatRecord(seat=seat, text=text, at=self.now)
        self.effects.chat.append(line)
        self._event("chat", {"seat": seat, "text": text, "at": self.now})

    def mute(self, seat: int | None, muted: bool) -> None:
        seat = self._seated(seat)
        mutes = set(self.table.extra.get("muted", []))
        if (seat in mutes) == muted:
            return
        mutes.symmetric_difference_update({seat})
        self.table.extra["muted"] = sorted(mutes)
        self._event("mute", {"seat": seat, "muted": muted}, audience=seat)

    def callback(self, seat: int | None) -> None:
        seat = self._seated(seat)
        if self.table.status not in ("waiting", "playing") or (
                self.table.seat1 is None):
            raise DuelError("no_opponent", "Es gibt niemanden zum Zurückrufen.")
        last = self.table.extra.get("callback_at", [0.0, 0.0])
        if self.now - last[seat] < self.settings.callback_interval:
            raise DuelError("too_soon", "Der Rückruf ist eben erst gesendet worden.")
        last = list(last)
        last[seat] = self.now
        self.table.extra["callback_at"] = last
        other = 1 - seat
        self.effects.callback = {
            "player": self.table.seat1 if other == 1 else self.table.seat0,
            "code": self.table.code, "from": self.name(seat),
        }
        self._event("callback", {"seat": seat})

    def resumed(self, downtime: float) -> None:
        self._event("resumed", {"downtime": round(downtime, 3)})

    def rename_seat(self, seat: int, name: str) -> None:
        """The player at ``seat`` changed their nickname."""
        names = list(self.table.extra.get("names", [None, None]))
        if names[seat] == name:
            return
        before, names[seat] = names[seat], name
        self.table.extra["names"] = names
        self._event("renamed", {"seat": seat, "name": name, "before": before})

    def move_seat(self, seat: int, player_id: str, name: str) -> None:
        """Gives ``seat`` to another player (resume link); its secret is renewed."""
        if seat == 0:
            self.table.seat0, self.table.secret0 = player_id, secrets.token_urlsafe(24)
        else:
            self.table.seat1, self.table.secret1 = player_id, secrets.token_urlsafe(24)
        names = list(self.table.extra.get("names", [None, None]))
        names[seat] = name
        self.table.extra["names"] = names
        self._event("seat_moved", {"seat": seat, "name": name})


ILLEGAL_TEXTS = {
    "occupied": "Das Feld ist schon besetzt.",
    "no_flips": "Dieser Zug schließt keinen Stein ein.",
    "game_over": "Die Partie ist vorbei.",
}


def clean_chat(text: str) -> str:
    """Plain text of one line: control characters become spaces; 1–200 characters."""
    text = "".join(" " if (ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0) else ch for ch in text)
    text = " ".join(text.split())
    if not text:
        raise DuelError("empty", "Die Nachricht ist leer.")
    if len(text) > CHAT_MAX:
        raise DuelError("too_long", f"Eine Nachricht hat höchstens {CHAT_MAX} Zeichen.")
    return text


def takeback_blocked(table: TableRecord, ply: int) -> int | None:
    """The seat whose take-back was declined at this ``ply``: it asks again after a move."""
    declined = table.extra.get("takeback_declined")
    return declined["seat"] if declined and declined["ply"] == ply else None


def set_level(table: TableRecord, seat: int, level: int | None) -> None:
    """The hall's level ⭐ of the player at ``seat``, shown with the name."""
    if level is not None:
        levels = list(table.extra.get("levels") or [None, None])
        levels[seat] = level
        table.extra["levels"] = levels


def table_view(table: TableRecord, now: float, settings: Settings,
               positions: Positions | None = None) -> dict[str, Any]:
    """The public picture of a table: the same for both seats and onlookers.

    Holds no player ids and no seat secrets.
    """
    duel = Duel(table, now, settings, positions)
    names = table.extra.get("names", [None, None])
    levels = table.extra.get("levels") or [None, None]
    seats = []
    for seat, player in ((0, table.seat0), (1, table.seat1)):
        if player is None:
            seats.append({"seat": seat, "free": True, "name": None, "label": FREE_SEAT,
                          "color": None})
        else:
            seats.append({"seat": seat, "free": False, "name": names[seat],
                          "label": names[seat], "color": duel.color_of(seat),
                          "level": levels[seat]})
    game = None
    clock = None
    if table.status != "waiting":
        game = dict(positions.view(table)) if positions else game_view(duel.board)
        game["can_undo"] = game["can_redo"] = False
        if not table.rules.get("hints", True):
            game["legal"] = {}
    if table.status == "playing" and table.turn_deadline is not None:
        clock = {"seat": duel.seat_to_move(), "started_at": table.turn_started_at,
                 "deadline": table.turn_deadline, "now": now, "grace": settings.grace,
                 "remaining": remaining(table.turn_deadline, now),
                 "first_moves": not duel.both_moved()}
    extra = table.extra
    return {
        "code": table.code, "status": table.status, "version": table.version,
        "rules": table.rules, "seats": seats, "game": game, "clock": clock,
        # the opener's choices while the rules can change
        "move_times": list(settings.move_times) if table.status == "waiting" else None,
        "end": extra.get("end"),
        "offers": {"takeback": (extra.get("takeback") or {}).get("seat"),
                   "takeback_blocked": takeback_blocked(table, duel.ply)
                   if table.status == "playing" else None,
                   "rematch": extra.get("rematch", [])},
        "rematch": extra.get("rematch_code"), "rematch_of": extra.get("rematch_of"),
        "link": f"/tisch/{table.code}",
    }
