"""The tournament routes (docs/api.md, "Turniere"): the list, one tournament with its
standings, making one, joining and leaving. Refusals are
:class:`~reversi.problems.Problem` in the one error shape."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.duel.table import DuelError
from reversi.hall.bodies import Text
from reversi.server.http.duel_routes import NO_STORE, DuelHttp
from reversi.server.tournaments.tournament_service import NewTournament, Tournaments

#: a tournament's id as made (``secrets.token_urlsafe(12)``), and no longer
ID_MAX = 24


class TournamentBody(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tournaments``"""

    name: Text
    kind: Annotated[str, msgspec.Meta(max_length=8)]
    starts_at: float
    clock: Annotated[str, msgspec.Meta(max_length=8)]
    minutes: int | None = None
    rounds: int | None = None
    xot: bool = False
    rated: bool = True
    private: bool = False


class TournamentsHttp:
    def __init__(self, http: DuelHttp, tournaments: Callable[[], Tournaments]) -> None:
        self.http = http
        #: the server's tournaments, made when it starts
        self._tournaments = tournaments

    @property
    def tournaments(self) -> Tournaments:
        return self._tournaments()

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/tournaments", self.index, methods=["GET", "POST"]),
            Route("/api/tournaments/{id}", self.one, methods=["GET"]),
            Route("/api/tournaments/{id}/join", self.join, methods=["POST"]),
            Route("/api/tournaments/{id}/leave", self.leave, methods=["POST"]),
        ]

    @staticmethod
    def _id(request: Request) -> str:
        found = str(request.path_params["id"])
        if len(found) > ID_MAX:
            raise DuelError("unknown_tournament")
        return found

    async def index(self, request: Request) -> Response:
        if request.method == "POST":
            return await self.create(request)
        player = await self.http.player(request)
        listing = await self.tournaments.listing(player.id if player else None)
        return JSONResponse(listing, headers=NO_STORE)

    async def create(self, request: Request) -> Response:
        parts = self.http.parts
        player = await self.http.player(request)
        if player is None:
            raise DuelError("not_identified", key="request.not_identified")
        if not await parts.limiter.hit(parts.settings.create_limit, "tournament", player.id):
            raise DuelError("rate_limited")
        body = await self.http._body(request, TournamentBody, "bad_tournament")
        if not math.isfinite(body.starts_at):
            raise DuelError("bad_tournament", key="server.bad_tournament.starts_at", days=30)
        made = await self.tournaments.create(
            player.id,
            player.nickname,
            NewTournament(
                name=body.name,
                kind=body.kind,
                starts_at=body.starts_at,
                minutes=body.minutes,
                rounds=body.rounds,
                clock=body.clock,
                xot=body.xot,
                rated=body.rated,
                private=body.private,
            ),
        )
        return JSONResponse(made, status_code=201, headers=NO_STORE)

    async def one(self, request: Request) -> Response:
        player = await self.http.player(request)
        found = await self.tournaments.detail(self._id(request), player.id if player else None)
        return JSONResponse(found, headers=NO_STORE)

    async def join(self, request: Request) -> Response:
        player, fresh = await self.http.player_or_new(request)
        found = await self.tournaments.join(player.id, self._id(request))
        return self.http._reply(request, found, player, fresh)

    async def leave(self, request: Request) -> Response:
        player = await self.http.player(request)
        if player is None:
            raise DuelError("not_identified", key="request.not_identified")
        found = await self.tournaments.leave(player.id, self._id(request))
        return JSONResponse(found, headers=NO_STORE)
