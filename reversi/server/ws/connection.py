"""One socket's side of the duel WebSocket: its outbox and the worker task that owns
the sending side, replies, live events from the broker and catch-ups, in order."""

from __future__ import annotations

import asyncio
import enum
import logging
import secrets
from collections import deque
from functools import cached_property
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

from reversi.duel import messages as out
from reversi.duel.table import DuelError
from reversi.duel.visibility import seen_by
from reversi.problems import Problem
from reversi.server.duels.duel_service import DuelService
from reversi.server.ws import client_messages as p
from reversi.storage import PlayerRecord

log = logging.getLogger("reversi.ws")


class Tables(Protocol):
    """What a connection asks of the hub (``ws.Hub``) that holds it."""

    service: DuelService
    tables: dict[str, set[Any]]

    def presence_of(self, code: str) -> list[bool]: ...

    def presence_message(self, code: str) -> out.Presence: ...

    def seat_changed(
        self, conn: Connection, code: str, before: int | None, after: int | None
    ) -> None: ...


class CloseCode(enum.IntEnum):
    GOING_AWAY = 1001  # the server shuts down
    SERVER_ERROR = 1011  # a reply could not be sent
    TRY_AGAIN_LATER = 1013  # too many sockets from this address
    POLICY = 1008  # too many messages over the limit
    TOO_BIG = 1009  # a frame over the size cap
    MOVED_AWAY = 4001  # the player moved to another device
    NOT_IDENTIFIED = 4003  # no valid player cookie: call GET /api/me first
    TOO_SLOW = 4008  # the client does not read its messages
    TOO_MANY = 4009  # this player has too many sockets open


class Link(enum.Enum):
    """A socket's life: ``OPEN``; ``CLOSING`` (closed by the server or by its client:
    nothing more is put, what is queued is still sent); ``GONE`` (nothing more is sent)."""

    OPEN = 1
    CLOSING = 2
    GONE = 3


#: the id of a socket without a player starts with this (no player id does: they are
#: URL-safe base64)
ONLOOKER_PREFIX = "~"


def onlooker_record() -> PlayerRecord:
    """Who a read-only socket without a player is (``/ws?onlooker=1`` with no valid
    cookie, for a device the server made no player for): an id of its own, so that it
    counts once as an onlooker and has its own flood guard, and no row in the database."""
    return PlayerRecord(
        id=ONLOOKER_PREFIX + secrets.token_urlsafe(12), nickname="", generation=-1, created_at=0
    )


#: what goes out on a socket: a message, a broker's dict, or text encoded once for many
Outgoing = out.ServerMessage | dict[str, Any] | str

OUTBOX_SIZE = 512
STRIKES = 20  # messages over the rate limit before the socket is closed


