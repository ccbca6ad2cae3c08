"""The duel protocol's messages from the client: typed, validated, picked by ``type``.

Every message is a JSON object with a ``type`` and, optionally, an ``id`` that the
server echoes in its ``ack`` or ``error``. See docs/protocol.md, section "Duels".

>>> parse('{"type": "move", "code": "ACD3FH", "square": "d3", "cid": "c1", "ply": 0, "id": 7}')
(7, Move(code='ACD3FH', square='d3', cid='c1', ply=0, id=7))
>>> parse('{"type": "fly"}')
Traceback (most recent call last):
...
reversi.server.protocol.ProtocolError: unknown message type 'fly'
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import msgspec
import orjson

#: every string of a message (a table code, a square, a chat line before its own
#: check, a client's id) is at most this long
STRING_CAP = 1000
Text = Annotated[str, msgspec.Meta(max_length=STRING_CAP)]
#: every number of a message fits 32 bits: the client never needs more, and a reply
#: must never carry an integer JSON cannot hold
Int = Annotated[int, msgspec.Meta(ge=-(2**31), lt=2**31)]
RequestId = Int | Annotated[str, msgspec.Meta(max_length=64)] | None


class ProtocolError(ValueError):
    """A message the server cannot read; ``code`` names the problem for the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Message(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
              tag_field="type"):
    """A client's message; ``id`` is echoed in the server's ``ack`` or ``error``."""

    id: RequestId = None


class Watch(Message, tag="watch", frozen=True):
    """Follow a table; ``version`` is the last one the client has seen (None: none)."""

    code: Text
    version: Int | None = None


class Unwatch(Message, tag="unwatch", frozen=True):
    code: Text


class Move(Message, tag="move", frozen=True):
    """Place a disc; ``ply`` is the number of discs placed in the position the client saw."""

    code: Text
    square: Text
    cid: Text
    ply: Int


class Rules(Message, tag="rules", frozen=True):
    code: Text
    move_time: Int | None = None
    hints: bool | None = None
    counting: Text | None = None


class Resign(Message, tag="resign", frozen=True):
    code: Text


class Abort(Message, tag="abort", frozen=True):
    code: Text


class Takeback(Message, tag="takeback", frozen=True):
    """Ask the opponent to take back the asker's last move."""

    code: Text


class TakebackReply(Message, tag="takeback_reply", frozen=True):
    code: Text
    accept: bool


class Rematch(Message, tag="rematch", frozen=True):
    """Offer a rematch, or accept the opponent's offer."""

    code: Text


class RematchDecline(Message, tag="rematch_decline", frozen=True):
    code: Text


class Callback(Message, tag="callback", frozen=True):
    """"Rückruf": call the absent opponent back to the table."""

    code: Text


class Chat(Message, tag="chat", frozen=True):
    code: Text
    text: Text


class Mute(Message, tag="mute", frozen=True):
    code: Text
    muted: bool


class Ping(Message, tag="ping", frozen=True):
    pass


MESSAGES: dict[str, type[Message]] = {
    str(cls.__struct_config__.tag): cls
    for cls in (Watch, Unwatch, Move, Rules, Resign, Abort, Takeback, TakebackReply,
                Rematch, RematchDecline, Callback, Chat, Mute, Ping)
}
_DECODER = msgspec.json.Decoder(Watch | Unwatch | Move | Rules | Resign | Abort | Takeback
                                | TakebackReply | Rematch | RematchDecline | Callback | Chat
                                | Mute | Ping)


def parse(text: str | bytes) -> tuple[str | int | None, Message]:
    """A message from a text frame, and its request id.

    One decoding checks everything: the JSON (valid UTF-8, no lone surrogates), the
    type, every field's kind and bound, no unknown fields.
    """
    try:
        message = _DECODER.decode(text)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError) as error:
        raise _explained(text, error) from None
    return message.id, message


def _explained(text: str | bytes, error: Exception) -> ProtocolError:
    """The error of a frame that is no message (the slow path): not JSON at all, a
    message type that does not exist, or a field that does not fit — such as a string
    with a lone surrogate (``"\\ud800"``: JSON, but no text)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # nesting a few thousand deep fits in a frame
        return ProtocolError("bad_json", "the message is not valid JSON")
    kind = data.get("type") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind not in MESSAGES:
        return ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    if isinstance(error, msgspec.ValidationError):
        return ProtocolError("bad_message", str(error))
    return ProtocolError("bad_message", "a string of the message is not valid text")


def dumps(message: Any) -> str:
    """A server message as compact JSON text (orjson: the views are several KB each)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
