"""Duels at a table, ready to mount: HTTP routes, the WebSocket and their lifespan.

>>> server = DuelServer(Settings())
>>> sorted(r.path for r in server.routes())[:3]  # with the hall's (reversi.hall.api)
['/api/leaderboard', '/api/me', '/api/milestones']

The app mounts ``server.routes()`` and runs ``server.start()`` / ``server.stop()``
in its lifespan (or uses :func:`create_duel_app`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from reversi.server.broker import Broker, make_broker
from reversi.server.hall_mount import hall_api
from reversi.server.identity import COOKIE, Identity
from reversi.server.ratelimit import Limiter
from reversi.server.service import DuelService
from reversi.server.settings import Settings
from reversi.server.tables import DuelError, normal_code
from reversi.server.ws import Hub
from reversi.storage import PlayerRecord, Store, make_store

log = logging.getLogger("reversi.duels")
NO_STORE = {"Cache-Control": "no-store"}


def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status,
                        headers=NO_STORE)


class DuelServer:
    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self.store: Store | None = None
        self.broker: Broker | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._beater: asyncio.Task[None] | None = None
        self._collector: asyncio.Task[None] | None = None
        #: points, levels, leaderboards, record, settings (reversi.hall)
        self.hall, self.hall_api = hall_api(self)

    # --- lifespan -----------------------------------------------------------------------

    async def start(self) -> None:
        s = self.settings
        self.store = store = make_store(s.db_url())
        await store.migrate()
        self.broker = make_broker(s.redis_url)
        self.limiter = Limiter(s.redis_url)
        self.service = DuelService(store, self.broker, s)
        self.hall.store = store
        self.service.level_of = self.hall.level_of
        self.identity = Identity(store, self.broker, s)
        self.hub = Hub(self.service, self.identity, self.limiter, s)
        self.broker.on_resync.append(self.hub.resync_all)
        await self.broker.start(self.hub.on_message)
        await self.service.credit_downtime()
        if s.sweep_interval > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="duel-sweeper")
            self._beater = asyncio.create_task(self._beat_forever(), name="duel-heartbeat")
        tune_gc()
        if s.sweep_interval > 0 and s.collect_interval > 0:
            self._collector = asyncio.create_task(
                collect_forever(s.collect_interval, s.full_collect_interval), name="duel-gc")

    async def stop(self) -> None:
        for task in (self._sweeper, self._beater, self._collector):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._sweeper = self._beater = self._collector = None
        if self.store is not None:
            await self.hub.close_all()
            with contextlib.suppress(Exception):
                await self.service.heartbeat(stopping=True)
        if self.broker is not None:
            await self.broker.stop()
            await self.limiter.close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Any = None) -> AsyncIterator[None]:
        await self.start()
        try:
            yield
        finally:
            await self.stop()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self.service.sweep()
            except Exception:
                log.exception("the sweeper failed; trying again")

    async def _beat_forever(self) -> None:
        """The heartbeat: a process killed without a clean stop was alive until then."""
        while True:
            await asyncio.sleep(self.settings.heartbeat_interval)
            try:
                await self.service.heartbeat()
            except Exception:
                log.exception("the heartbeat failed; trying again")

    # --- HTTP ---------------------------------------------------------------------------

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/me", self.me, methods=["GET", "POST"]),
            Route("/api/tables", self.open_table, methods=["POST"]),
            Route("/api/tables/{code}", self.get_table, methods=["GET"]),
            Route("/api/tables/{code}/join", self.join_table, methods=["POST"]),
            Route("/api/tables/{code}/resume", self.resume_seat, methods=["POST"]),
            Route("/api/transfer", self.start_transfer, methods=["POST"]),
            Route("/api/transfer/redeem", self.redeem_transfer, methods=["POST"]),
            WebSocketRoute("/ws", self.websocket),
            *self.hall_api.routes(),
        ]

    async def _player(self, conn: HTTPConnection) -> PlayerRecord | None:
        return await self.identity.from_cookie(conn.cookies.get(COOKIE))

    async def _player_or_new(self, request: Request) -> tuple[PlayerRecord, bool]:
        player = await self._player(request)
        if player is not None:
            return player, False
        return await self.identity.create(), True

    def _reply(self, data: Any, player: PlayerRecord, fresh: bool,
               status: int = 200) -> JSONResponse:
        response = JSONResponse(data, status_code=status, headers=NO_STORE)
        if fresh:
            response.set_cookie(**self.identity.cookie_args(player))
        return response

    @staticmethod
    async def _body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > 4096:
            raise DuelError("too_big", "Die Anfrage ist zu groß.")
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise DuelError("bad_json", "Die Anfrage ist kein gültiges JSON.") from None
        if not isinstance(data, dict):
            raise DuelError("bad_json", "Die Anfrage ist ein JSON-Objekt.")
        return data

    def _client(self, request: Request) -> str:
        return request.client.host if request.client else "?"

    async def me(self, request: Request) -> Response:
        try:
            player, fresh = await self._player_or_new(request)
            if request.method == "POST":
                nickname = (await self._body(request)).get("nickname")
                if not isinstance(nickname, str):
                    raise DuelError("bad_nickname", "Bitte einen Namen angeben.")
                player = await self.identity.rename(player, nickname)
                await self.service.rename(player.id, player.nickname)
        except DuelError as e:
            return error(e.code, e.message)
        tables = await self.service.store.read(
            lambda rows: rows.tables_of(player.id, ("waiting", "playing")))
        return self._reply({"nickname": player.nickname,
                            "tables": [t.code for t in tables],
                            **await self.hall.me(player.id)}, player, fresh)

    async def open_table(self, request: Request) -> Response:
        s = self.settings
        if not (await self.limiter.hit(s.create_limit, "create", self._client(request))):
            return error("rate_limited", "Zu viele neue Tische – bitte warte etwas.", 429)
        player, fresh = await self._player_or_new(request)
        if not await self.limiter.hit(s.create_limit, "create-player", player.id):
            return error("rate_limited", "Zu viele neue Tische – bitte warte etwas.", 429)
        table = await self.service.open_table(player.id, player.nickname)
        state = await self.service.state(table.code, player.id)
        return self._reply(state, player, fresh, 201)

    async def get_table(self, request: Request) -> Response:
        code = normal_code(request.path_params["code"])
        player = await self._player(request)
        state = await self.service.state(code, player.id if player else None)
        if state is None:
            await self.limiter.hit(self.settings.join_limit, "join", self._client(request))
            return error("unknown_table", "Diesen Tisch gibt es nicht.", 404)
        return JSONResponse(state, headers=NO_STORE)

    async def join_table(self, request: Request) -> Response:
        if not await self.limiter.hit(self.settings.join_limit, "join", self._client(request)):
            return error("rate_limited", "Zu viele Versuche – bitte warte etwas.", 429)
        code = normal_code(request.path_params["code"])
        player, fresh = await self._player_or_new(request)
        try:
            await self.service.join(player.id, player.nickname, code)
        except DuelError as e:
            status = 404 if e.code == "unknown_table" else 409
            return self._reply({"error": e.code, "message": e.message}, player, fresh, status)
        return self._reply(await self.service.state(code, player.id), player, fresh)

    async def resume_seat(self, request: Request) -> Response:
        """Takes a seat with its secret (the resume link of another device)."""
        if not await self.limiter.hit(self.settings.join_limit, "join", self._client(request)):
            return error("rate_limited", "Zu viele Versuche – bitte warte etwas.", 429)
        code = normal_code(request.path_params["code"])
        try:
            secret = (await self._body(request)).get("secret")
            player, fresh = await self._player_or_new(request)
            if not isinstance(secret, str):
                raise DuelError("bad_secret", "Dieser Link ist nicht (mehr) gültig.")
            await self.service.resume(player.id, player.nickname, code, secret)
        except DuelError as e:
            return error(e.code, e.message, 403 if e.code == "bad_secret" else 400)
        return self._reply(await self.service.state(code, player.id), player, fresh)

    async def start_transfer(self, request: Request) -> Response:
        player = await self._player(request)
        if player is None:
            return error("not_identified", "Unbekannter Spieler.", 401)
        if not await self.limiter.hit(self.settings.transfer_limit, "transfer", player.id):
            return error("rate_limited", "Zu viele Versuche – bitte warte etwas.", 429)
        return JSONResponse(await self.identity.start_transfer(player), headers=NO_STORE)

    async def redeem_transfer(self, request: Request) -> Response:
        if not await self.limiter.hit(self.settings.transfer_limit, "redeem",
                                      self._client(request)):
            return error("rate_limited", "Zu viele Versuche – bitte warte etwas.", 429)
        try:
            body = await self._body(request)
        except DuelError as e:
            return error(e.code, e.message)
        token, code = body.get("token"), body.get("code")
        if not isinstance(token, str | None) or not isinstance(code, str | None) or not (
                token or code):
            return error("bad_transfer", "Bitte den Link oder den Code angeben.")
        player = await self.identity.redeem(token=token, code=code)
        if player is None:
            return error("bad_transfer", "Dieser Link oder Code ist nicht (mehr) gültig.", 404)
        return self._reply({"nickname": player.nickname}, player, True)

    async def websocket(self, ws: WebSocket) -> None:
        await self.hub.serve(ws)


#: the collector's thresholds for a busy hall (a safety net where
#: :func:`collect_forever` runs). Every move leaves objects that live until the table's
#: next move (its Board, the cached row and view); with the default (700, 10, 10) they
#: reach the oldest generation, and at 1,000 tables the collector stopped the server for
#: 4.9 s in 30 s, 2.3 s of it in 4 full collections (load ≈ 8); with these thresholds:
#: 3 young collections in 30 s, 0.2 s (benchmarks/load.py).
GC_THRESHOLDS = (20_000, 10, 20)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)
    # what exists at startup (modules, routes, the catalogue) lives as long as the
    # process: the collector need not look at it again
    gc.collect()
    gc.freeze()


def collect_young() -> None:
    """Collects what was made since the last call, then sets the survivors aside.

    CPython counts a young generation's size as allocations minus deallocations, old
    objects' included, so when tables and sockets replace what they hold every few
    seconds the count hardly grows: a young collection came only every ~10 s and then
    walked everything made since — the whole working set of 1,000 tables and 2,000
    sockets, ~70,000 objects, 100 ms with the server stopped (benchmarks/load.py).
    Collected often, each batch is small; frozen afterwards, the survivors (mostly freed
    by their reference counts soon after) are never walked again.
    """
    gc.collect(0)
    gc.freeze()


def collect_all() -> None:
    """A full collection, frozen objects included: cycles that became garbage after
    :func:`collect_young` set them aside are freed here."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