class Announcement:
    """One table's events as the broker delivered them, serialised once for every socket."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.message = message

    @cached_property
    def text(self) -> str:
        return p.dumps(self.message)


class Connection:
    def __init__(self, hub: Tables, ws: WebSocket, player: PlayerRecord) -> None:
        self.hub = hub
        self.ws = ws
        self.player = player
        #: the client's address (the key of the caps per address)
        self.address = "?"
        #: code → the last version this client has (None: not yet)
        self.versions: dict[str, int | None] = {}
        self.seats: dict[str, int | None] = {}
        self.muted: dict[str, bool] = {}
        #: the tables whose seat for this player is known
        self.seated: set[str] = set()
        #: what is still to be sent; a task sends it, started when the first item comes
        #: (an idle socket keeps no task waiting: 2,000 of them cost the collector)
        self.outbox: deque[tuple[str, Any]] = deque()
        self.sender: asyncio.Task[None] | None = None
        self.link = Link.OPEN
        #: the code the server closes it with (None: not closed by the server)
        self.close_code: int | None = None

    @property
    def closed(self) -> bool:
        return self.link is not Link.OPEN

    @property
    def anonymous(self) -> bool:
        """A read-only socket without a player (:func:`onlooker_record`)."""
        return self.player.id.startswith(ONLOOKER_PREFIX)

    @property
    def player_id(self) -> str:
        return self.player.id

    def put(self, kind: str, item: Any) -> None:
        if self.link is not Link.OPEN:
            return
        if len(self.outbox) >= OUTBOX_SIZE:
            self.close(CloseCode.TOO_SLOW)
            return
        self.outbox.append((kind, item))
        self._wake()

    def send(self, message: out.ServerMessage | dict[str, Any]) -> None:
        self.put("send", message)

    def close(self, code: int) -> None:
        if self.link is Link.OPEN:
            self.link = Link.CLOSING
            self.close_code = code
            self.outbox.append(("close", code))
            self._wake()

    def _wake(self) -> None:
        if self.sender is None:
            self.sender = asyncio.get_running_loop().create_task(self._send_all())

    async def _send_all(self) -> None:
        """The only task that writes to the socket, while there is something to send."""
        try:
            while self.outbox and self.link is not Link.GONE:
                kind, item = self.outbox.popleft()
                if kind == "close":
                    self.link = Link.GONE
                    await self._shut(item)
                    return
                try:
                    for message in await self._prepare(kind, item):
                        if not isinstance(message, str):
                            message = p.dumps(message)
                        await self.ws.send_text(message)
                except (WebSocketDisconnect, RuntimeError, OSError):
                    await self._give_up(CloseCode.GOING_AWAY)
                except Exception:  # a reply that cannot be encoded: once, then closed
                    log.exception("sending to a socket failed; closing it")
                    await self._give_up(CloseCode.SERVER_ERROR)
        finally:
            self.sender = None

    async def _give_up(self, code: int) -> None:
        """Sending failed: the socket is closed (its receiving side ends, its player is
        no longer present) rather than kept half alive."""
        self.link = Link.GONE
        if self.close_code is None:
            self.close_code = code
        self.outbox.clear()
        await self._shut(code)

    async def _shut(self, code: int) -> None:
        """Closes the socket; one whose client is already gone cannot be (a debug line)."""
        try:
            await self.ws.close(code)
        except Exception as error:
            log.debug("closing a socket that is gone (%s): %s", type(error).__name__, error)

    def gone(self) -> None:
        """Nothing more is sent: what is queued is dropped, the sender stopped."""
        self.link = Link.GONE
        self.outbox.clear()

    async def flushed(self) -> None:
        """Waits until everything put so far is sent (or the socket is gone)."""
        while self.sender is not None:
            await asyncio.shield(self.sender)

    async def _prepare(self, kind: str, item: Any) -> list[Outgoing]:
        if kind == "send":
            return [item]
        if kind == "events":
            return await self._live(item)
        if kind == "shared":  # the same text for every socket (the lobby)
            return [item.text]
        if kind == "sync":
            return await self._sync(item)
        return []

    async def _live(self, shared: Announcement) -> list[Outgoing]:
        message = shared.message
        code = message["code"]
        if code not in self.versions:
            return []
        have = self.versions[code]
        if have is not None and message["version"] <= have:
            return []  # already seen (a catch-up brought it)
        if have is None or message["from"] != have + 1:
            return await self._sync(code)
        kinds = {e["kind"] for e in message["events"]}
        if "seat_moved" in kinds:
            self.versions[code] = None
            return await self._sync(code)
        filtered = self._filtered(message)
        return [shared.text if filtered is message else filtered]

    def _filtered(self, message: dict[str, Any]) -> dict[str, Any]:
        """The events as this client sees them (reversi.duel.visibility)."""
        code = message["code"]
        seen, muted = seen_by(message, self.seats.get(code), self.muted.get(code, False))
        self.muted[code] = muted
        self.versions[code] = message["version"]
        return seen

    async def _sync(self, code: str) -> list[Outgoing]:
        """What the client missed: the events since its version, or the full state."""
        if code not in self.versions:
            return []
        service = self.hub.service
        have = self.versions[code]
        if have is not None:
            missed = await service.missed(code, have)
            if missed is not None:
                if code not in self.seated:
                    # watched from a version (a reconnect): learn the seat all the same,
                    # for presence and for the events meant for one seat only
                    state = await service.state(code, self.player.id)
                    if state is not None:
                        self._take_seat(code, state["you"])
                return [self._filtered(missed)]
        state = await service.state(code, self.player.id)
        if state is None:
            self.versions.pop(code, None)
            self.hub.tables.get(code, set()).discard(self)
            return [error_message(None, DuelError("unknown_table"))]
        self._take_seat(code, state["you"])
        self.versions[code] = state["version"]
        seen = self.hub.presence_message(code)
        state["presence"], state["onlookers"] = seen.seats, seen.onlookers
        return [state]

    def _take_seat(self, code: str, you: dict[str, Any]) -> None:
        before = self.seats.get(code)
        known = code in self.seated
        self.seats[code] = you["seat"]
        self.seated.add(code)
        self.muted[code] = bool(you.get("muted"))
        if before != you["seat"] or not known:  # a new onlooker counts too
            self.hub.seat_changed(self, code, before, you["seat"])


def error_message(request_id: out.RequestId, problem: Problem) -> out.Error:
    return out.Error(
        id=request_id,
        code=problem.code,
        key=problem.key,
        params=problem.params,
        message=problem.message,
    )
