"""ASGI middleware in front of every route: bounded bodies, browser-grade headers, and
WebSocket origins.

* :class:`BodyLimit` answers **413** as soon as a request announces or sends more than
  its cap — before the body is in memory (Starlette's ``request.body()`` reads it whole).
* :class:`BodyDeadline` answers **408** (and closes the connection) when a request's
  body has not arrived whole within its deadline after the headers: a client sending a
  byte every few seconds no longer holds a connection and a task.
* :class:`BrowserHeaders` adds the headers a browser acts on: a strict
  Content-Security-Policy (no inline script; ``'wasm-unsafe-eval'`` because Pyodide
  compiles WebAssembly), ``nosniff``, no framing, no referrer to other sites.
* :class:`OriginCheck` refuses a WebSocket whose ``Origin`` is neither the served host
  nor configured: another site's page cannot act with a player's cookie. Clients that are
  not browsers send no ``Origin`` and are not affected.
* :class:`DroppedBodies` ends a request whose client went away while sending its body
  (or sent a broken chunk) with one line in the log at most, not a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect

from reversi.problems import Problem
from reversi.server.http.problem_replies import problem_bytes, status

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: what the client needs and nothing more: its own files, its socket, Pyodide's
#: WebAssembly; ``data:`` images for the board's icons
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
BROWSER_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)


log = logging.getLogger("reversi.server")


class BodyTooLarge(Exception):
    pass


class DroppedBodies:
    """A client that drops its body half-way (or whose chunk was broken: the server
    closes it) is gone: nothing can be answered, and nothing went wrong here."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:
            if scope["type"] != "http":
                raise
            client = scope.get("client") or ("?", 0)
            log.info("%s dropped its body: %s %s", client[0], scope["method"], scope["path"])


class BodyTooSlow(Exception):
    pass


def _json_error(problem: Problem) -> tuple[Message, Message]:
    body = problem_bytes(problem)
    return (
        {
            "type": "http.response.start",
            "status": status(problem),
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                (b"connection", b"close"),
            ],
        },
        {"type": "http.response.body", "body": body},
    )


async def _answered_on(
    error: type[Exception],
    app: ASGIApp,
    scope: Scope,
    receive: Receive,
    send: Send,
    answer: tuple[Message, Message],
) -> None:
    """Runs ``app``; when it raises ``error`` before its response began, sends ``answer``
    instead (after the start of a response nothing else can be said: it raises on)."""
    started = False

    async def tracked_send(message: Message) -> None:
        nonlocal started
        started = started or message["type"] == "http.response.start"
        await send(message)

    try:
        await app(scope, receive, tracked_send)
    except error:
        if started:
            raise
        for message in answer:
            await send(message)


class BodyLimit:
    """Requests with a body over ``max_bytes`` get 413 ``too_big``."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.answer = _json_error(Problem("too_big", "hall.error.too_big", limit=max_bytes))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.max_bytes + 1
                if announced > self.max_bytes:
                    await self._refuse(send)
                    return
        seen = 0

        async def counted_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise BodyTooLarge
            return message

        await _answered_on(BodyTooLarge, self.app, scope, counted_receive, send, self.answer)

    async def _refuse(self, send: Send) -> None:
        for message in self.answer:
            await send(message)


class BodyDeadline:
    """A request body that is not whole ``seconds`` after the headers gets 408
    ``too_slow`` and the connection is closed; 0: no deadline."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds
        self.answer = _json_error(Problem("too_slow", "request.too_slow"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.seconds <= 0:
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        whole = False

        async def timed_receive() -> Message:
            nonlocal whole
            if whole:  # after the body: waiting for a disconnect takes what it takes
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyTooSlow from None
            whole = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await _answered_on(BodyTooSlow, self.app, scope, timed_receive, send, self.answer)


class BrowserHeaders:
    """Adds :data:`BROWSER_HEADERS` to every HTTP response that does not set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in BROWSER_HEADERS if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def _origin_of_host(scheme: str, host: str) -> str:
    return f"{scheme}://{host}".lower()


class OriginCheck:
    """WebSockets from a browser page of another origin are refused (403 at the
    handshake). Allowed: the host the request was made to (``Host``, over ``http`` or
    ``https``) and ``allowed`` (e.g. ``https://reversi.example``)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(origin.rstrip("/").lower() for origin in allowed)

    def accepts(self, origin: str, host: str) -> bool:
        origin = origin.rstrip("/").lower()
        if origin in self.allowed:
            return True
        parts = urlsplit(origin)
        return (
            parts.scheme in ("http", "https")
            and bool(host)
            and origin == _origin_of_host(parts.scheme, host)
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = {name: value for name, value in scope["headers"]}
            origin = headers.get(b"origin")
            host = headers.get(b"host", b"").decode("latin-1")
            if origin is not None and not self.accepts(origin.decode("latin-1"), host):
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008})
                return
        await self.app(scope, receive, send)
