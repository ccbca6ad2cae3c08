"""The chat's rules: what one line may hold (reversi.hall.text_rules says how text is
cleaned; here its refusals become the duel's errors)."""

from __future__ import annotations

from reversi.duel.table import DuelError
from reversi.hall.text_rules import TextRejected, chat_line

CHAT_MAX = 200


def clean_chat(text: str) -> str:
    """Plain text of one line: control characters become spaces, bidi controls and
    zero-width characters go, combining marks are capped; 1–200 characters."""
    try:
        return chat_line(text, CHAT_MAX)
    except TextRejected as why:
        if why.reason == "bad_text":
            raise DuelError("bad_message", key="server.bad_text") from None
        raise DuelError(why.reason, **why.params) from None
