"""The duel WebSocket: one socket per page, following any number of tables.

Each connection has one worker task that owns the socket's sending side and handles,
in order, replies, live events from the broker and catch-ups from the database; so
a client sees every table's versions in order, or a full state. What a socket sends
is handled by the hub's part :class:`~reversi.server.ws.socket_messages.SocketMessages`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable
from typing import Any

from starlette.websockets import WebSocket

from reversi.duel import messages as out
from reversi.duel.table import DuelError, Status
from reversi.server.duels.duel_service import DuelService
from reversi.server.duels.lobby import Lobby
from reversi.server.duels.pairing import Pairing
from reversi.server.duels.players_here import ONLINE_EVERY
from reversi.server.http.identity import COOKIE, Identity
from reversi.server.http.lookups import Lookups
from reversi.server.http.ratelimit import Limiter
from reversi.server.settings import Settings
from reversi.server.ws import client_messages as p
from reversi.server.ws.connection import (
    Announcement,
    CloseCode,
    Connection,
    Link,
    error_message,
    onlooker_record,
)
from reversi.server.ws.presence import Presence
from reversi.server.ws.socket_messages import SocketMessages
from reversi.storage import TableRecord
from reversi.texts import text

log = logging.getLogger("reversi.ws")


async def _flushed(conn: Connection, seconds: float) -> None:
    """What the socket queued is sent, or ``seconds`` passed (a client that does not read)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(conn.flushed(), seconds)


async def _logged(doing: str, step: Awaitable[None]) -> None:
    """A step of counting a closed socket out: a failure is logged, the rest goes on."""
    try:
        await step
    except Exception:
        log.exception("%s failed for a closed socket", doing)


