"""The duel server: its parts (store, broker, rate limits, service, identity, the socket
hub, the hall), their lifespan and background tasks (sweeper, heartbeat, collector),
and its routes (``http/``, the WebSocket, the hall's ``reversi.hall.api``).

>>> server = DuelServer(Settings())
>>> sorted(r.path for r in server.routes())[4:7]  # with the hall's and the archive's
['/api/games/{id}.ggf', '/api/leaderboard', '/api/me']

The app mounts ``server.routes()`` and runs ``server.start()`` / ``server.stop()``
in its lifespan (or uses :func:`create_duel_app`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket

from reversi.duel.position_cache import Positions
from reversi.hall.hall_service import Hall
from reversi.server.broker import Broker, make_broker
from reversi.server.collector import collect_forever, tune_gc
from reversi.server.duels.downtime import credit_downtime, heartbeat
from reversi.server.duels.duel_service import DuelService
from reversi.server.duels.lobby import Lobby
from reversi.server.hall.hall_mount import hall_api, new_hall
from reversi.server.http.duel_routes import MAX_BODY, DuelHttp
from reversi.server.http.game_routes import GamesHttp
from reversi.server.http.guards import (
    BodyDeadline,
    BodyLimit,
    BrowserHeaders,
    DroppedBodies,
    OriginCheck,
)
from reversi.server.http.identity import Identity
from reversi.server.http.lookups import Lookups
from reversi.server.http.problem_replies import EXCEPTION_HANDLERS
from reversi.server.http.ratelimit import Limiter
from reversi.server.settings import Settings
from reversi.server.tournaments.tournament_routes import TournamentsHttp
from reversi.server.tournaments.tournament_service import Tournaments
from reversi.server.ws.hub import Hub
from reversi.storage import Store, make_store

log = logging.getLogger("reversi.duels")

#: seconds between two looks for finished games the hall has not recorded (a recording
#: that failed; at start, those of a process that stopped in between)
BOOK_MISSED_EVERY = 60.0


class DuelServer:
    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self.store: Store | None = None
        self.broker: Broker | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._beater: asyncio.Task[None] | None = None
        self._collector: asyncio.Task[None] | None = None
        # the routes: they use the parts below, made when the server starts
        self.http = DuelHttp(self)
        self.hall_api = hall_api(lambda: self.hall, self.http)
        self.games_http = GamesHttp(self.http, lambda: self.store, lambda: self.lookups)
        self.tournaments_http = TournamentsHttp(self.http, lambda: self.tournaments)
        # made at start, once each
        #: points, levels, leaderboards, record, settings (reversi.hall)
        self.hall: Hall
        self.limiter: Limiter
        self.lookups: Lookups
        self.service: DuelService
        self.identity: Identity
        self.hub: Hub
        #: arenas and Swiss events (reversi.server.tournaments.tournament_service)
        self.tournaments: Tournaments

    # --- lifespan -----------------------------------------------------------------------

    async def start(self) -> None:
        s = self.settings
        self.store = store = make_store(s.db_url())
        await store.migrate()
        self.broker = make_broker(s.redis_url, s.broker_prefix)
        self.limiter = Limiter(
            s.redis_url,
            "reversi-limits" if s.broker_prefix == "reversi:" else s.broker_prefix + "limits",
        )
        self.lookups = Lookups(self.limiter, s)
        self.hall = new_hall(store, s)
        positions = Positions()
        lobby = Lobby(store, self.broker, positions, s)
        self.service = DuelService(
            store, self.broker, s, positions, lobby, self.hall.level_of, self.hall.rating_shown
        )
        self.tournaments = Tournaments(self.service)
        self.service.on_end = self.tournaments.ended
        self.identity = Identity(store, self.broker, s)
        self.hub = Hub(self.service, self.identity, self.limiter, self.lookups, lobby, s)
        self.broker.on_resync.append(self.hub.resync_all)
        await self.broker.start(self.hub.on_message)
        await credit_downtime(self.service)
        await self.service.book_missed()
        if s.sweep_interval > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="duel-sweeper")
            self._beater = asyncio.create_task(self._beat_forever(), name="duel-heartbeat")
        tune_gc()
        if s.sweep_interval > 0 and s.collect_interval > 0:
            self._collector = asyncio.create_task(
                collect_forever(s.collect_interval, s.full_collect_interval), name="duel-gc"
            )

    async def stop(self) -> None:
        for task in (self._sweeper, self._beater, self._collector):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._sweeper = self._beater = self._collector = None
        if self.store is not None:
            await self.service.settled()
            await self.tournaments.stop()
            await self.hub.close_all()
            with contextlib.suppress(Exception):
                await heartbeat(self.store, self.settings.clock(), stopping=True)
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
        loop = asyncio.get_running_loop()
        last_booked = loop.time()
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self.service.sweep()
                if loop.time() - last_booked >= BOOK_MISSED_EVERY:
                    last_booked = loop.time()
                    await self.service.book_missed()
                await self.hub.sweep_searches()
                await self.hub.close_abandoned()
                await self.hub.report_online()
                await self.tournaments.sweep()
            except Exception:
                log.exception("the sweeper failed; trying again")

    async def _beat_forever(self) -> None:
        """The heartbeat: a process killed without a clean stop was alive until then."""
        while True:
            await asyncio.sleep(self.settings.heartbeat_interval)
            try:
                await heartbeat(self.service.store, self.settings.clock())
            except Exception:
                log.exception("the heartbeat failed; trying again")

    # --- routes -------------------------------------------------------------------------

    def routes(self) -> list[BaseRoute]:
        return [
            *self.http.routes(),
            WebSocketRoute("/ws", self.websocket),
            *self.hall_api.routes(),
            *self.games_http.routes(),
            *self.tournaments_http.routes(),
        ]

    async def websocket(self, ws: WebSocket) -> None:
        await self.hub.serve(ws)


def guards(settings: Settings) -> list[Middleware]:
    """What stands in front of every route (reversi.server.http.guards): a dropped body ends
    quietly, browser headers on every answer, the socket's Origin checked, bodies over
    :data:`MAX_BODY` refused while they are read, bodies slower than ``body_timeout`` cut
    off."""
    return [
        Middleware(DroppedBodies),
        Middleware(BrowserHeaders),
        Middleware(OriginCheck, allowed=settings.origins),
        Middleware(BodyLimit, max_bytes=MAX_BODY),
        Middleware(BodyDeadline, seconds=settings.body_timeout),
    ]


def create_duel_app(settings: Settings | None = None) -> Starlette:
    """A Starlette app with the duel routes only (tests, benchmarks, a bare server)."""
    server = DuelServer(settings)
    app = Starlette(
        routes=server.routes(),
        lifespan=server.lifespan,
        middleware=guards(server.settings),
        exception_handlers=EXCEPTION_HANDLERS,
    )
    app.state.duels = server
    return app
