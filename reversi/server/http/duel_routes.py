"""The duel server's HTTP routes: who you are, opening, joining and resuming tables,
moving to another device. A refusal is raised as a :class:`~reversi.problems.Problem`
and answered in its one shape (``reversi.server.http.problem_replies``); replies are
never cached."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Annotated, Any, Protocol, TypeVar

import msgspec
from limits import parse
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.duel.rules import PER_MOVE
from reversi.duel.table import OPEN, DuelError, normal_code
from reversi.hall.bodies import BadBody, Text, decode
from reversi.hall.device_games import MAX_RESULTS_BODY
from reversi.hall.hall_service import Hall
from reversi.hall.periods import BERLIN
from reversi.problems import Problem
from reversi.server.duels.correspondence import games_of
from reversi.server.duels.duel_service import DuelService
from reversi.server.http.identity import COOKIE, Identity, valid_nickname
from reversi.server.http.lookups import Lookups
from reversi.server.http.problem_replies import problem_response
from reversi.server.http.ratelimit import Limiter
from reversi.server.settings import Settings
from reversi.storage import PlayerRecord

T = TypeVar("T")
NO_STORE = {"Cache-Control": "no-store"}
#: the largest body any route accepts (a batch of computer games, reversi.hall.api);
#: the app refuses bigger ones while reading them (reversi.server.http.guards)
MAX_BODY = MAX_RESULTS_BODY
#: the duel routes' own bodies are small
_BODY_CAP = 4096


def _wait(limit: str, seconds: float, now: float) -> dict[str, Any]:
    """How a refused rename words the wait: the limit's count, the minutes (rounded up)
    and the Berlin wall-clock time of the next possible change."""
    minutes = max(1, math.ceil(seconds / 60))
    at = datetime.fromtimestamp(now + seconds, BERLIN).strftime("%H:%M")
    return {"n": parse(limit).amount, "minutes": minutes, "time": at}


class Nickname(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/me``"""

    nickname: Text


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tables``: a private table is reachable only by its code or link;
    ``onlooker_chat``: onlookers read the players' chat; ``clock``: "move" (Zeit pro
    Zug) or one of the server's clocks ("3+2": Gesamtzeit + Zuschlag); ``rated``:
    "gewertet" """

    private: bool = False
    onlooker_chat: bool = False
    clock: Annotated[str, msgspec.Meta(max_length=16)] = PER_MOVE
    rated: bool = True


class Secret(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/tables/{code}/resume``"""

    secret: Text


