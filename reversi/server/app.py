"""The hall's web server: the browser client, its worker's Python, and offline support."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from reversi.ai import Level
from reversi.ai.legenden import ANCHORS, LEGENDEN, STAR_MARGINS, band
from reversi.ai.legenden_places import progress_place
from reversi.duel.chat import CHAT_MAX
from reversi.duel.rules import CLOCKS, TIME_CLASSES
from reversi.hall import counting, rating_rules
from reversi.hall.periods import PERIODS
from reversi.hall.text_rules import NICK_MAX, NICK_MIN
from reversi.server.duel_server import DuelServer, guards
from reversi.server.http.assets import IMMUTABLE, NO_CACHE, Asset, Bundle, load_bundle
from reversi.server.http.problem_replies import EXCEPTION_HANDLERS
from reversi.server.tournaments.tournament_service import (
    ARENA_MINUTES,
    NAME_MAX,
    NAME_MIN,
    SWISS_ROUNDS,
)
from reversi.texts import text
from reversi.tournament.arena import DRAW_POINTS, LOSS_POINTS, REMATCH_AFTER, WIN_POINTS
from reversi.tournament.swiss import BYE_POINTS

#: The pages of the hall; each is the same shell, the client draws the page.
PAGES = (
    "/",
    "/halle",
    "/fernpartien",
    "/allein",
    "/zu-zweit",
    "/bilanz",
    "/rangliste",
    "/meilensteine",
    "/regeln",
    "/lernen",
    "/tipps",
    "/eroeffnungen",
    "/eroeffnungstrainer",
    "/aufgaben",
    "/duell-ecke",
    "/profil",
    "/analyse",
    "/aus-fehlern-lernen",
    "/legenden",
    "/turniere",
)

#: a replay's id (``/partie/{id}``): a game id or table code of the server's archive
#: (4–24 characters) or a device's own id (8–64), of ``A–Z a–z 0–9 - _``
REPLAY_ID = re.compile(r"[A-Za-z0-9_-]{4,64}")


def _encoding(request: Request, asset: Asset) -> str | None:
    accepted = request.headers.get("accept-encoding", "")
    tokens = {part.split(";")[0].strip() for part in accepted.split(",")}
    for encoding in ("br", "gzip"):
        if encoding in tokens and encoding in asset.encoded:
            return encoding
    return None


def serve_asset(request: Request, asset: Asset | None, cache_control: str = IMMUTABLE) -> Response:
    if asset is None:
        return Response(text("server.not_found"), status_code=404, media_type="text/plain")
    etag = f'"{asset.etag}"'
    encoding = _encoding(request, asset)
    headers = {"Cache-Control": cache_control, "ETag": etag, "Vary": "Accept-Encoding"}
    if encoding:
        headers["Content-Encoding"] = encoding
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    body = asset.encoded[encoding] if encoding else asset.plain
    if isinstance(body, Path):
        return FileResponse(
            body, media_type=asset.content_type, headers=headers, stat_result=body.stat()
        )
    return Response(body, media_type=asset.content_type, headers=headers)


def create_app(bundle: Bundle | None = None, duels: DuelServer | None = None) -> Starlette:
    """The ASGI app; the bundle of client files is loaded once, here.

    Duels (``reversi.server.duel_server``) are mounted with their lifespan; their settings
    come from the environment (``REVERSI_DATA_DIR``, ``REVERSI_DATABASE_URL`` …).
    """
    bundle = bundle or load_bundle()
    duels = duels or DuelServer()
    page_headers = {"Cache-Control": NO_CACHE, "X-Reversi-Build": bundle.version}
    # the facts the pages take from the server instead of repeating them
    hall = {
        "periods": list(PERIODS),
        "chat_max": CHAT_MAX,
        "levels": [level.value for level in Level],
        "counting": counting.facts(),
        "rating": rating_rules.facts(),
        "time_classes": list(TIME_CLASSES),
        "nick": {"min": NICK_MIN, "max": NICK_MAX},
        # /legenden: the opponents in path order (each with the level it counts under in
        # the Bilanz, whether it is that level itself, and the place of its stars in the
        # stored progress), and the margins of 1, 2, 3 stars
        "legenden": [
            {
                "key": lg.key,
                "style": lg.style.value,
                "level": band(i).value,
                "anchor": i in ANCHORS,
                "place": progress_place(lg.key),
            }
            for i, lg in enumerate(LEGENDEN)
        ],
        "stars": list(STAR_MARGINS),
        # /turniere: an arena's points for a win, a draw, a loss; a Swiss bye's points;
        # the seconds after which an arena's last opponent may come again; what a
        # player's own tournament may be
        "tournament": {
            "win": WIN_POINTS,
            "draw": DRAW_POINTS,
            "loss": LOSS_POINTS,
            "bye": BYE_POINTS,
            "rematch_after": int(REMATCH_AFTER),
            "clocks": list(CLOCKS),
            "minutes": list(ARENA_MINUTES),
            "rounds": list(SWISS_ROUNDS),
            "name": {"min": NAME_MIN, "max": NAME_MAX},
        },
    }
    html = bundle.page(hall)

    async def page(request: Request) -> Response:
        return Response(html, media_type="text/html; charset=utf-8", headers=page_headers)

    async def replay(request: Request) -> Response:
        # a malformed id is no game: the same shell with 404, the page says so in German
        found = REPLAY_ID.fullmatch(request.path_params["id"]) is not None
        return Response(
            html,
            status_code=200 if found else 404,
            media_type="text/html; charset=utf-8",
            headers=page_headers,
        )

    async def service_worker(request: Request) -> Response:
        return Response(
            bundle.service_worker(),
            media_type="text/javascript; charset=utf-8",
            headers={"Cache-Control": NO_CACHE, "Service-Worker-Allowed": "/"},
        )

    async def app_file(request: Request) -> Response:
        if request.path_params["hash"] != bundle.app_hash:
            return Response("veraltet", status_code=404, media_type="text/plain")
        return serve_asset(request, bundle.app.get(request.path_params["path"]))

    async def pyodide_file(request: Request) -> Response:
        if request.path_params["version"] != bundle.pyodide_version:
            return Response("veraltet", status_code=404, media_type="text/plain")
        return serve_asset(request, bundle.pyodide.get(request.path_params["name"]))

    async def py_file(request: Request) -> Response:
        if request.path_params["hash"] != bundle.py_hash:
            return Response("veraltet", status_code=404, media_type="text/plain")
        return serve_asset(request, bundle.py.get(request.path_params["name"]))

    async def health(request: Request) -> Response:
        return JSONResponse(
            {"ok": True, "build": bundle.version}, headers={"Cache-Control": NO_CACHE}
        )

    async def favicon(request: Request) -> Response:
        return serve_asset(request, bundle.app.get("icon.svg"), "public, max-age=86400")

    routes: list[BaseRoute] = [Route(path, page, methods=["GET", "HEAD"]) for path in PAGES]
    routes += [
        Route("/sw.js", service_worker, methods=["GET", "HEAD"]),
        Route("/app/{hash}/{path:path}", app_file, methods=["GET", "HEAD"]),
        Route("/pyodide/{version}/{name}", pyodide_file, methods=["GET", "HEAD"]),
        Route("/py/{hash}/{name}", py_file, methods=["GET", "HEAD"]),
        Route("/healthz", health, methods=["GET", "HEAD"]),
        Route("/favicon.ico", favicon, methods=["GET", "HEAD"]),
        # a duel table's page and the page that moves a player here (same shell)
        Route("/tisch/{code}", page, methods=["GET", "HEAD"]),
        Route("/weiter", page, methods=["GET", "HEAD"]),
        # a tournament's page (reversi/web/static/js/turniere/)
        Route("/turniere/{id}", page, methods=["GET", "HEAD"]),
        # a finished game's replay: a duel by its table code, a device game by its id
        # (reversi/web/static/js/replay/)
        Route("/partie/{id}", replay, methods=["GET", "HEAD"]),
    ]
    routes += duels.routes()
    app = Starlette(
        routes=routes,
        lifespan=duels.lifespan,
        middleware=guards(duels.settings),
        exception_handlers=EXCEPTION_HANDLERS,
    )
    app.state.bundle = bundle
    app.state.shell = html
    app.state.duels = duels
    return app
