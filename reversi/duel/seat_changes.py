"""What the seats change at a table besides the game: chat lines, muting, a call back,
a nickname, a seat's secret and the seat itself. :class:`~reversi.duel.duel.Duel`
adds the game's own intents."""

from __future__ import annotations

import secrets

from reversi.duel.changing_game import ChangingGame
from reversi.duel.chat import clean_chat
from reversi.duel.table import OPEN, RENAME_QUIET, DuelError
from reversi.storage.records import ChatRecord


class SeatChanges(ChangingGame):
    """The changes of a table's seats; each records its event (``ChangingGame``)."""

    def chat(self, seat: int | None, text: str, secrets_: list[str]) -> None:
        seat = self._seated(seat)
        text = clean_chat(text)
        if any(s and s in text for s in secrets_):
            raise DuelError("secret")
        line = ChatRecord(seat=seat, text=text, at=self.now)
        self.effects.chat.append(line)
        self._event("chat", {"seat": seat, "text": text, "at": self.now})

    def mute(self, seat: int | None, muted: bool) -> None:
        seat = self._seated(seat)
        mutes = set(self.extra.get("muted", []))
        if (seat in mutes) == muted:
            return
        mutes.symmetric_difference_update({seat})
        self.extra["muted"] = sorted(mutes)
        self._event("mute", {"seat": seat, "muted": muted}, audience=seat)

    def callback(self, seat: int | None) -> None:
        seat = self._seated(seat)
        if self.table.status not in OPEN or (self.table.seat1 is None):
            raise DuelError("no_opponent")
        last = self.extra.get("callback_at", [0.0, 0.0])
        if self.now - last[seat] < self.rules.callback_interval:
            raise DuelError("too_soon")
        last = list(last)
        last[seat] = self.now
        self.extra["callback_at"] = last
        other = 1 - seat
        if other not in self.extra.get("muted", []):  # a muter hears no "Rückruf"
            self.effects.callback = {
                "player": self.table.seat1 if other == 1 else self.table.seat0,
                "code": self.table.code,
                "from": self.name(seat),
            }
        self._event("callback", {"seat": seat})

    def rename_seat(self, seat: int, name: str) -> None:
        """The player at ``seat`` changed their nickname; within :data:`RENAME_QUIET`
        seconds of the last notice without one of its own (``notice: false``)."""
        names = list(self.extra.get("names", [None, None]))
        if names[seat] == name:
            return
        before, names[seat] = names[seat], name
        self.extra["names"] = names
        announced = list(self.extra.get("renamed_at", [-RENAME_QUIET, -RENAME_QUIET]))
        if notice := self.now - announced[seat] >= RENAME_QUIET:
            announced[seat] = self.now
            self.extra["renamed_at"] = announced
        self._event("renamed", {"seat": seat, "name": name, "before": before, "notice": notice})

    def renew_secret(self, seat: int) -> None:
        """A new secret for ``seat`` (its link was used); told to that seat only."""
        if seat == 0:
            self.table.secret0 = secrets.token_urlsafe(24)
        else:
            self.table.secret1 = secrets.token_urlsafe(24)
        self._event("secret_renewed", {"seat": seat}, audience=seat)

    def move_seat(self, seat: int, player_id: str, name: str) -> None:
        """Gives ``seat`` to another player (resume link); its secret is renewed."""
        if seat == 0:
            self.table.seat0, self.table.secret0 = player_id, secrets.token_urlsafe(24)
        else:
            self.table.seat1, self.table.secret1 = player_id, secrets.token_urlsafe(24)
        names = list(self.extra.get("names", [None, None]))
        names[seat] = name
        self.extra["names"] = names
        self._event("seat_moved", {"seat": seat, "name": name})
