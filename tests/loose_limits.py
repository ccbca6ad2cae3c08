"""Rate limits loose enough for scripted players, for the in-process apps of the server
tests (``Settings`` fields) and the browser tests' server (its environment). A test of
a limit sets that one itself."""

from __future__ import annotations

from typing import Any

#: the limits counted per minute that ``Settings.from_env`` reads (``REVERSI_<NAME>``)
PER_MINUTE = (
    "create_limit",
    "join_limit",
    "view_limit",
    "guess_limit",
    "new_player_limit",
    "rename_limit",
    "sit_limit",
    "pair_limit",
    "results_player_limit",
    "results_address_limit",
)
#: the caps per address and per player, 0 (none): a whole test session is one address
NO_CAPS = ("connections_per_address", "sockets_per_address", "sockets_per_player")


def loose_settings(count: int = 1000) -> dict[str, Any]:
    """``Settings`` fields: every limit per person at ``count`` a minute (socket messages:
    a second)."""
    return {"message_limit": f"{count}/second", "chat_limit": f"{count}/minute"} | {
        name: f"{count}/minute" for name in PER_MINUTE
    }


def loose_env(count: int = 10_000) -> dict[str, str]:
    """A server process's environment: the limits of ``PER_MINUTE`` at ``count`` a
    minute, and no caps."""
    values = {name: f"{count}/minute" for name in PER_MINUTE} | dict.fromkeys(NO_CAPS, "0")
    return {f"REVERSI_{name.upper()}": value for name, value in values.items()}
