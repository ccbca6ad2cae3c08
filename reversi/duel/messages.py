"""The duel protocol's messages from the server: typed, tagged by ``type``.

A field that may be left out is :data:`msgspec.UNSET` (omitted from the JSON); a
``None`` is sent as ``null``. docs/protocol.md's table "Messages from the server" lists
the same fields (tests/duel/test_messages.py checks it). A table's view, its events'
data and the lobby's entries stay the plain dicts the views build.

>>> plain(Ack(id=7, version=3))
{'type': 'ack', 'id': 7, 'version': 3}
>>> plain(Callback(code="ACDEFH", from_="Anna", link="/tisch/ACDEFH"))["from"]
'Anna'
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

#: a client's request id, echoed in ``ack``, ``error`` and ``lobby_state``
RequestId = int | str | None


class ServerMessage(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A message the server sends on the duel socket."""


class Hello(ServerMessage, tag="hello", frozen=True, kw_only=True):
    nickname: str | None
    server_time: float
    #: the total clocks ("3+2") an opener may choose besides the time per move
    clocks: list[str]
    #: only on a socket without a player
    onlooker: bool | UnsetType = UNSET


class Ack(ServerMessage, tag="ack", frozen=True, kw_only=True):
    id: RequestId = None
    #: the table's version after the change
    version: int | UnsetType = UNSET
    #: a move's client id
    cid: str | UnsetType = UNSET
    #: quick pairing: the search's table, whether an opponent sits there, since when, how long
    code: str | UnsetType | None = UNSET
    paired: bool | UnsetType = UNSET
    since: float | UnsetType = UNSET
    timeout: float | UnsetType = UNSET


class Error(ServerMessage, tag="error", frozen=True, kw_only=True):
    id: RequestId = None
    code: str
    key: str
    params: dict[str, Any]
    message: str


class Pong(ServerMessage, tag="pong", frozen=True, kw_only=True):
    id: RequestId = None
    server_time: float


class Transferred(ServerMessage, tag="transferred", frozen=True, kw_only=True):
    key: str
    message: str


class ChatLine(msgspec.Struct, frozen=True, kw_only=True):
    id: int | None
    seat: int
    text: str
    at: float


class You(msgspec.Struct, frozen=True, kw_only=True):
    """The client's seat (None: an onlooker); a seat's colour, mute and secret."""

    seat: int | None
    color: str | UnsetType | None = UNSET
    muted: bool | UnsetType = UNSET
    secret: str | UnsetType | None = UNSET


class State(ServerMessage, tag="state", frozen=True, kw_only=True):
    code: str
    version: int
    table: dict[str, Any]
    chat: list[ChatLine]
    you: You
    #: on the socket: who has the table open
    presence: list[bool] | UnsetType = UNSET
    onlookers: int | UnsetType = UNSET


class Event(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    kind: str
    data: dict[str, Any]
    #: the one seat the event is for (absent: for everyone)
    to: int | UnsetType = UNSET


class Events(ServerMessage, tag="events", frozen=True, kw_only=True):
    code: str
    from_: int = msgspec.field(name="from")
    version: int
    events: list[Event]
    #: sent again to a client that missed them
    replay: bool | UnsetType = UNSET
    table: dict[str, Any]


class Presence(ServerMessage, tag="presence", frozen=True, kw_only=True):
    code: str
    seats: list[bool]
    onlookers: int


class Callback(ServerMessage, tag="callback", frozen=True, kw_only=True):
    code: str
    from_: str = msgspec.field(name="from")
    link: str


class LobbyState(ServerMessage, tag="lobby_state", frozen=True, kw_only=True):
    #: the ``lobby`` message's id (absent from a fresh snapshot after a resync)
    id: RequestId | UnsetType = UNSET
    tables: list[dict[str, Any]]
    duels: list[dict[str, Any]]
    online: int
    mine: list[str]


class LobbyEvents(ServerMessage, tag="lobby_events", frozen=True, kw_only=True):
    events: list[dict[str, Any]]
    onlookers: dict[str, int] | UnsetType = UNSET


class LobbyOnlookers(ServerMessage, tag="lobby_onlookers", frozen=True, kw_only=True):
    onlookers: dict[str, int]


class LobbyOnline(ServerMessage, tag="lobby_online", frozen=True, kw_only=True):
    online: int


class Paired(ServerMessage, tag="paired", frozen=True, kw_only=True):
    code: str
    link: str


class PairingEnded(ServerMessage, tag="pairing_ended", frozen=True, kw_only=True):
    code: str
    reason: str


KINDS: tuple[type[ServerMessage], ...] = (
    Hello,
    Ack,
    Error,
    State,
    Events,
    Presence,
    Callback,
    Transferred,
    Pong,
    LobbyState,
    LobbyEvents,
    LobbyOnlookers,
    LobbyOnline,
    Paired,
    PairingEnded,
)


def tag(kind: type[ServerMessage]) -> str:
    return str(kind.__struct_config__.tag)


def field_names(kind: type[msgspec.Struct]) -> list[str]:
    """The names ``kind``'s fields have in the JSON, in order."""
    return [f.encode_name for f in msgspec.structs.fields(kind)]


def plain(message: ServerMessage) -> dict[str, Any]:
    """``message`` as the dict the broker and the sockets pass on: its ``type`` and
    every set field by its JSON name. The plain dicts among its fields (a table's view)
    are the same objects, not copies; its structs become dicts."""
    kind = type(message)
    data: dict[str, Any] = {"type": kind.__struct_config__.tag}
    for name, key in zip(kind.__struct_fields__, kind.__struct_encode_fields__, strict=True):
        value = getattr(message, name)
        if value is UNSET:
            continue
        if isinstance(value, msgspec.Struct) or (
            isinstance(value, list) and value and isinstance(value[0], msgspec.Struct)
        ):
            value = msgspec.to_builtins(value)
        data[key] = value
    return data


def with_id(message: ServerMessage, request_id: RequestId) -> ServerMessage:
    """``message`` answering the request ``request_id``."""
    return msgspec.structs.replace(message, id=request_id)
