"""How the server answers a refusal: every error over HTTP is a
:class:`~reversi.problems.Problem` in one shape, ``{"error": code, "key": catalogue
key, "params": {…}, "message": German text}``, with ``Cache-Control: no-store`` and the
status of :data:`STATUS`. Routes raise the problem; :data:`EXCEPTION_HANDLERS` (the
app's ``exception_handlers``) answer it, Starlette's own 404 and 405, and a failing
store (503)."""

from __future__ import annotations

import json
import logging
from typing import Any

from sqlalchemy.exc import DBAPIError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from reversi.problems import Problem
from reversi.server.http.assets import NO_CACHE

log = logging.getLogger("reversi.duels")

NO_STORE = {"Cache-Control": "no-store"}

#: a refusal's HTTP status by its code (400 for every code not named); a catalogue key
#: is named where one code answers two ways
STATUS: dict[str, int] = {
    "not_identified": 401,
    "bad_secret": 403,
    "foreign_game": 403,
    "tournament_not_allowed": 403,
    "not_found": 404,
    "unknown_table": 404,
    "unknown_game": 404,
    "unknown_tournament": 404,
    "bad_transfer": 404,
    "server.bad_transfer.missing": 400,
    "bad_method": 405,
    "too_slow": 408,
    "too_many_tables": 409,
    "table_full": 409,
    "already_started": 409,
    "busy": 409,
    "tournament_over": 409,
    "too_many_tournaments": 409,
    "too_big": 413,
    "too_many": 413,
    "rate_limited": 429,
    "results_full": 429,
    "unavailable": 503,
}


def status(problem: Problem) -> int:
    return STATUS.get(problem.key, STATUS.get(problem.code, 400))


def problem_response(problem: Problem, headers: dict[str, str] | None = None) -> JSONResponse:
    """The answer to a refused request."""
    return JSONResponse(
        problem.json(), status_code=status(problem), headers={**NO_STORE, **(headers or {})}
    )


async def _refused(conn: HTTPConnection, exc: Exception) -> Response:
    if conn.scope["type"] != "http" or not isinstance(exc, Problem):
        raise exc
    return problem_response(exc)


async def _routing_error(request: Request, exc: Exception) -> Response:
    """What Starlette itself answers (no route, or a route without that method), in
    German: the API as its JSON error; an unknown page address as the hall's page shell
    with 404 (the client draws its German not-found page under the header); the rest
    as text."""
    wanted = getattr(exc, "status_code", 404)
    problem = Problem("bad_method") if wanted == 405 else Problem("not_found", "server.no_route")
    headers = dict(getattr(exc, "headers", None) or {})  # 405 names the allowed methods
    if request.url.path.startswith("/api/"):
        return problem_response(problem, headers)
    shell: str | None = getattr(request.app.state, "shell", None)
    if wanted == 404 and shell is not None and request.method in ("GET", "HEAD"):
        return Response(
            shell,
            status_code=404,
            media_type="text/html; charset=utf-8",
            headers={"Cache-Control": NO_CACHE},
        )
    return Response(
        problem.message,
        status_code=status(problem),
        media_type="text/plain; charset=utf-8",
        headers=headers,
    )


async def _store_failed(conn: HTTPConnection, exc: Exception) -> Response:
    """The database cannot read or write (disk full, read-only, gone): 503 with the
    JSON error, and one line in the log instead of a traceback."""
    if conn.scope["type"] != "http":
        raise exc
    log.warning(
        "the store failed (%s): %s %s", type(exc).__name__, conn.scope["method"], conn.url.path
    )
    return problem_response(Problem("unavailable"), {"Retry-After": "60"})


#: the app's ``exception_handlers``: a refusal; Starlette's 404 and 405; a failing store
#: (its exceptions: SQLAlchemy's, the connection's)
EXCEPTION_HANDLERS: dict[Any, Any] = {
    Problem: _refused,
    404: _routing_error,
    405: _routing_error,
    DBAPIError: _store_failed,
    OSError: _store_failed,
    TimeoutError: _store_failed,
}


def problem_bytes(problem: Problem) -> bytes:
    """A problem's JSON body, for the ASGI guards that answer before any route."""
    return json.dumps(problem.json(), ensure_ascii=False).encode()
