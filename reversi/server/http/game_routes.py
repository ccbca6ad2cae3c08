"""The archive's HTTP routes (documented in docs/api.md): a player's finished games,
one game to replay, and its GGF download.

A public duel's replay is anyone's by its table code (it holds no seat secrets, no
chat, no player ids); a private duel's only for its two players, and a device game only
for its owner. Whoever reads a game that is not theirs counts a look-up by code
(``reversi.server.http.lookups``, as ``GET /api/tables/{code}``): 429 once used up. Bad ids
and parameters are refused (a :class:`~reversi.problems.Problem`, answered in its one
shape by ``reversi.server.http.problem_replies``) and change nothing.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.archive import archive_queries as q
from reversi.archive.record import GameRecord, ggf_of
from reversi.problems import Problem
from reversi.server.http.lookups import Lookups
from reversi.storage import PlayerRecord, Store

NO_STORE = {"Cache-Control": "no-store"}
#: games per page: the default and the most
PAGE, MAX_PAGE = 20, 100
_ID = re.compile(r"[A-Za-z0-9_-]{4,24}")
#: ``before``: seconds, or a page's ``next`` (seconds and the row's order, ``…_17``)
_BEFORE = re.compile(r"(\d{1,11}(?:\.\d{1,9})?)(?:_(\d{1,12}))?")
_LIMIT = re.compile(r"\d{1,3}")
#: the largest ``seq`` (a 32-bit integer column)
LAST_SEQ = 2**31 - 1


class GamesParts(Protocol):
    async def player(self, request: Request) -> PlayerRecord | None: ...

    def client(self, request: HTTPConnection) -> str: ...


def _you(game: GameRecord, player_id: str | None) -> str | None:
    """The caller's side: ``black``, ``white``, ``both`` (two on one device) or None."""
    if player_id is None:
        return None
    sides = [c for c in ("black", "white") if getattr(game, f"{c}_id") == player_id]
    if not sides and game.owner_id == player_id:
        return "both"
    return sides[0] if len(sides) == 1 else "both" if sides else None


def summary(game: GameRecord, player_id: str | None) -> dict[str, Any]:
    """A game in a list: who played whom, how it ended, when; its replay's link."""
    return {
        "id": game.id,
        "kind": game.kind,
        "black": game.players["black"],
        "white": game.players["white"],
        "you": _you(game, player_id),
        "result": game.result,
        "counting": game.counting,
        "moves": sum(m != "pass" for m in game.moves),
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "link": f"/partie/{game.id}",
        "ggf": f"/api/games/{game.id}.ggf",
        # a device game's own id there: the device shows its copy and this once
        **({"client_id": game.client_id} if game.client_id else {}),
    }


def detail(game: GameRecord, player_id: str | None) -> dict[str, Any]:
    """The whole game for the replay page: every move with its passes and clocks."""
    color = "black" if game.root is None else ("black" if game.root.endswith("X") else "white")
    moves = []
    placed = 0
    for index, move in enumerate(game.moves):
        seconds = game.clocks[index] if game.clocks else None
        placed += move != "pass"
        moves.append(
            {
                "index": index,
                "ply": placed if move != "pass" else None,
                "color": color,
                "square": None if move == "pass" else move,
                "seconds": seconds,
            }
        )
        color = "white" if color == "black" else "black"
    return {
        **summary(game, player_id),
        "root": game.root,
        "transcript": game.transcript,
        "moves": moves,
        "clocks": game.clocks is not None,
        "tags": game.tags,
    }


class GamesHttp:
    def __init__(self, parts: GamesParts, store: Any, lookups: Any) -> None:
        self.parts = parts
        #: functions giving the running server's store and look-up limits
        self._store = store
        self._lookups = lookups

    @property
    def store(self) -> Store:
        store: Store = self._store()
        return store

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/games", self.list_games, methods=["GET"]),
            Route("/api/games/{id}.ggf", self.ggf, methods=["GET"]),
            Route("/api/games/{id}", self.get_game, methods=["GET"]),
        ]

    async def list_games(self, request: Request) -> Response:
        params = request.query_params
        if params.get("player", "me") != "me":
            raise Problem("bad_player", "archive.error.bad_player")
        limit = params.get("limit", str(PAGE))
        if not _LIMIT.fullmatch(limit) or not 1 <= int(limit) <= MAX_PAGE:
            raise Problem("bad_limit", "archive.error.bad_limit", max=MAX_PAGE)
        before = _cursor(params.get("before"))
        player = await self.parts.player(request)
        if player is None:
            raise Problem("not_identified", "request.not_identified")
        count = int(limit)
        page = await self.store.read(
            lambda rows: q.games_of(rows.conn, player.id, before, count + 1)
        )
        more = len(page) > count
        page = page[:count]
        cursor = page[-1][1] if more else None
        return JSONResponse(
            {
                "games": [summary(game, player.id) for game, _ in page],
                "next": None if cursor is None else f"{cursor[0]!r}_{cursor[1]}",
            },
            headers=NO_STORE,
        )

    async def _game(self, request: Request) -> tuple[GameRecord, str | None]:
        wanted = request.path_params["id"]
        if not _ID.fullmatch(wanted):
            raise Problem("bad_game_id", "archive.error.bad_id")
        game = await self.store.read(
            lambda rows: q.game(rows.conn, wanted) or q.game(rows.conn, wanted.upper())
        )
        player = await self.parts.player(request)
        player_id = player.id if player else None
        if (
            game is not None
            and player_id is not None
            and (game.owner_id == player_id or _you(game, player_id))
        ):
            return game, player_id  # one's own games are never limited
        # a private duel is no game to a stranger: the same answer as an unknown id
        visible = game is not None and not game.tags.get("private")
        lookups: Lookups = self._lookups()
        if not await lookups.allow(self.parts.client(request), player_id, visible):
            raise Problem("rate_limited", "server.rate_limited.lookups")
        if game is None or not visible:
            raise Problem("unknown_game", "archive.error.unknown")
        if game.owner_id is not None:
            raise Problem("foreign_game", "archive.error.foreign")
        return game, player_id

    async def get_game(self, request: Request) -> Response:
        game, player_id = await self._game(request)
        return JSONResponse(detail(game, player_id), headers=NO_STORE)

    async def ggf(self, request: Request) -> Response:
        game, _ = await self._game(request)
        return Response(
            ggf_of(game) + "\n",
            media_type="application/x-ggf; charset=utf-8",
            headers={
                **NO_STORE,
                "Content-Disposition": f'attachment; filename="reversi-{game.id}.ggf"',
            },
        )


def _cursor(before: str | None) -> q.Cursor | None:
    """``before`` as a page position: seconds, or seconds and the row's order."""
    if before is None:
        return None
    match = _BEFORE.fullmatch(before)
    if match is None:
        raise Problem("bad_before", "archive.error.bad_before")
    seq = int(match.group(2) or LAST_SEQ)
    if seq > LAST_SEQ:
        raise Problem("bad_before", "archive.error.bad_before")
    return float(match.group(1)), seq
