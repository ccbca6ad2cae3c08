"""Who sees what of a table: the players' chat for onlookers only while a table that
allows it runs; a muted opponent's lines, renames and calls hidden from the one who
muted them; an event for one seat for that seat only; a private table's rematch code
for its players only. The views (a client's state) and the sockets (each live batch of
events) apply the same rules."""

from __future__ import annotations

from typing import Any

from reversi.duel.table import OVER

#: what a muted opponent does that the one who muted them does not see
MUTED_KINDS = ("chat", "renamed", "callback")


def onlookers_read_chat(status: str | None, rules: dict[str, Any]) -> bool:
    """Onlookers read the players' chat while the game goes on, if the table allows it."""
    return status not in OVER and bool(rules.get("onlooker_chat"))


def rematch_hidden(seat: int | None, view: dict[str, Any]) -> bool:
    """A private table's rematch is a live private table: its code is for the players."""
    return seat is None and bool(view.get("private")) and bool(view.get("rematch"))


def seen_by(message: dict[str, Any], seat: int | None, muted: bool) -> tuple[dict[str, Any], bool]:
    """An ``events`` message (messages.Events, as the broker brings it) as the client at
    ``seat`` (None: an onlooker) sees it, and whether that client mutes the opponent
    after it (``muted``: before it). The message itself when nothing is hidden."""
    table = message.get("table", {})
    reads_chat = onlookers_read_chat(table.get("status"), table.get("rules", {}))
    events = []
    for event in message["events"]:
        to = event.get("to")
        if to is not None and to != seat:
            continue
        if event["kind"] == "mute" and to == seat:
            muted = bool(event["data"]["muted"])
        if event["kind"] in MUTED_KINDS and muted and event["data"]["seat"] != seat:
            continue
        if event["kind"] == "chat" and seat is None and not reads_chat:
            continue
        events.append(event)
    if rematch_hidden(seat, table):
        events = [
            {**e, "data": {**e["data"], "code": None}} if e["kind"] == "rematch" else e
            for e in events
        ]
        return {**message, "events": events, "table": {**table, "rematch": None}}, muted
    if len(events) == len(message["events"]):
        return message, muted
    return {**message, "events": events}, muted