async def collect_forever(interval: float, full_interval: float) -> None:
    since_full = 0.0
    memory_after_full = peak_memory_mib()
    while True:
        await asyncio.sleep(interval)
        since_full += interval
        if full_pass_due(since_full, full_interval, peak_memory_mib(), memory_after_full):
            since_full = 0.0
            collect_all()
            memory_after_full = peak_memory_mib()
        else:
            collect_young()


def full_pass_due(since_full: float, full_interval: float, memory: float,
                  memory_after_full: float) -> bool:
    """Time for :func:`collect_all`: the interval is over, or the process's memory has
    doubled since the last full pass (the objects set aside hold any cycles that died
    there: this bounds what they can take)."""
    if full_interval > 0 and since_full >= full_interval:
        return True
    return memory > 2 * max(memory_after_full, LEAST_MEMORY_FOR_A_FULL_PASS)


#: below this much memory (MiB) a full pass is not worth its pause
LEAST_MEMORY_FOR_A_FULL_PASS = 256.0


def peak_memory_mib() -> float:
    """The process's peak resident memory so far (0 where the platform does not say).

    One system call. Not ``gc.get_freeze_count()``: it walks every object set aside,
    66 ms at 400,000 of them, and four times a second that stopped the server more
    than the collections it guarded (docs/benchmarks.md, fifth round).
    """
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def duel_routes(server: DuelServer) -> list[BaseRoute]:
    return server.routes()


def create_duel_app(settings: Settings | None = None) -> Starlette:
    """A Starlette app with the duel routes only (tests, benchmarks, a bare server)."""
    server = DuelServer(settings)
    app = Starlette(routes=server.routes(), lifespan=server.lifespan)
    app.state.duels = server
    return app
