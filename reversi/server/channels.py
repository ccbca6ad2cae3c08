"""The broker's channels of the duel server and what goes through them: a table's
events (to its sockets in every process) and a player's notices (callbacks, transfers)."""

from __future__ import annotations

from typing import Any

from reversi.storage import EventRecord


def table_channel(code: str) -> str:
    return f"table:{code}"


def player_channel(player_id: str) -> str:
    return f"player:{player_id}"


def event_json(event: EventRecord) -> dict[str, Any]:
    data = {"version": event.version, "kind": event.kind, "data": event.payload}
    if event.audience is not None:
        data["to"] = event.audience
    return data
