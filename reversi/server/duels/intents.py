"""Which :class:`~reversi.duel.duel.Duel` method each protocol message calls: one
handler per message type, picked from a dict."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversi.duel.duel import Duel
from reversi.duel.table import new_code
from reversi.server.ws import client_messages as p


def _rules(duel: Duel, seat: int | None, m: Any, _: list[str]) -> Any:
    return duel.set_rules(
        seat, m.move_time, m.hints, m.counting, m.onlooker_chat, m.clock, m.xot, m.rated
    )


def _rematch(duel: Duel, seat: int | None, m: Any, _: list[str]) -> Any:
    return duel.rematch(seat, new_code())


HANDLERS: dict[type[p.Message], Callable[[Duel, int | None, Any, list[str]], Any]] = {
    p.Move: lambda duel, seat, m, _: duel.move(seat, m.square, m.cid, m.ply),
    p.Rules: _rules,
    p.Resign: lambda duel, seat, m, _: duel.resign(seat),
    p.Abort: lambda duel, seat, m, _: duel.abort(seat),
    p.Takeback: lambda duel, seat, m, _: duel.takeback(seat),
    p.TakebackReply: lambda duel, seat, m, _: duel.takeback_reply(seat, m.accept),
    p.Rematch: _rematch,
    p.RematchDecline: lambda duel, seat, m, _: duel.rematch_decline(seat),
    p.Callback: lambda duel, seat, m, _: duel.callback(seat),
    p.Chat: lambda duel, seat, m, secrets_: duel.chat(seat, m.text, secrets_),
    p.Mute: lambda duel, seat, m, _: duel.mute(seat, m.muted),
}
