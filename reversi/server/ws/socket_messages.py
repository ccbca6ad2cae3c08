"""What a socket sends, handled: each frame checked (text, size, rate), parsed into a
client message (``client_messages``) and given to its handler, whose answer goes back
with the message's ``id``. The hub (``hub.py``) is a :class:`SocketMessages`: it owns
the sockets, this part reads what they say.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from reversi.duel import messages as out
from reversi.duel.rules import PER_MOVE
from reversi.duel.table import DuelError, normal_code
from reversi.problems import Problem
from reversi.server.duels.duel_service import DuelService
from reversi.server.duels.lobby import Lobby
from reversi.server.duels.pairing import Pairing
from reversi.server.http.lookups import Lookups
from reversi.server.http.ratelimit import Limiter
from reversi.server.settings import Settings
from reversi.server.ws import client_messages as p
from reversi.server.ws.connection import STRIKES, CloseCode, Connection, Link, error_message

log = logging.getLogger("reversi.ws")

#: what an intent by code answers when the table is not the player's, or does not exist
NOT_YOURS = ("not_seated", "unknown_table")
#: what a socket without a player may send (the rest is ``no_player`` and changes nothing)
READ_ONLY = frozenset({p.Watch, p.Unwatch, p.Ping, p.Lobby, p.Unlobby})
#: what a message's handler answers (None: its answer comes another way)
Reply = out.ServerMessage | None


class SocketMessages:
    """The handlers of a socket's messages, by message type; the hub provides the parts
    they use and what watching a table means (:meth:`watch`, :meth:`unwatch`)."""

    service: DuelService
    settings: Settings
    limiter: Limiter
    lookups: Lookups
    lobby: Lobby
    pairing: Pairing

    async def watch(self, conn: Connection, code: str, version: int | None) -> None:
        raise NotImplementedError

    async def unwatch(self, conn: Connection, code: str) -> None:
        raise NotImplementedError

    async def _receive(self, conn: Connection) -> None:
        strikes = 0
        while conn.link is Link.OPEN:
            frame = await conn.ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            data = frame.get("text")
            if data is None:
                conn.send(
                    error_message(None, DuelError("bad_message", key="server.bad_message.text"))
                )
                continue
            if len(data) > self.settings.max_frame:
                conn.send(error_message(None, DuelError("too_big", key="server.too_big.message")))
                conn.close(CloseCode.TOO_BIG)
                return
            if not self.limiter.hit_here(
                self.settings.message_limit, self.settings.message_burst, "msg", conn.player.id
            ):
                strikes += 1
                conn.send(
                    error_message(
                        None, DuelError("rate_limited", key="server.rate_limited.messages")
                    )
                )
                if strikes >= STRIKES:
                    conn.close(CloseCode.POLICY)
                    return
                continue
            await self._dispatch(conn, data)

    async def _dispatch(self, conn: Connection, text: str) -> None:
        request_id = None
        try:
            request_id, message = p.parse(text)
            if conn.anonymous and type(message) not in READ_ONLY:
                raise DuelError("no_player")
            handler = self.HANDLERS.get(type(message), SocketMessages._table_intent)
            reply = await handler(self, conn, message)
        except Problem as error:
            conn.send(error_message(request_id, error))
            return
        except Exception:  # e.g. the database is away: this message fails, the socket stays
            log.exception("handling a message failed")
            conn.send(error_message(request_id, DuelError("server_error", key="server.failed")))
            return
        if reply is not None:
            conn.send(out.with_id(reply, request_id))

    async def _watch(self, conn: Connection, message: p.Message) -> Reply:
        assert isinstance(message, p.Watch)
        code = normal_code(message.code)
        if code not in conn.versions:
            # a row this process knows tells the seats as well as the database would
            table = self.service.positions.table(code) or await self.service.store.read(
                lambda rows: rows.table(code)
            )
            seated = table is not None and conn.player.id in (table.seat0, table.seat1)
            if not seated and not await self.lookups.allow(
                conn.address, conn.player.id, table is not None
            ):
                raise DuelError("rate_limited", key="server.rate_limited.lookups")
        await self.watch(conn, code, message.version)
        return None

    async def _unwatch(self, conn: Connection, message: p.Message) -> Reply:
        assert isinstance(message, p.Unwatch)
        await self.unwatch(conn, normal_code(message.code))
        return out.Ack()

    async def _ping(self, conn: Connection, message: p.Message) -> Reply:
        return out.Pong(server_time=self.settings.clock())

    async def _table_intent(self, conn: Connection, message: p.Message) -> out.Ack:
        if isinstance(message, p.Chat):
            code = normal_code(message.code)
            if not await self.limiter.hit(self.settings.chat_limit, "chat", code, conn.player.id):
                raise DuelError("chat_flood")
        try:
            outcome = await self.service.handle(conn.player.id, message)
        except DuelError as error:
            if error.code not in NOT_YOURS:
                raise
            # no code oracle: a table that is not the player's — or none — is one answer,
            # counted as a look-up (the guesses run out as those of watch and HTTP do)
            known = error.code != "unknown_table"
            if not await self.lookups.allow(conn.address, conn.player.id, known):
                raise DuelError("rate_limited", key="server.rate_limited.lookups") from None
            raise DuelError("not_seated") from None
        if isinstance(message, p.Move):
            return out.Ack(version=outcome.table.version, cid=message.cid)
        return out.Ack(version=outcome.table.version)

    async def _lobby(self, conn: Connection, message: p.Message) -> Reply:
        await self.lobby.subscribe(conn, message.id)
        return None

    async def _unlobby(self, conn: Connection, message: p.Message) -> Reply:
        self.lobby.unsubscribe(conn)
        return out.Ack()

    async def _quick(self, conn: Connection, message: p.Message) -> Reply:
        s = self.settings
        if not (
            await self.limiter.hit(s.pair_limit, "pair", conn.address)
            and await self.limiter.hit(s.pair_limit, "pair-player", conn.player.id)
        ):
            raise DuelError("rate_limited", key="server.rate_limited.pairing")
        assert isinstance(message, p.Quick)
        result = await self.pairing.pair(
            conn.player.id,
            conn.player.nickname,
            PER_MOVE if message.clock is None else message.clock,
            bool(message.xot),
        )
        table = result.table
        if not result.paired:  # the search lives while a socket of its player watches it
            await self.watch(conn, table.code, None)
        return out.Ack(
            code=table.code, paired=result.paired, since=table.created_at, timeout=s.pair_timeout
        )

    async def _quick_cancel(self, conn: Connection, message: p.Message) -> Reply:
        return out.Ack(code=await self.pairing.cancel(conn.player.id))

    HANDLERS: ClassVar[dict[type[p.Message], Any]] = {
        p.Watch: _watch,
        p.Unwatch: _unwatch,
        p.Ping: _ping,
        p.Lobby: _lobby,
        p.Unlobby: _unlobby,
        p.Quick: _quick,
        p.QuickCancel: _quick_cancel,
    }
