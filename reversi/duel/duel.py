"""A duel as a state machine: open → waiting → playing → finished | aborted.

:class:`Duel` wraps one stored table row; each method checks a player's intent,
changes the row and records the events that describe the change. It raises
:class:`DuelError` (and changes nothing) when the intent is not allowed. The
service (``reversi.server.duels.duel_service``) loads, saves and announces; nothing here does I/O.
"""

from __future__ import annotations

import secrets
from typing import Any

from reversi.duel.effects import Effects, hall_result
from reversi.duel.flag import cannot_win
from reversi.duel.game import placed_colors
from reversi.duel.rules import PER_MOVE, correspondence, total_clock
from reversi.duel.seat_changes import SeatChanges
from reversi.duel.table import (
    OVER,
    DuelError,
    End,
    Status,
    extra,
    record_clock,
    rematch_table,
    takeback_blocked,
)
from reversi.duel.xot_rule import xot_root
from reversi.engine import BLACK, Counting, IllegalMoveError, InvalidSquareError
from reversi.engine.color import COLOR_NAMES
from reversi.texts import text

__all__ = ["Duel", "DuelError", "Effects"]


class Duel(SeatChanges):
    """A duel's intents on the game at its table: each checks the player's intent,
    changes the row and records its events, or raises :class:`DuelError`."""

    def open(self) -> None:
        self._event("opened", {"seat": 0, "name": self.name(0)})

    def join(self, player_id: str, name: str, black_seat: int | None = None) -> int:
        """Takes the free seat and starts the game: black drawn by lot, or ``black_seat``
        (a tournament's pairing gives the colours)."""
        seat = self.seat_of(player_id)
        if seat is not None:
            return seat
        if self.table.status == Status.PLAYING:  # someone was quicker: a sit race
            raise DuelError("table_full", key="server.table_full.taken")
        if self.table.status != Status.WAITING or self.table.seat1 is not None:
            raise DuelError("table_full")
        self.table.seat1 = player_id
        self.extra["names"] = [self.name(0), name]
        self._event("joined", {"seat": 1, "name": name})
        if black_seat is None:
            self.start(secrets.randbelow(2))
        else:
            self.start(black_seat, drawn=False, paired=True)
        return 1

    def start(self, black_seat: int, drawn: bool = True, paired: bool = False) -> None:
        """Both seats are taken: ``black_seat`` begins, drawn by lot or not (a rematch,
        or ``paired`` by a tournament)."""
        self.table.black_seat = black_seat
        self.table.status = Status.PLAYING
        self.table.root = xot_root(self.table.rules, self.rules.xot_starts)
        self.extra["started_at"] = self.now
        total = total_clock(self.table.rules)
        if total is not None:
            self.extra["left"] = [total[0], total[0]]
        self._board = None
        self._start_turn()
        black = self.name(black_seat)
        self._event(
            "started",
            {
                "black_seat": black_seat,
                "drawn": drawn,
                "text": text(
                    "duel.started." + ("drawn" if drawn else "paired" if paired else "swapped"),
                    name=black,
                ),
            },
        )

    def set_rules(
        self,
        seat: int | None,
        move_time: int | None,
        hints: bool | None,
        counting: str | None,
        onlooker_chat: bool | None = None,
        clock: str | None = None,
        xot: bool | None = None,
        rated: bool | None = None,
    ) -> None:
        if self._seated(seat) != 0:
            raise DuelError("not_opener")
        if self.table.status != Status.WAITING:
            raise DuelError("already_started")
        rules = dict(self.table.rules)
        if move_time is not None:
            if move_time not in self.rules.move_times:
                choices = ", ".join(str(t) for t in self.rules.move_times)
                raise DuelError("bad_rules", key="server.bad_rules.move_time", choices=choices)
            rules["move_time"] = move_time
        if hints is not None:
            rules["hints"] = hints
        if counting is not None:
            if counting not in ("nobody", "winner"):
                raise DuelError("bad_rules", key="server.bad_rules.counting")
            rules["counting"] = counting
        if onlooker_chat is not None:  # onlookers read the players' chat
            rules["onlooker_chat"] = onlooker_chat
        if clock is not None:
            rules["clock"] = self.checked_clock(clock)
        if xot is not None:  # the start is chosen when the game begins
            rules["xot"] = xot
        if rated is not None:  # "gewertet": the game moves the Wertungszahl
            rules["rated"] = rated
        if rules != self.table.rules:
            self.table.rules = rules
            self._event("rules", {"rules": rules})

    def checked_clock(self, clock: str) -> str:
        """``clock`` if it is one the opener may choose (:class:`DuelError` if not)."""
        if clock != PER_MOVE and clock not in self.rules.clocks:
            choices = ", ".join((PER_MOVE, *self.rules.clocks))
            raise DuelError("bad_rules", key="server.bad_rules.clock", choices=choices)
        return clock

    def check_time(self) -> bool:
        """Ends the game if the side to move ran out of time (plus grace)."""
        t = self.table
        if t.status != Status.PLAYING or t.turn_deadline is None:
            return False
        if self.now <= t.turn_deadline + self.rules.grace:
            return False
        seat = self.seat_to_move()
        if seat is None:
            return False
        if not self.both_moved():
            self._end(Status.ABORTED, "no_first_move", None)
        elif total_clock(t.rules) is not None and cannot_win(
            self.board, self.color_of(seat) == "black"
        ):
            self._charge(seat, increment=False)
            self._end(Status.FINISHED, "timeout", None, by=seat)
        else:
            self._charge(seat, increment=False)
            self._end(Status.FINISHED, "timeout", 1 - seat)
        return True

    def move(self, seat: int | None, square: str, cid: str, ply: int) -> dict[str, Any]:
        seat = self._seated(seat)
        cids = self.extra.get("cids", [])
        if cid in cids:
            raise DuelError("duplicate")
        self._playing()
        if self.seat_to_move() != seat:
            raise DuelError("not_your_turn")
        if ply != self.ply:
            raise DuelError("stale")
        first = self._first_turn()
        try:
            played = self.board.push(square.strip().lower())
        except IllegalMoveError as error:
            self._board = None
            reason = error.reason.name.lower()
            raise DuelError(reason, key=f"reason.{reason}", square=square.strip().lower()) from None
        except InvalidSquareError:
            raise DuelError("bad_square") from None
        self._charge(seat, increment=True, first=first)
        color = self.color_of(seat)
        record_clock(self.table, self.now)
        self.table.moves += square.strip().lower()
        self.extra["cids"] = [*cids, cid][-16:]
        self.extra.pop("takeback", None)
        board = self.board
        passed = bool(board.move_stack) and board.move_stack[-1].is_pass
        self._event(
            "move",
            {
                "seat": seat,
                "color": color,
                "square": square.strip().lower(),
                "flips": played.flip_count,
                "cid": cid,
                "ply": self.ply,
                "pass": COLOR_NAMES[not board.turn] if passed else None,
            },
        )
        if board.is_game_over():
            outcome = board.outcome(Counting(self.table.rules["counting"]))
            assert outcome is not None
            winner = outcome.winner
            winner_seat = (
                None
                if winner is None
                else (
                    self.table.black_seat if winner == BLACK else 1 - (self.table.black_seat or 0)
                )
            )
            self._end(Status.FINISHED, "game_over", winner_seat)
        else:
            self._start_turn()
        return {"ply": self.ply}

    def resign(self, seat: int | None) -> None:
        seat = self._seated(seat)
        self._playing()
        if not self.both_moved():
            raise DuelError("too_early")
        self._end(Status.FINISHED, "resign", 1 - seat)

    def abort(self, seat: int | None) -> None:
        seat = self._seated(seat)
        if self.table.status == Status.WAITING:
            self._end(Status.ABORTED, "closed", None)
            return
        self._playing()
        if self.both_moved():
            raise DuelError("too_late")
        self._end(Status.ABORTED, "aborted", None, by=seat)

    def close_abandoned(self) -> None:
        """A waiting table whose opener left the hall closes by itself (a Fernpartie's
        waits: its opener comes back another day)."""
        if self.table.status == Status.WAITING and correspondence(self.table.rules) is None:
            self._end(Status.ABORTED, "closed", None)

    def _end(
        self, status: Status, reason: str, winner_seat: int | None, by: int | None = None
    ) -> None:
        t = self.table
        t.status = status
        t.turn_started_at = t.turn_deadline = None
        extra(t).pop("takeback", None)
        board = self.board
        end: End = {"reason": reason, "winner_seat": winner_seat, "by": by}
        if status == Status.FINISHED:
            outcome = board.outcome(Counting(t.rules["counting"]))
            black, white = (board.count(True), board.count(False))
            score = outcome.score() if outcome else (black, white)
            end["black"], end["white"] = score
        self._event("ended", {"status": status, **end})
        if status == Status.FINISHED:
            end["booking"] = self.now
        extra(t)["end"] = end

    def book(self) -> bool:
        """The hall's part of a finished game, after its end was saved and announced:
        its result (points, rating, archive record; ``effects.result``) and the event
        that tells the seats. False when there is nothing (left) to record."""
        t = self.table
        end = extra(t).get("end")
        if t.status != Status.FINISHED or not end or "booking" not in end:
            return False
        ended_at = end.pop("booking")
        colors = [self.color_of(0), self.color_of(1)]
        self.effects.result = hall_result(t, end, colors, placed_colors(self.board), ended_at)
        self._event("booked", {})
        return True

    def takeback(self, seat: int | None) -> None:
        seat = self._seated(seat)
        self._playing()
        self._no_tournament("takeback")
        if self.extra.get("takeback") is not None:
            raise DuelError("pending", key="server.pending.takeback")
        if takeback_blocked(self.table, self.ply) == seat:
            raise DuelError("declined", key="takeback.blocked")
        if self.color_of(seat) not in placed_colors(self.board):
            raise DuelError("nothing_to_take_back")
        self.extra["takeback"] = {"seat": seat, "ply": self.ply}
        self._event("takeback_asked", {"seat": seat})

    def takeback_reply(self, seat: int | None, accept: bool) -> None:
        seat = self._seated(seat)
        self._playing()
        asked = self.extra.get("takeback")
        if asked is None or asked["seat"] == seat:
            raise DuelError("no_request", key="server.no_request.takeback")
        self.extra.pop("takeback")
        if not accept:
            # the asker may ask again only after the next move
            self.extra["takeback_declined"] = {"seat": asked["seat"], "ply": self.ply}
            self._event("takeback_declined", {"seat": seat})
            return
        self.extra.pop("takeback_declined", None)
        mover = self.seat_to_move()
        if mover is not None:
            self._charge(mover, increment=False)
        asker_color = self.color_of(asked["seat"])
        colors = placed_colors(self.board)
        last = max(i for i, color in enumerate(colors) if color == asker_color)
        self.table.moves = self.table.moves[: 2 * last]
        self._board = None
        self._start_turn()
        self._event("takeback", {"seat": seat, "ply": self.ply})

    def rematch(self, seat: int | None, code: str) -> None:
        seat = self._seated(seat)
        self._no_tournament("rematch")
        if self.table.status not in OVER or self.table.seat1 is None:
            raise DuelError("not_over")
        if self.extra.get("rematch_code"):
            raise DuelError("rematch_exists")
        offers = list(self.extra.get("rematch", []))
        if seat in offers:
            raise DuelError("pending", key="server.pending.rematch")
        offers.append(seat)
        self.extra["rematch"] = offers
        if len(offers) < 2:
            self._event("rematch_offered", {"seat": seat})
            return
        t = self.table
        fresh = rematch_table(t, code, self.now)
        follow = Duel(fresh, self.now, self.rules)
        follow.open()
        follow.start(1 - (t.black_seat or 0), drawn=False)  # colours swapped
        self.effects.rematch = fresh
        self.rematch_events = follow.events
        extra(t)["rematch_code"] = code
        self._event("rematch", {"code": code})

    def rematch_decline(self, seat: int | None) -> None:
        seat = self._seated(seat)
        offers = self.extra.get("rematch", [])
        if not offers or offers == [seat] or self.extra.get("rematch_code"):
            raise DuelError("no_request", key="server.no_request.rematch")
        self.extra["rematch"] = []
        self._event("rematch_declined", {"seat": seat})

    def resumed(self, downtime: float) -> None:
        self._event("resumed", {"downtime": round(downtime, 3)})
