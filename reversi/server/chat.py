"""The chat's rules: what one line may hold."""

from __future__ import annotations

from reversi.server.table import DuelError

CHAT_MAX = 200


def clean_chat(text: str) -> str:
    """Plain text of one line: control characters become spaces; 1–200 characters."""
    text = "".join(" " if (ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0) else ch for ch in text)
    text = " ".join(text.split())
    if not text:
        raise DuelError("empty")
    if len(text) > CHAT_MAX:
        raise DuelError("too_long", max=CHAT_MAX)
    return text
