"""The hall's HTTP routes (Starlette): leaderboards, milestones, results from devices,
settings. Documented in ``docs/api.md``.

The hall does not know how players are identified: the app hands it a
:class:`Players` (the duel server's signed cookie). Every answer is JSON with
``Cache-Control: no-store``; a refusal is a :class:`~reversi.problems.Problem` (its
one shape and status: the app's handler) and changes nothing. A batch of a device's
computer games and its checks: ``device_games.py``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Protocol, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.hall.bodies import BadBody, Seconds, Text, decode
from reversi.hall.device_games import (
    MAX_BATCH,
    MAX_RESULTS_BODY,
    BadGame,
    DeviceRecords,
    ResultsBody,
    bad_game,
    check_device_game,
)
from reversi.hall.hall_service import Hall
from reversi.hall.milestones import MILESTONE_IDS
from reversi.hall.periods import PERIODS, PeriodError, parse_day
from reversi.hall.writes import DeviceGame
from reversi.problems import Problem

T = TypeVar("T")
NO_STORE = {"Cache-Control": "no-store"}
#: the limit of the settings
MAX_SETTINGS_BODY = 2048
#: limits of the drill's progress (``/api/drill``): items kept, items and bytes of a body
MAX_DRILL_ITEMS = 300
MAX_DRILL_BATCH = 50
MAX_DRILL_BODY = 32_768
#: limits of the puzzle progress (``/api/puzzles``): attempts kept (a batch and a body as
#: the drill's)
MAX_PUZZLE_ATTEMPTS = 1000
#: items kept per deck where it is not MAX_DRILL_ITEMS
KEPT = {"puzzles": MAX_PUZZLE_ATTEMPTS}


@dataclass(frozen=True)
class HallPlayer:
    id: str
    nickname: str


class Players(Protocol):
    async def find(self, request: Request) -> HallPlayer | None:
        """The player of this request, or None."""

    async def find_or_create(
        self, request: Request
    ) -> tuple[HallPlayer, Callable[[Response], None] | None]:
        """The player, made if new; with a function that sets the new player's cookie."""


#: what a body's problem is called (reversi.hall.bodies)
_PROBLEMS = {
    "too_big": ("too_big", "hall.error.too_big"),
    "bad_json": ("bad_json", "request.bad_json"),
    "bad_text": ("bad_text", "request.bad_text"),
    "not_object": ("bad_json", "request.bad_json.object"),
}


async def _body(request: Request, kind: type[T], limit: int, code: str, key: str) -> T:
    """The body as a ``kind`` (see :mod:`reversi.hall.bodies`); a field that does not fit
    is ``code`` with the catalogue's ``key``."""
    try:
        return decode(await request.body(), kind, limit)
    except BadBody as why:
        if why.problem in _PROBLEMS:
            raise _body_problem(why, limit) from None
        raise Problem(code, key) from None


def _body_problem(why: BadBody, limit: int) -> Problem:
    """A body that is too big, no JSON, no text or no object."""
    problem, key = _PROBLEMS[why.problem]
    if problem == "too_big":
        return Problem(problem, key, limit=limit)
    return Problem(problem, key)


class MilestonesSeen(msgspec.Struct, forbid_unknown_fields=True):
    ids: Annotated[list[Text], msgspec.Meta(max_length=100)]


class SettingsBody(msgspec.Struct, forbid_unknown_fields=True):
    settings: dict[Annotated[str, msgspec.Meta(max_length=40)], bool | Text]
    changed_at: Seconds


#: a setting's allowed values: a tuple of them, ``bool``, or a pattern a text matches whole
Schema = Mapping[str, tuple[Any, ...] | type | re.Pattern[str]]


def check_settings(value: Any, schema: Schema) -> dict[str, Any]:
    """Settings as an object of known names with allowed values (a subset is fine).

    >>> check_settings({"dots": True}, {"dots": bool, "level": ("leicht", "mittel")})
    {'dots': True}
    """
    if not isinstance(value, dict):
        raise Problem("bad_settings", "hall.error.bad_settings")
    for name, setting in value.items():
        allowed = schema.get(name)
        if allowed is None:
            raise Problem("bad_settings", "hall.error.bad_settings.unknown", name=name[:40])
        if isinstance(allowed, tuple):
            ok = not isinstance(setting, bool) and setting in allowed
        elif isinstance(allowed, re.Pattern):
            ok = isinstance(setting, str) and allowed.fullmatch(setting) is not None
        else:
            ok = isinstance(setting, bool)
        if not ok:
            raise Problem("bad_settings", "hall.error.bad_settings.value", name=name)
    return dict(value)


