"""The hall's HTTP routes (Starlette): leaderboards, milestones, results from devices,
settings. Documented in ``docs/api.md``.

The hall does not know how players are identified: the app hands it a
:class:`Players` (the duel server's signed cookie). Every answer is JSON with
``Cache-Control: no-store``; errors are ``{"error": code, "key": catalogue key,
"params": {…}, "message": German text}`` and change nothing.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.hall.milestones import MILESTONE_IDS
from reversi.hall.periods import PERIODS, PeriodError, parse_day
from reversi.hall.points import OUTCOMES
from reversi.hall.queries import DeviceGame
from reversi.hall.service import Hall
from reversi.texts import text

NO_STORE = {"Cache-Control": "no-store"}
#: limits of a batch of computer games and of the settings
MAX_BATCH = 50
MAX_RESULTS_BODY = 32_768
MAX_SETTINGS_BODY = 2048
_CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
_DETAIL_KEY = re.compile(r"[a-z_]{1,16}")
#: computer games are accepted from 2020 on and up to a day ahead of the server's clock
EARLIEST = 1_577_836_800.0


@dataclass(frozen=True)
class HallPlayer:
    id: str
    nickname: str


class Players(Protocol):
    async def find(self, request: Request) -> HallPlayer | None:
        """The player of this request, or None."""

    async def find_or_create(self, request: Request
                             ) -> tuple[HallPlayer, Callable[[Response], None] | None]:
        """The player, made if new; with a function that sets the new player's cookie."""


class BadInput(Exception):
    """A request the hall refuses: ``code`` for programs, the catalogue's ``key`` and
    ``params`` for its German ``message``."""

    def __init__(self, code: str, key: str, status: int = 400, **params: Any) -> None:
        self.code, self.key, self.status, self.params = code, key, status, params
        self.message = text(key, **params)
        super().__init__(self.message)


class BadGame(ValueError):
    """Why one computer game of a batch is refused (a catalogue key and its params)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(text(key, **params))


def error(e: BadInput) -> JSONResponse:
    return JSONResponse({"error": e.code, "key": e.key, "params": e.params,
                         "message": e.message}, status_code=e.status, headers=NO_STORE)


async def _json(request: Request, limit: int) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > limit:
        raise BadInput("too_big", "hall.error.too_big", 413, limit=limit)
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise BadInput("bad_json", "request.bad_json") from None
    if not isinstance(data, dict):
        raise BadInput("bad_json", "request.bad_json.object")
    return data


#: a setting's allowed values: a tuple of them, or ``bool``
Schema = Mapping[str, tuple[Any, ...] | type]


def check_settings(value: Any, schema: Schema) -> dict[str, Any]:
    """Settings as an object of known names with allowed values (a subset is fine).

    >>> check_settings({"dots": True}, {"dots": bool, "level": ("leicht", "mittel")})
    {'dots': True}
    """
    if not isinstance(value, dict):
        raise BadInput("bad_settings", "hall.error.bad_settings")
    for name, setting in value.items():
        allowed = schema.get(name)
        if allowed is None:
            raise BadInput("bad_settings", "hall.error.bad_settings.unknown", name=name[:40])
        ok = (isinstance(setting, bool) if allowed is bool
              else not isinstance(setting, bool) and setting in allowed)  # type: ignore[operator]
        if not ok:
            raise BadInput("bad_settings", "hall.error.bad_settings.value", name=name)
    return dict(value)


class DeviceRecords(Protocol):
    """What a game adds to its device games (Reversi: their moves, for the archive)."""

    #: the fields of its own a device game may carry; with one of them, ``level`` may be
    #: null (a game between people on one device: recorded by the game only)
    fields: frozenset[str]

    def check(self, item: dict[str, Any], game: DeviceGame) -> Any:
        """The game's own part of ``item``, checked (:class:`BadGame` if wrong)."""

    def write(self, conn: Any, player_id: str, checked: list[Any]) -> list[str]:
        """Stores the checked parts in the hall's transaction; the client ids stored now."""


def check_device_game(item: Any, levels: tuple[str, ...], now: float,
                      fields: frozenset[str] = frozenset()) -> DeviceGame:
    """One computer game of a batch (see docs/api.md); ``fields``: a game's own ones."""
    if not isinstance(item, dict):
        raise BadGame("hall.game.not_object")
    unknown = set(item) - {"id", "level", "outcome", "finished_at", "detail"} - fields
    if unknown:
        raise BadGame("hall.game.unknown_field", name=sorted(unknown)[0][:20])
    client_id, lvl, outcome = item.get("id"), item.get("level"), item.get("outcome")
    when, detail = item.get("finished_at"), item.get("detail", {})
    if not isinstance(client_id, str) or not _CLIENT_ID.fullmatch(client_id):
        raise BadGame("hall.game.id")
    if lvl not in levels and not (lvl is None and fields & set(item)):
        raise BadGame("hall.game.level", levels=", ".join(levels))
    if outcome not in OUTCOMES:
        raise BadGame("hall.game.outcome")
    if (isinstance(when, bool) or not isinstance(when, int | float) or not math.isfinite(when)
            or not EARLIEST <= when <= now + 86_400):
        raise BadGame("hall.game.finished_at")
    if not isinstance(detail, dict) or len(detail) > 8 or not all(
            isinstance(k, str) and _DETAIL_KEY.fullmatch(k)
            and (v is None or isinstance(v, bool | int)
                 or (isinstance(v, str) and len(v) <= 16)) for k, v in detail.items()):
        raise BadGame("hall.game.detail")
    return DeviceGame(client_id, lvl, outcome, float(when), detail)


