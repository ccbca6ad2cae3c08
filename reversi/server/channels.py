"""The broker's channels of the duel server and what goes through them: a table's
events (to its sockets in every process) and a player's notices (callbacks, transfers)."""

from __future__ import annotations


def table_channel(code: str) -> str:
    return f"table:{code}"


def player_channel(player_id: str) -> str:
    return f"player:{player_id}"
