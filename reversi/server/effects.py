"""What a change of a duel asks of the service besides saving the row and its events:
chat lines to store, a result for the hall, a rematch table, a call back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reversi.storage import ChatRecord, TableRecord


@dataclass
class Effects:
    """What the service must do besides saving the row and its events."""

    chat: list[ChatRecord] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rematch: TableRecord | None = None
    callback: dict[str, Any] | None = None