#: whether a write from this request is within the rate limit (True: go ahead)
Allow = Callable[[Request], Awaitable[bool]]


async def _always(request: Request) -> bool:
    return True


class HallApi:
    def __init__(self, hall: Hall, players: Players, settings_schema: Schema,
                 allow_write: Allow = _always, records: DeviceRecords | None = None) -> None:
        self.hall = hall
        self.records = records
        self.players = players
        self.schema = settings_schema
        self.allow_write = allow_write

    async def _check_rate(self, request: Request) -> None:
        if not await self.allow_write(request):
            raise BadInput("rate_limited", "hall.error.rate_limited", 429)

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/leaderboard", self.leaderboard, methods=["GET"]),
            Route("/api/milestones", self.milestones, methods=["GET"]),
            Route("/api/milestones/seen", self.milestones_seen, methods=["POST"]),
            Route("/api/results", self.results, methods=["POST"]),
            Route("/api/settings", self.settings, methods=["GET", "PUT"]),
        ]

    @staticmethod
    def _reply(data: Any, set_cookie: Callable[[Response], None] | None = None,
               status: int = 200) -> JSONResponse:
        response = JSONResponse(data, status_code=status, headers=NO_STORE)
        if set_cookie is not None:
            set_cookie(response)
        return response

    async def leaderboard(self, request: Request) -> Response:
        kind = request.query_params.get("period", "week")
        at = request.query_params.get("at")
        try:
            if kind not in PERIODS:
                raise BadInput("bad_period", "hall.error.bad_period")
            day = parse_day(at) if at else None
        except PeriodError:
            return error(BadInput("bad_date", "hall.error.bad_date"))
        except BadInput as e:
            return error(e)
        player = await self.players.find(request)
        board = await self.hall.leaderboard(kind, player.id if player else None, day)
        return self._reply(board)

    async def milestones(self, request: Request) -> Response:
        player = await self.players.find(request)
        return self._reply(await self.hall.milestones(player.id if player else None))

    async def milestones_seen(self, request: Request) -> Response:
        player = await self.players.find(request)
        try:
            if player is None:
                raise BadInput("not_identified", "request.not_identified", 401)
            ids = (await _json(request, 1024)).get("ids")
            if not isinstance(ids, list) or not all(i in MILESTONE_IDS for i in ids):
                raise BadInput("bad_milestones", "hall.error.bad_milestones")
        except BadInput as e:
            return error(e)
        await self.hall.mark_seen(player.id, ids)
        return self._reply(await self.hall.milestones(player.id))

    async def results(self, request: Request) -> Response:
        try:
            await self._check_rate(request)
            body = await _json(request, MAX_RESULTS_BODY)
            items = body.get("results")
            if set(body) != {"results"} or not isinstance(items, list):
                raise BadInput("bad_results", "hall.error.bad_results")
            if len(items) > MAX_BATCH:
                raise BadInput("too_many", "hall.error.too_many", 413, max=MAX_BATCH)
            now = self.hall.clock()
            games: list[DeviceGame] = []
            own: list[Any] = []
            fields = self.records.fields if self.records else frozenset()
            for index, item in enumerate(items):
                try:
                    games.append(check_device_game(item, self.hall.levels, now, fields))
                    if self.records is not None:
                        own.append(self.records.check(item, games[-1]))
                except BadGame as why:
                    raise BadInput("bad_results", "hall.error.bad_game", number=index + 1,
                                   why=str(why)) from None
            if len({g.client_id for g in games}) != len(games):
                raise BadInput("bad_results", "hall.error.bad_results.twice")
        except BadInput as e:
            return error(e)
        player, set_cookie = await self.players.find_or_create(request)
        records = self.records
        also = None if records is None else (lambda conn: records.write(conn, player.id, own))
        new = await self.hall.add_device_games(player.id, games, also) if games else []
        return self._reply({"acknowledged": [g.client_id for g in games], "new": new},
                           set_cookie)

    async def settings(self, request: Request) -> Response:
        if request.method == "GET":
            player = await self.players.find(request)
            kept = await self.hall.settings(player.id) if player else None
            return self._reply(kept or {"settings": None, "changed_at": None})
        try:
            await self._check_rate(request)
            body = await _json(request, MAX_SETTINGS_BODY)
            if set(body) - {"settings", "changed_at"}:
                raise BadInput("bad_settings", "hall.error.bad_settings.fields")
            settings = check_settings(body.get("settings"), self.schema)
            changed_at = body.get("changed_at")
            if (isinstance(changed_at, bool) or not isinstance(changed_at, int | float)
                    or not math.isfinite(changed_at) or changed_at < 0):
                raise BadInput("bad_settings", "hall.error.bad_settings.changed_at")
            changed_at = min(float(changed_at), self.hall.clock() + 60)
        except BadInput as e:
            return error(e)
        player, set_cookie = await self.players.find_or_create(request)
        kept = await self.hall.save_settings(player.id, settings, changed_at)
        return self._reply(kept, set_cookie)