class Hub(SocketMessages):
    """This process's sockets, by table and by player; the broker's handler."""

    def __init__(
        self,
        service: DuelService,
        identity: Identity,
        limiter: Limiter,
        lookups: Lookups,
        lobby: Lobby,
        settings: Settings,
    ) -> None:
        self.service = service
        self.identity = identity
        self.limiter = limiter
        self.lookups = lookups
        self.settings = settings
        self.broker = service.broker
        self.tables: dict[str, set[Connection]] = defaultdict(set)
        self.players: dict[str, set[Connection]] = defaultdict(set)
        #: read-only sockets without a player (connection.onlooker_record): not online
        self.onlookers_only: set[Connection] = set()
        #: open sockets by client address
        self.addresses: dict[str, int] = defaultdict(int)
        #: when this process last told the others its number of players online
        self._online_reported = float("-inf")
        #: who has each table open, over all processes (seats and onlookers)
        self.seen = Presence(self.broker, settings.process_id, self.tables, lobby.looked)
        self.resyncs = 0
        #: the lobby counts this process's onlookers and players (the hub's)
        self.lobby = lobby
        lobby.onlookers = self.seen.onlookers
        lobby.local = self.players
        self.pairing = Pairing(service, lobby.present)
        #: waiting tables whose opener is away, and since when (close_abandoned)
        self.absent_since: dict[str, float] = {}

    # --- from the broker ---------------------------------------------------------------

    async def on_message(self, channel: str, message: dict[str, Any]) -> None:
        kind, _, key = channel.partition(":")
        if kind == "table":
            await self._table_message(key, message)
        elif kind == "player":
            self._player_message(key, message)
        elif kind == "lobby":
            await self.lobby.on_message(message, len(self.players))

    async def _table_message(self, code: str, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "events":
            row = message.pop("row", None)
            if row is not None and code in self.tables:
                # a change from another process: the next intent here can go on from it
                self.service.positions.learn(TableRecord(**row))
            else:
                self.service.positions.announced(code, message["version"])
            shared = Announcement(message)
            for conn in list(self.tables.get(code, ())):
                conn.put("events", shared)
        else:
            await self.seen.on_message(code, message)

    def _player_message(self, player_id: str, message: dict[str, Any]) -> None:
        row = message.pop("row", None)  # a new table's row (``paired``): never sent on
        if row is not None:
            self.service.opened(TableRecord(**row))
        for conn in list(self.players.get(player_id, ())):
            if message.get("type") == "transferred":
                if conn.player.generation < message["generation"]:
                    conn.send(out.Transferred(key="transfer.moved", message=text("transfer.moved")))
                    conn.close(CloseCode.MOVED_AWAY)
            else:
                conn.send(message)

    async def report_online(self) -> None:
        """This process's number of players online again, every ONLINE_EVERY seconds (the
        sweeper calls it), so that the other processes can forget a dead one."""
        now = self.settings.clock()
        if now - self._online_reported >= ONLINE_EVERY:
            self._online_reported = now
            self.lobby.forget_silent()
            await self.lobby.count_online(len(self.players))

    async def resync_all(self) -> None:
        """After the broker lost messages: every socket catches up from the database."""
        self.resyncs += 1
        for conns in list(self.tables.values()):
            for conn in list(conns):
                for code in list(conn.versions):
                    conn.put("sync", code)
        for code in list(self.tables):
            await self.seen.query(code)
        await self.lobby.count_online(len(self.players))
        await self.lobby.resync()

    # --- presence ------------------------------------------------------------------------

    def presence_of(self, code: str) -> list[bool]:
        return self.seen.of(code)

    def presence_message(self, code: str) -> out.Presence:
        return self.seen.message(code)

    def seat_changed(
        self, conn: Connection, code: str, before: int | None, after: int | None
    ) -> None:
        self.seen.seat_changed(code, before, after)

    # --- abandoned tables ------------------------------------------------------------------

    async def close_abandoned(self) -> list[str]:
        """Closes the waiting tables whose opener has been away from the hall — no
        socket of theirs on any process — for
        ``abandoned_after`` seconds (counted from when this process first saw them
        away); returns their codes."""
        now = self.settings.clock()
        waiting = await self.service.store.read(lambda rows: rows.waiting(Status.WAITING))
        closed = []
        for code, opener in waiting:
            if self.lobby.here(opener) or self.presence_of(code)[0]:
                self.absent_since.pop(code, None)
                continue
            since = self.absent_since.setdefault(code, now)
            if now - since < self.settings.abandoned_after:
                continue
            self.absent_since.pop(code, None)
            with contextlib.suppress(DuelError):
                outcome = await self.service.change(code, lambda duel: duel.close_abandoned())
                if outcome.events:  # a Fernpartie's stays open
                    closed.append(code)
        known = {code for code, _ in waiting}
        for code in set(self.absent_since) - known:
            del self.absent_since[code]
        return closed

    # --- watching ------------------------------------------------------------------------

    async def watch(self, conn: Connection, code: str, version: int | None) -> None:
        first_here = not self.tables.get(code)
        self.tables[code].add(conn)
        conn.versions[code] = version
        conn.seats.setdefault(code, None)
        conn.put("sync", code)
        if first_here:
            await self.seen.query(code)

    async def unwatch(self, conn: Connection, code: str) -> None:
        conns = self.tables.get(code)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.tables[code]
        conn.versions.pop(code, None)
        conn.seated.discard(code)
        seat = conn.seats.pop(code, None)
        if seat is not None:
            await self.seen.publish(code, seat, self.seen.local_count(code, seat))
        self.seen.lookers_changed(code)

    # --- the endpoint --------------------------------------------------------------------

    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        player = await self.identity.from_cookie(ws.cookies.get(COOKIE))
        if player is None and ws.query_params.get("onlooker") == "1":
            player = onlooker_record()
        if player is None:
            await ws.send_text(
                p.dumps(
                    error_message(
                        None, DuelError("not_identified", key="server.not_identified.socket")
                    )
                )
            )
            await ws.close(CloseCode.NOT_IDENTIFIED)
            return
        address = ws.client.host if ws.client else "?"
        refusal = self._too_many(player.id, address)
        if refusal is not None:
            close_code, key = refusal
            await ws.send_text(p.dumps(error_message(None, DuelError("too_many", key=key))))
            await ws.close(close_code, text(key))
            return
        conn = Connection(self, ws, player)
        conn.address = address
        async with self._registered(conn):
            await self._receive(conn)

    @contextlib.asynccontextmanager
    async def _registered(self, conn: Connection) -> AsyncIterator[None]:
        """The socket counted in (address, player, lobby's online count) and greeted;
        afterwards counted out of everything, each step's failure logged once, and its
        sender given two seconds to send a close it queued."""
        player, address = conn.player, conn.address
        self.addresses[address] += 1
        now = self.settings.clock()
        clocks = list(self.service.rules.clocks)
        if conn.anonymous:
            self.onlookers_only.add(conn)
            conn.send(out.Hello(nickname=None, server_time=now, clocks=clocks, onlooker=True))
        else:
            first = player.id not in self.players
            self.players[player.id].add(conn)
            if first:
                await self.lobby.count_online(len(self.players), came=player.id)
            conn.send(out.Hello(nickname=player.nickname, server_time=now, clocks=clocks))
        try:
            yield
        finally:
            if conn.link is Link.OPEN:
                conn.link = Link.CLOSING
            self.lobby.unsubscribe(conn)
            for code in list(conn.versions):
                await _logged("unwatching a table", self.unwatch(conn, code))
            self.onlookers_only.discard(conn)
            if not conn.anonymous:
                self.players[player.id].discard(conn)
            if not conn.anonymous and not self.players[player.id]:
                del self.players[player.id]
                left = self.lobby.count_online(len(self.players), left=player.id)
                await _logged("counting a player out", left)
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]
            if conn.close_code is not None:
                await _logged("sending the close", _flushed(conn, 2))
            conn.gone()
            sender = conn.sender
            if sender is not None:
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await _logged("stopping the sender", sender)

    def _too_many(self, player_id: str, address: str) -> tuple[int, str] | None:
        """The close code and text for a socket over the caps, or None."""
        s = self.settings
        if s.sockets_per_player and len(self.players.get(player_id, ())) >= s.sockets_per_player:
            return CloseCode.TOO_MANY, "server.too_many.player"
        if s.sockets_per_address and self.addresses.get(address, 0) >= s.sockets_per_address:
            return CloseCode.TRY_AGAIN_LATER, "server.too_many.address"
        return None

    async def sweep_searches(self) -> list[tuple[str, str]]:
        """Ends the quick pairing searches that timed out or whose player left."""
        return await self.pairing.sweep(lambda code: self.presence_of(code)[0])

    async def close_all(self) -> None:
        for conns in [*self.players.values(), self.onlookers_only]:
            for conn in list(conns):
                conn.close(CloseCode.GOING_AWAY)
        await self.lobby.stop()
        await asyncio.sleep(0)