class Redeem(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/transfer/redeem``: the link's token or the typed code"""

    token: Text | None = None
    code: Text | None = None


def tls(conn: HTTPConnection) -> bool:
    """Whether the request came over TLS (or, through a trusted proxy, its
    X-Forwarded-Proto said so: uvicorn's proxy headers set the scheme)."""
    return conn.url.scheme in ("https", "wss")


class Parts(Protocol):
    """What the routes use of the running server (``duels.DuelServer``)."""

    settings: Settings
    identity: Identity
    service: DuelService
    limiter: Limiter
    lookups: Lookups
    hall: Hall


class DuelHttp:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    async def _hit(self, limit: str, *key: str) -> bool:
        return await self.parts.limiter.hit(limit, *key)

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/me", self.me, methods=["GET", "POST"]),
            Route("/api/tables", self.open_table, methods=["POST"]),
            Route("/api/tables/{code}", self.get_table, methods=["GET"]),
            Route("/api/tables/{code}/join", self.join_table, methods=["POST"]),
            Route("/api/tables/{code}/resume", self.resume_seat, methods=["POST"]),
            Route("/api/transfer", self.start_transfer, methods=["POST"]),
            Route("/api/transfer/redeem", self.redeem_transfer, methods=["POST"]),
            Route("/api/fernpartien", self.correspondence, methods=["GET"]),
        ]

    async def correspondence(self, request: Request) -> Response:
        """The player's Fernpartien (``reversi.server.duels.correspondence``)."""
        player = await self.player(request)
        store, now = self.parts.service.store, self.parts.settings.clock()
        body = await games_of(store, player.id if player else None, now)
        return JSONResponse(body, headers=NO_STORE)

    async def player(self, conn: HTTPConnection) -> PlayerRecord | None:
        """The player the request's cookie names, if it is valid."""
        return await self.parts.identity.from_cookie(conn.cookies.get(COOKIE))

    async def player_or_new(self, request: Request) -> tuple[PlayerRecord, bool]:
        """The cookie's player, or a new guest (True: the reply must set the cookie).
        New guests are limited per address (``new_player_limit``): ``rate_limited``.
        An old cookie is renewed (True as well)."""
        player, refresh = await self.parts.identity.from_cookie_refresh(request.cookies.get(COOKIE))
        if player is not None:
            return player, refresh
        if not await self._hit(
            self.parts.settings.new_player_limit, "new-player", self.client(request)
        ):
            raise DuelError("rate_limited", key="server.rate_limited.players")
        return await self.parts.identity.create(), True

    def _reply(
        self, request: Request, data: Any, player: PlayerRecord, fresh: bool, status: int = 200
    ) -> JSONResponse:
        return self._with_cookie(
            request, JSONResponse(data, status_code=status, headers=NO_STORE), player, fresh
        )

    def _with_cookie(
        self, request: Request, response: JSONResponse, player: PlayerRecord, fresh: bool
    ) -> JSONResponse:
        """``response``, setting the cookie of a new (or renewed) player."""
        if fresh:
            response.set_cookie(**self.parts.identity.cookie_args(player, tls(request)))
        return response

    @staticmethod
    async def _body(request: Request, kind: type[T], code: str, key: str | None = None) -> T:
        """The body as a ``kind`` (reversi.hall.bodies: valid JSON and text, known fields
        of the right kinds); a field that does not fit is ``code`` (``key``)."""
        try:
            return decode(await request.body(), kind, _BODY_CAP)
        except BadBody as why:
            if why.problem == "too_big":
                raise DuelError("too_big", key="hall.error.too_big", limit=_BODY_CAP) from None
            if why.problem in ("bad_json", "bad_text"):
                raise DuelError(why.problem, key="request." + why.problem) from None
            if why.problem == "not_object":
                raise DuelError("bad_json", key="request.bad_json.object") from None
            raise DuelError(code, key=key) from None

    def client(self, request: HTTPConnection) -> str:
        """The client's address, the key of the per-address rate limits."""
        return request.client.host if request.client else "?"

    async def me(self, request: Request) -> Response:
        player, fresh = await self.player_or_new(request)
        if request.method == "POST":
            nickname = (
                await self._body(request, Nickname, "bad_nickname", "server.bad_nickname.missing")
            ).nickname
            player = await self._rename(player, nickname)
        tables = await self.parts.service.store.read(lambda rows: rows.tables_of(player.id, OPEN))
        return self._reply(
            request,
            {
                "nickname": player.nickname,
                "tables": [t.code for t in tables],
                **await self.parts.hall.me(player.id),
            },
            player,
            fresh,
        )

    async def _rename(self, player: PlayerRecord, nickname: str) -> PlayerRecord:
        """A new name, if it is valid and the player has renames left: only a change
        counts against ``rename_limit`` (a refused try or the same name does not), and a
        refusal says when the next change is possible."""
        limit = self.parts.settings.rename_limit
        if not await self.parts.limiter.test(limit, "rename", player.id):
            wait = await self.parts.limiter.wait(limit, "rename", player.id)
            raise DuelError(
                "rate_limited",
                key="server.rate_limited.rename",
                **_wait(limit, wait, self.parts.settings.clock()),
            )
        if valid_nickname(nickname) == player.nickname:
            return player
        renamed = await self.parts.identity.rename(player, nickname)
        await self.parts.limiter.hit(limit, "rename", player.id)
        await self.parts.service.rename(renamed.id, renamed.nickname)
        return renamed

    async def open_table(self, request: Request) -> Response:
        s = self.parts.settings
        if not (await self.parts.limiter.hit(s.create_limit, "create", self.client(request))):
            raise DuelError("rate_limited", key="server.rate_limited.tables")
        player, fresh = await self.player_or_new(request)
        if not await self.parts.limiter.hit(s.create_limit, "create-player", player.id):
            raise DuelError("rate_limited", key="server.rate_limited.tables")
        try:
            body = await self._body(request, NewTable, "bad_private")
            table = await self.parts.service.open_table(
                player.id, player.nickname, body.private, body.onlooker_chat, body.clock, body.rated
            )
        except Problem as e:
            return self._with_cookie(request, problem_response(e), player, fresh)
        state = await self.parts.service.state(table.code, player.id)
        return self._reply(request, state, player, fresh, 201)

    async def get_table(self, request: Request) -> Response:
        code = normal_code(request.path_params["code"])
        player = await self.player(request)
        state = await self.parts.service.state(code, player.id if player else None)
        seated = state is not None and state["you"]["seat"] is not None
        if not seated and not await self.parts.lookups.allow(
            self.client(request), player.id if player else None, state is not None
        ):
            raise DuelError("rate_limited", key="server.rate_limited.lookups")
        if state is None:
            raise DuelError("unknown_table")
        return JSONResponse(state, headers=NO_STORE)

    async def join_table(self, request: Request) -> Response:
        s = self.parts.settings
        address = self.client(request)
        if not await self._hit(s.join_limit, "join", address):
            raise DuelError("rate_limited")
        if not await self._hit(s.sit_limit, "sit", address):
            raise DuelError("rate_limited", key="server.rate_limited.sit")
        code = normal_code(request.path_params["code"])
        player, fresh = await self.player_or_new(request)
        if not await self._hit(s.sit_limit, "sit-player", player.id):
            raise DuelError("rate_limited", key="server.rate_limited.sit")
        table = await self.parts.service.store.read(lambda rows: rows.table(code))
        seated = table is not None and player.id in (table.seat0, table.seat1)
        if not seated and not await self.parts.lookups.allow(address, player.id, table is not None):
            # joining by code is a look-up: 404 and 409 would tell codes apart otherwise
            raise DuelError("rate_limited", key="server.rate_limited.lookups")
        try:
            await self.parts.service.join(player.id, player.nickname, code)
        except Problem as e:
            return self._with_cookie(request, problem_response(e), player, fresh)
        return self._reply(request, await self.parts.service.state(code, player.id), player, fresh)

    async def resume_seat(self, request: Request) -> Response:
        """Continues at a seat on this device with the seat's secret (the link "Mein Platz
        auf einem anderen Gerät"): this device becomes the seat's player, as with a
        transfer link (see ``DuelService.resume``)."""
        if not await self._hit(self.parts.settings.join_limit, "join", self.client(request)):
            raise DuelError("rate_limited")
        code = normal_code(request.path_params["code"])
        try:
            secret = (await self._body(request, Secret, "bad_secret")).secret
            player, fresh = await self.player_or_new(request)
            _, holder = await self.parts.service.resume(player.id, player.nickname, code, secret)
        except DuelError as e:
            if e.code not in ("bad_secret", "unknown_table"):
                raise
            # no table, or a wrong secret: one answer, and a guess (no code oracle)
            address = self.client(request)
            if not await self.parts.lookups.allow(address, None, False):
                raise DuelError("rate_limited", key="server.rate_limited.lookups") from None
            raise DuelError("bad_secret") from None
        if holder != player.id:
            player, fresh = await self.parts.identity.move_here(holder), True
        return self._reply(request, await self.parts.service.state(code, player.id), player, fresh)

    async def start_transfer(self, request: Request) -> Response:
        player = await self.player(request)
        if player is None:
            raise DuelError("not_identified", key="request.not_identified")
        if not await self._hit(self.parts.settings.transfer_limit, "transfer", player.id):
            raise DuelError("rate_limited")
        return JSONResponse(await self.parts.identity.start_transfer(player), headers=NO_STORE)

    async def redeem_transfer(self, request: Request) -> Response:
        if not await self._hit(self.parts.settings.transfer_limit, "redeem", self.client(request)):
            raise DuelError("rate_limited")
        body = await self._body(request, Redeem, "bad_transfer", "server.bad_transfer.missing")
        if not (body.token or body.code):
            raise DuelError("bad_transfer", key="server.bad_transfer.missing")
        player = await self.parts.identity.redeem(token=body.token, code=body.code)
        if player is None:
            raise DuelError("bad_transfer")
        return self._reply(request, {"nickname": player.nickname}, player, True)
