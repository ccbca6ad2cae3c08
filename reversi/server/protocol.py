"""The duel protocol's messages from the client: typed, validated, picked by ``type``.

Every message is a JSON object with a ``type`` and, optionally, an ``id`` that the
server echoes in its ``ack`` or ``error``. See docs/protocol.md, section "Duels".

>>> parse('{"type": "move", "code": "ACD3FH", "square": "d3", "cid": "c1", "ply": 0}')
(None, Move(code='ACD3FH', square='d3', cid='c1', ply=0))
>>> parse('{"type": "fly"}')
Traceback (most recent call last):
...
reversi.server.protocol.ProtocolError: unknown message type 'fly'
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar, get_type_hints

import orjson


class ProtocolError(ValueError):
    """A message the server cannot read; ``code`` names the problem for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Message:
    type: ClassVar[str] = ""


@dataclass(frozen=True)
class TableMessage(Message):
    """A message about one table."""

    code: str


@dataclass(frozen=True)
class Watch(TableMessage):
    """Follow a table; ``version`` is the last one the client has seen (None: none)."""

    type: ClassVar[str] = "watch"
    version: int | None = None


@dataclass(frozen=True)
class Unwatch(TableMessage):
    type: ClassVar[str] = "unwatch"


@dataclass(frozen=True)
class Move(TableMessage):
    """Place a disc; ``ply`` is the number of discs placed in the position the client saw."""

    type: ClassVar[str] = "move"
    square: str
    cid: str
    ply: int


@dataclass(frozen=True)
class Rules(TableMessage):
    type: ClassVar[str] = "rules"
    move_time: int | None = None
    hints: bool | None = None
    counting: str | None = None


@dataclass(frozen=True)
class Resign(TableMessage):
    type: ClassVar[str] = "resign"


@dataclass(frozen=True)
class Abort(TableMessage):
    type: ClassVar[str] = "abort"


@dataclass(frozen=True)
class Takeback(TableMessage):
    """Ask the opponent to take back the asker's last move."""

    type: ClassVar[str] = "takeback"


@dataclass(frozen=True)
class TakebackReply(TableMessage):
    type: ClassVar[str] = "takeback_reply"
    accept: bool


@dataclass(frozen=True)
class Rematch(TableMessage):
    """Offer a rematch, or accept the opponent's offer."""

    type: ClassVar[str] = "rematch"


@dataclass(frozen=True)
class RematchDecline(TableMessage):
    type: ClassVar[str] = "rematch_decline"


@dataclass(frozen=True)
class Callback(TableMessage):
    """"Rückruf": call the absent opponent back to the table."""

    type: ClassVar[str] = "callback"


@dataclass(frozen=True)
class Chat(TableMessage):
    type: ClassVar[str] = "chat"
    text: str


@dataclass(frozen=True)
class Mute(TableMessage):
    type: ClassVar[str] = "mute"
    muted: bool


@dataclass(frozen=True)
class Ping(Message):
    type: ClassVar[str] = "ping"


MESSAGES: dict[str, type[Message]] = {
    cls.type: cls
    for cls in (Watch, Unwatch, Move, Rules, Resign, Abort, Takeback, TakebackReply,
                Rematch, RematchDecline, Callback, Chat, Mute, Ping)
}

_STRING_CAP = 1000


def _check(name: str, value: Any, hint: Any) -> Any:
    allowed = getattr(hint, "__args__", (hint,))
    if value is None and type(None) in allowed:
        return None
    for kind in allowed:
        if kind is bool and isinstance(value, bool):
            return value
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            if not -(2**31) <= value < 2**31:
                raise ProtocolError("bad_message", f"field {name!r} is out of range")
            return value
        if kind is str and isinstance(value, str):
            if len(value) > _STRING_CAP:
                raise ProtocolError("bad_message", f"field {name!r} is too long")
            return value
    names = "/".join("null" if k is type(None) else k.__name__ for k in allowed)
    raise ProtocolError("bad_message", f"field {name!r} must be {names}")


def parse_data(data: Any) -> tuple[str | int | None, Message]:
    """A message from decoded JSON, and its request id."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a 'type'")
    cls = MESSAGES.get(kind)
    if cls is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    request_id = data.get("id")
    if request_id is not None and (
            isinstance(request_id, bool) or not isinstance(request_id, str | int)
            or (isinstance(request_id, str) and len(request_id) > 64)):
        raise ProtocolError("bad_message", "'id' must be a short string or a number")
    hints, fields = _shape(cls)
    unknown = set(data) - set(fields) - {"type", "id"}
    if unknown:
        raise ProtocolError("bad_message", f"unknown field {sorted(unknown)[0][:40]!r}")
    values = {}
    for name, spec in fields.items():
        if name in data:
            values[name] = _check(name, data[name], hints[name])
        elif spec.default is dataclasses.MISSING:
            raise ProtocolError("bad_message", f"field {name!r} is missing")
    return request_id, cls(**values)


_Shape = tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]
_SHAPES: dict[type[Message], _Shape] = {}


def _shape(cls: type[Message]) -> _Shape:
    """A message class's field types and fields (resolving the types compiles code)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = (get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)})
    return shape


def parse(text: str) -> tuple[str | int | None, Message]:
    """A message from a text frame, and its request id."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # nesting a few thousand deep fits in a frame
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    return parse_data(data)


def dumps(message: Any) -> str:
    """A server message as compact JSON text (orjson: the views are several KB each)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
