"""The duel protocol's messages from the client: typed, validated, picked by ``type``.

Every message is a JSON object with a ``type`` and, optionally, an ``id`` that the
server echoes in its ``ack`` or ``error``. See docs/protocol.md, section "Duels".

>>> parse('{"type": "move", "code": "ACD3FH", "square": "d3", "cid": "c1", "ply": 0, "id": 7}')
(7, Move(code='ACD3FH', square='d3', cid='c1', ply=0, id=7))
>>> try:
...     parse('{"type": "fly"}')
... except BadMessage as refused:
...     print(refused.code, refused.params)
unknown_type {'detail': "unknown message type 'fly'"}
"""

from __future__ import annotations

import json
from functools import reduce
from operator import or_
from typing import Annotated, Any

import msgspec
import orjson

from reversi.problems import Problem

#: every string of a message (a table code, a square, a chat line before its own
#: check, a client's id) is at most this long
STRING_CAP = 1000
Text = Annotated[str, msgspec.Meta(max_length=STRING_CAP)]
#: every number of a message fits 32 bits: the client never needs more, and a reply
#: must never carry an integer JSON cannot hold
Int = Annotated[int, msgspec.Meta(ge=-(2**31), lt=2**31)]
RequestId = Int | Annotated[str, msgspec.Meta(max_length=64)] | None


class BadMessage(Problem):
    """A message the server cannot read: ``code`` names the problem for the client,
    ``detail`` (English, from the decoder) is a parameter of its German text."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(code, "server.protocol", detail=detail)


class Message(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    """A client's message; ``id`` is echoed in the server's ``ack`` or ``error``."""

    id: RequestId = None


class TableMessage(Message, frozen=True):
    """A message about one table."""

    code: Text


class Watch(TableMessage, tag="watch", frozen=True):
    """Follow a table; ``version`` is the last one the client has seen (None: none)."""

    version: Int | None = None


class Unwatch(TableMessage, tag="unwatch", frozen=True):
    pass


class Move(TableMessage, tag="move", frozen=True):
    """Place a disc; ``ply`` is the number of discs placed in the position the client saw."""

    square: Text
    cid: Text
    ply: Int


class Rules(TableMessage, tag="rules", frozen=True):
    move_time: Int | None = None
    hints: bool | None = None
    counting: Text | None = None
    onlooker_chat: bool | None = None
    #: "move" (Zeit pro Zug) or one of the table's ``clocks`` ("3+2": Gesamtzeit + Zuschlag)
    clock: Text | None = None
    #: "Zufallseröffnung (XOT)": the server chooses the start (a client never sends one)
    xot: bool | None = None
    rated: bool | None = None


class Resign(TableMessage, tag="resign", frozen=True):
    pass


class Abort(TableMessage, tag="abort", frozen=True):
    pass


class Takeback(TableMessage, tag="takeback", frozen=True):
    """Ask the opponent to take back the asker's last move."""


class TakebackReply(TableMessage, tag="takeback_reply", frozen=True):
    accept: bool


class Rematch(TableMessage, tag="rematch", frozen=True):
    """Offer a rematch, or accept the opponent's offer."""


class RematchDecline(TableMessage, tag="rematch_decline", frozen=True):
    pass


class Callback(TableMessage, tag="callback", frozen=True):
    """ "Rückruf": call the absent opponent back to the table."""


class Chat(TableMessage, tag="chat", frozen=True):
    text: Text


class Mute(TableMessage, tag="mute", frozen=True):
    muted: bool


class Ping(Message, tag="ping", frozen=True):
    pass


class Lobby(Message, tag="lobby", frozen=True):
    """Follow the Halle's lobby: a ``lobby_state``, then ``lobby_events``."""


class Unlobby(Message, tag="unlobby", frozen=True):
    pass


class Quick(Message, tag="quick", frozen=True):
    """ "Schnelle Partie": pair with the next player who taps (reversi.server.duels.pairing)
    with the same ``clock`` ("move" or a total clock, no Fernpartie) and ``xot``."""

    clock: Text | None = None
    xot: bool | None = None


class QuickCancel(Message, tag="quick_cancel", frozen=True):
    """End one's own quick pairing search."""


#: every message a client may send
KINDS: tuple[type[Message], ...] = (
    Watch,
    Unwatch,
    Move,
    Rules,
    Resign,
    Abort,
    Takeback,
    TakebackReply,
    Rematch,
    RematchDecline,
    Callback,
    Chat,
    Mute,
    Ping,
    Lobby,
    Unlobby,
    Quick,
    QuickCancel,
)
MESSAGES: dict[str, type[Message]] = {str(cls.__struct_config__.tag): cls for cls in KINDS}
#: one decoder for all of them, picking the kind by ``type``
_DECODER: msgspec.json.Decoder[Message] = msgspec.json.Decoder(reduce(or_, KINDS))


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


def _explained(text: str | bytes, error: Exception) -> BadMessage:
    """The error of a frame that is no message (the slow path): not JSON at all, a
    message type that does not exist, or a field that does not fit — such as a string
    with a lone surrogate (``"\\ud800"``: JSON, but no text)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # nesting a few thousand deep fits in a frame
        return BadMessage("bad_json", "the message is not valid JSON")
    kind = data.get("type") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind not in MESSAGES:
        return BadMessage("unknown_type", f"unknown message type {kind[:40]!r}")
    if isinstance(error, msgspec.ValidationError):
        return BadMessage("bad_message", str(error))
    return BadMessage("bad_message", "a string of the message is not valid text")


def dumps(message: Any) -> str:
    """A server message (a :mod:`reversi.duel.messages` struct, or the dict the broker
    brought) as compact JSON text (orjson: the views are several KB each)."""
    if isinstance(message, msgspec.Struct):
        return msgspec.json.encode(message).decode()
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