#: whether a write from this request is within the rate limit (True: go ahead)
Allow = Callable[[Request], Awaitable[bool]]
#: whether this request's player may store this many more device games (True: counted)
AllowGames = Callable[[Request, str, int], Awaitable[bool]]


async def _always(request: Request) -> bool:
    return True


async def _always_games(request: Request, player_id: str, count: int) -> bool:
    return True


class HallApi:
    def __init__(
        self,
        hall: Callable[[], Hall],
        players: Players,
        settings_schema: Schema,
        allow_write: Allow = _always,
        records: DeviceRecords | None = None,
        allow_games: AllowGames = _always_games,
        decks: Mapping[str, type[Any]] | None = None,
    ) -> None:
        #: the running hall (made when the app starts, after its routes)
        self._hall = hall
        self.allow_games = allow_games
        self.records = records
        self.players = players
        self.schema = settings_schema
        self.allow_write = allow_write
        #: the game's decks of spaced repetition by name (``/api/{name}``, e.g. the drill
        #: ``drill``): the body of their ``PUT``, a list of the deck's items
        self.deck_bodies: dict[str, type[Any]] = {}
        for name, item in (decks or {}).items():
            items = Annotated[list[item], msgspec.Meta(max_length=MAX_DRILL_BATCH)]  # type: ignore[valid-type]
            self.deck_bodies[name] = msgspec.defstruct(
                f"{name.title()}Body", [("items", items)], forbid_unknown_fields=True
            )

    @property
    def hall(self) -> Hall:
        return self._hall()

    async def _check_rate(self, request: Request) -> None:
        if not await self.allow_write(request):
            raise Problem("rate_limited", "hall.error.rate_limited")

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/leaderboard", self.leaderboard, methods=["GET"]),
            Route("/api/milestones", self.milestones, methods=["GET"]),
            Route("/api/ratings", self.ratings, methods=["GET"]),
            Route("/api/milestones/seen", self.milestones_seen, methods=["POST"]),
            Route("/api/results", self.results, methods=["POST"]),
            Route("/api/settings", self.settings, methods=["GET", "PUT"]),
            *(
                Route(f"/api/{name}", self._deck_route(name), methods=["GET", "PUT"])
                for name in self.deck_bodies
            ),
        ]

    @staticmethod
    def _reply(
        data: Any, set_cookie: Callable[[Response], None] | None = None, status: int = 200
    ) -> JSONResponse:
        response = JSONResponse(data, status_code=status, headers=NO_STORE)
        if set_cookie is not None:
            set_cookie(response)
        return response

    async def leaderboard(self, request: Request) -> Response:
        kind = request.query_params.get("period", "week")
        at = request.query_params.get("at")
        if kind not in PERIODS:
            raise Problem("bad_period", "hall.error.bad_period")
        try:
            day = parse_day(at) if at else None
        except PeriodError:
            raise Problem("bad_date", "hall.error.bad_date") from None
        player = await self.players.find(request)
        board = await self.hall.leaderboard(kind, player.id if player else None, day)
        return self._reply(board)

    async def ratings(self, request: Request) -> Response:
        """The Rangliste of the Wertungszahl in one time class."""
        time_class = request.query_params.get("class", self.hall.time_classes[0])
        if time_class not in self.hall.time_classes:
            raise Problem(
                "bad_time_class",
                "hall.error.bad_time_class",
                choices=", ".join(self.hall.time_classes),
            )
        player = await self.players.find(request)
        return self._reply(await self.hall.rating_board(time_class, player.id if player else None))

    async def milestones(self, request: Request) -> Response:
        player = await self.players.find(request)
        return self._reply(await self.hall.milestones(player.id if player else None))

    async def milestones_seen(self, request: Request) -> Response:
        player = await self.players.find(request)
        if player is None:
            raise Problem("not_identified", "request.not_identified")
        ids = (
            await _body(
                request, MilestonesSeen, 1024, "bad_milestones", "hall.error.bad_milestones"
            )
        ).ids
        if not all(i in MILESTONE_IDS for i in ids):
            raise Problem("bad_milestones", "hall.error.bad_milestones")
        await self.hall.mark_seen(player.id, ids)
        return self._reply(await self.hall.milestones(player.id))

    async def results(self, request: Request) -> Response:
        await self._check_rate(request)
        try:
            items = decode(await request.body(), ResultsBody, MAX_RESULTS_BODY).results
        except BadBody as why:
            if why.problem in _PROBLEMS:
                raise _body_problem(why, MAX_RESULTS_BODY) from None
            raise bad_game(why, self.hall.levels) from None
        if len(items) > MAX_BATCH:
            raise Problem("too_many", "hall.error.too_many", max=MAX_BATCH)
        now = self.hall.clock()
        games: list[DeviceGame] = []
        own: list[Any] = []
        for index, item in enumerate(items):
            try:
                if self.records is None and item.own_fields():
                    raise BadGame("hall.game.unknown_field", name=sorted(item.own_fields())[0])
                games.append(check_device_game(item, self.hall.levels, now))
                if self.records is not None:
                    own.append(self.records.check(item.own_fields(), games[-1]))
            except BadGame as why:
                raise Problem(
                    "bad_results", "hall.error.bad_game", number=index + 1, why=str(why)
                ) from None
        if len({g.client_id for g in games}) != len(games):
            raise Problem("bad_results", "hall.error.bad_results.twice")
        player, set_cookie = await self.players.find_or_create(request)
        if games and not await self.allow_games(request, player.id, len(games)):
            raise Problem("results_full", "hall.error.results_full")
        records = self.records
        also = None if records is None else (lambda conn: records.write(conn, player.id, own))
        new = await self.hall.add_device_games(player.id, games, also) if games else []
        return self._reply({"acknowledged": [g.client_id for g in games], "new": new}, set_cookie)

    async def settings(self, request: Request) -> Response:
        if request.method == "GET":
            player = await self.players.find(request)
            kept = await self.hall.settings(player.id) if player else None
            return self._reply(kept or {"settings": None, "changed_at": None})
        await self._check_rate(request)
        try:
            body = decode(await request.body(), SettingsBody, MAX_SETTINGS_BODY)
        except BadBody as why:
            if why.problem in _PROBLEMS:
                raise _body_problem(why, MAX_SETTINGS_BODY) from None
            if why.problem == "unknown_field" and why.path == "$":
                raise Problem("bad_settings", "hall.error.bad_settings.fields") from None
            if why.field() == "changed_at":
                raise Problem("bad_settings", "hall.error.bad_settings.changed_at") from None
            raise Problem("bad_settings", "hall.error.bad_settings") from None
        settings = check_settings(body.settings, self.schema)
        changed_at = min(body.changed_at, self.hall.clock() + 60)
        player, set_cookie = await self.players.find_or_create(request)
        kept = await self.hall.save_settings(player.id, settings, changed_at)
        return self._reply(kept, set_cookie)

    def _deck_route(self, name: str) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            return await self.deck(request, name)

        return route

    async def deck(self, request: Request, name: str) -> Response:
        """A deck's progress (:mod:`reversi.hall.progress`): ``PUT`` merges the sent
        items into the stored ones, both answer the stored items. A bad body is
        ``bad_{name}``."""
        if request.method == "GET":
            player = await self.players.find(request)
            return self._reply({"items": await self.hall.drill(player.id, name) if player else []})
        await self._check_rate(request)
        bad = f"bad_{name}"
        try:
            body = decode(await request.body(), self.deck_bodies[name], MAX_DRILL_BODY)
        except BadBody as why:
            if why.problem in _PROBLEMS:
                raise _body_problem(why, MAX_DRILL_BODY) from None
            index = why.index("items")
            if index is None:
                raise Problem(bad, f"hall.error.{bad}", max=MAX_DRILL_BATCH) from None
            field = "id" if why.path.endswith("]") else why.field()
            raise Problem(
                bad, f"hall.error.{bad}.item", number=index + 1, field=field[:20]
            ) from None
        items = [msgspec.to_builtins(item) for item in body.items]
        if len({item["id"] for item in items}) != len(items):
            raise Problem(bad, f"hall.error.{bad}.twice")
        latest = self.hall.clock() + 60
        for item in items:
            item["changed_at"] = min(item["changed_at"], latest)
        player, set_cookie = await self.players.find_or_create(request)
        kept = await self.hall.save_drill(player.id, items, KEPT.get(name, MAX_DRILL_ITEMS), name)
        return self._reply({"items": kept}, set_cookie)
