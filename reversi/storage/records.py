"""The records a store reads and writes: plain dataclasses, no database types."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import orjson


class Conflict(Exception):
    """The row changed since it was loaded; nothing was written."""


@dataclass
class TableRecord:
    id: int | None
    code: str
    status: str
    version: int
    rules: dict[str, Any]
    seat0: str | None
    seat1: str | None
    secret0: str
    secret1: str
    black_seat: int | None
    root: str | None
    moves: str
    turn_started_at: float | None
    turn_deadline: float | None
    extra: dict[str, Any]
    created_at: float
    updated_at: float

    def copy(self) -> TableRecord:
        twin = object.__new__(TableRecord)
        twin.__dict__.update(self.__dict__)
        twin.rules, twin.extra = _json_copy(self.rules), _json_copy(self.extra)
        return twin

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in TABLE_FIELDS if name != "id"}


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON data (as stored: tuples come back as lists)."""
    return orjson.loads(orjson.dumps(value))


@dataclass(frozen=True)
class EventRecord:
    version: int
    kind: str
    payload: dict[str, Any]
    audience: int | None = None
    at: float = 0.0

    def values(self, table_id: int) -> dict[str, Any]:
        """The columns of its row in ``table_events``."""
        return {
            "table_id": table_id,
            "version": self.version,
            "kind": self.kind,
            "payload": self.payload,
            "audience": self.audience,
            "at": self.at,
        }


@dataclass(frozen=True)
class PlayerRecord:
    id: str
    nickname: str
    generation: int
    created_at: float


@dataclass
class ChatRecord:
    seat: int
    text: str
    at: float
    id: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


TABLE_FIELDS = [f.name for f in dataclasses.fields(TableRecord)]
