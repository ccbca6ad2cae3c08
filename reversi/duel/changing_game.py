"""A table's game as it changes at one moment: every change bumps the row's version and
records its event, and a turn's time is started and charged here — the deadline of the
side to move (a move's time, the first move's own time, a Fernpartie's days, or what a
total clock has left) and, under a total clock, the time a turn took off it.
:class:`~reversi.duel.duel.Duel` adds the players' intents.
"""

from __future__ import annotations

from typing import Any

from reversi.duel.effects import Effects
from reversi.duel.game import TableGame, first_turn
from reversi.duel.position_cache import Positions
from reversi.duel.rules import DuelRules, correspondence, total_clock
from reversi.duel.table import DuelError, Status
from reversi.storage.records import EventRecord, TableRecord


class ChangingGame(TableGame):
    """The game on ``table`` as it changes ``now``: each change bumps the row's version
    and records its event; :attr:`effects` holds what the service saves besides."""

    def __init__(
        self, table: TableRecord, now: float, rules: DuelRules, positions: Positions | None = None
    ) -> None:
        super().__init__(table, positions)
        self.now = now
        self.rules = rules
        self.events: list[EventRecord] = []
        self.effects = Effects()
        self.rematch_events: list[EventRecord] = []

    def _event(self, kind: str, payload: dict[str, Any], audience: int | None = None) -> None:
        self.table.version += 1
        self.table.updated_at = self.now
        self.events.append(EventRecord(self.table.version, kind, payload, audience, self.now))

    def _seated(self, seat: int | None) -> int:
        if seat is None:
            raise DuelError("not_seated")
        return seat

    def _playing(self) -> None:
        if self.table.status == Status.WAITING:
            raise DuelError("not_started")
        if self.table.status != Status.PLAYING:
            raise DuelError("game_over", key="status.over")

    def _no_tournament(self, offer: str) -> None:
        """A tournament's game is played out as paired: no take-back, no rematch."""
        if self.extra.get("tournament"):
            raise DuelError("tournament_game", key=f"server.tournament_game.{offer}")

    def _first_turn(self) -> bool:
        """Whether the side to move has yet to place its first disc (its own time)."""
        return first_turn(self)

    def _start_turn(self) -> None:
        first = self._first_turn()
        total = total_clock(self.table.rules)
        per_move = correspondence(self.table.rules)
        if per_move is not None:  # a Fernpartie: its days, the first move's too
            budget = per_move
        elif total is None:
            budget = float(self.table.rules["move_time"])
            if first:
                budget = max(budget, self.rules.first_move_time)
        elif first:  # the first moves do not touch the total clock
            budget = self.rules.first_move_time
        else:
            budget = self.extra["left"][self.seat_to_move() or 0]
        self.table.turn_started_at = self.now
        self.table.turn_deadline = self.now + budget

    def _charge(self, seat: int, increment: bool, first: bool | None = None) -> None:
        """Under a total clock: the running turn's time off ``seat``'s clock (never
        below 0), and the increment on top after a move (``increment``); ``first``: the
        turn was the seat's first move (default: the position says), which costs nothing."""
        total = total_clock(self.table.rules)
        started = self.table.turn_started_at
        if first is None:
            first = self._first_turn()
        if total is None or started is None or first:
            return
        left = list(self.extra["left"])
        left[seat] = round(max(0.0, left[seat] - (self.now - started)), 3)
        if increment:
            left[seat] += total[1]
        self.extra["left"] = left
