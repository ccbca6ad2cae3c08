"""How uvicorn serves the hall: bounded frames, connections and waits.

uvicorn's defaults suit a server behind a proxy; facing clients directly they let one
address hold every file descriptor (idle or half-sent requests are never closed before
their headers are complete) and read WebSocket frames of 16 MiB. :func:`uvicorn_config`
sets the bounds, and :class:`GuardedH11Protocol` adds the two that uvicorn lacks:

* a **header deadline**: a connection whose request line and headers have not arrived
  ``header_timeout`` seconds after it opened (or after its last response) is closed —
  a slowloris client no longer holds its sockets;
* **connections per address**: beyond ``per_address`` open connections from one address
  a new one is closed at once (0: no cap — behind a reverse proxy every connection comes
  from the proxy, and the proxy limits).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from reversi.server.settings import Settings


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a header deadline and a cap per address."""

    header_timeout: ClassVar[float] = 10.0
    per_address: ClassVar[int] = 0
    #: open transports by client address (a transport stays counted after a WebSocket
    #: upgrade, until it closes)
    _open: ClassVar[dict[str, set[asyncio.BaseTransport]]] = {}

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._waited_for: object = None
        address = self.client[0] if self.client else "?"
        if self.per_address and not self._admit(address, transport):
            transport.close()
            return
        self._arm()

    @classmethod
    def _admit(cls, address: str, transport: asyncio.BaseTransport) -> bool:
        open_ = {t for t in cls._open.get(address, ()) if not t.is_closing()}
        if len(open_) >= cls.per_address:
            cls._open[address] = open_
            return False
        open_.add(transport)
        cls._open[address] = open_
        return True

    @classmethod
    def open_connections(cls, address: str) -> int:
        return sum(not t.is_closing() for t in cls._open.get(address, ()))

    def _arm(self) -> None:
        self._disarm()
        self._waited_for = self.cycle  # headers arrived once the cycle is a new one
        self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or upgraded to a WebSocket
        if self.cycle is self._waited_for:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._deadline is not None and self.cycle is not self._waited_for:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        busy = self.cycle is not None and not self.cycle.response_complete
        if not self.transport.is_closing() and not busy:
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        with contextlib.suppress(AttributeError):  # closed in connection_made
            self._disarm()
        super().connection_lost(exc)


def guarded_protocol(header_timeout: float, per_address: int) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` with these bounds (a class: uvicorn makes one per
    connection)."""
    return type(
        "GuardedH11Protocol",
        (GuardedH11Protocol,),
        {"header_timeout": header_timeout, "per_address": per_address, "_open": {}},
    )


def uvicorn_config(
    app: Any,
    host: str,
    port: int,
    *,
    max_frame: int,
    header_timeout: float = 10.0,
    per_address: int = 0,
    max_connections: int = 10_000,
    **overrides: Any,
) -> uvicorn.Config:
    """The hall's uvicorn settings.

    ``max_frame`` (characters) bounds a WebSocket frame *before* it is read, at four
    bytes a character (uvicorn's own default reads 16 MiB); ``max_connections`` is
    uvicorn's ``limit_concurrency``: beyond it a request gets **503**. No
    permessage-deflate: a duel's frames are small, compressing them cost the server about
    a tenth of its time per move (benchmarks/load.py --deflate).
    ``timeout_graceful_shutdown``: uvicorn would wait for open sockets forever.
    """
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "http": guarded_protocol(header_timeout, per_address),
        "ws_max_size": 4 * max_frame,
        "ws_per_message_deflate": False,
        "limit_concurrency": max_connections,
        "timeout_keep_alive": 5,
        "timeout_graceful_shutdown": 3,
    }
    options.update(overrides)
    return uvicorn.Config(app, **options)


def settings_config(
    app: Any, settings: Settings, host: str, port: int, **overrides: Any
) -> uvicorn.Config:
    """:func:`uvicorn_config` with the bounds of ``settings`` (``REVERSI_HEADER_TIMEOUT``,
    ``REVERSI_CONNECTIONS_PER_ADDRESS``, ``REVERSI_MAX_CONNECTIONS``); X-Forwarded-For and
    -Proto believed only from ``settings.trusted_proxies``."""
    proxies: dict[str, Any] = {"proxy_headers": bool(settings.trusted_proxies)}
    if settings.trusted_proxies:
        proxies["forwarded_allow_ips"] = settings.trusted_proxies
    return uvicorn_config(
        app,
        host,
        port,
        max_frame=settings.max_frame,
        header_timeout=settings.header_timeout,
        per_address=settings.connections_per_address,
        max_connections=settings.max_connections,
        **{**proxies, **overrides},
    )
