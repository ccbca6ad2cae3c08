"""Fan-out of table and player events between server processes.

Two backends behind one small interface, chosen by URL: in-process (the default,
one server process) and Redis pub/sub (``REVERSI_REDIS_URL``, many processes).
Redis drops what is published while a subscriber is away, and redis-py does not
reconnect a pub/sub connection by itself: the Redis backend reconnects with
backoff, subscribes again, and then calls its ``on_resync`` hooks so that every
local socket catches up from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("reversi.broker")

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]
#: connections per process for publishing
PUBLISHERS = 16
Hook = Callable[[], Awaitable[None]]


class Broker:
    """In-process: a published message goes straight to this process's handler."""

    #: whether messages reach other processes
    remote = False

    def __init__(self) -> None:
        self._handler: Handler | None = None
        self.on_resync: list[Hook] = []

    async def start(self, handler: Handler) -> None:
        self._handler = handler

    async def stop(self) -> None:
        self._handler = None

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        await self._deliver(channel, message)

    async def _deliver(self, channel: str, message: dict[str, Any]) -> None:
        if self._handler is not None:
            try:
                await self._handler(channel, message)
            except Exception:  # a bad message must not stop the fan-out
                log.exception("broker handler failed on %s", channel)

    async def _resync(self) -> None:
        for hook in list(self.on_resync):
            try:
                await hook()
            except Exception:
                log.exception("resync hook failed")


class RedisBroker(Broker):
    """Redis pub/sub; every process listens to every channel under ``prefix``."""

    remote = True

    def __init__(self, url: str, prefix: str = "reversi:") -> None:
        super().__init__()
        self.url = url
        self.prefix = prefix
        self.reconnect_delay = 0.1
        self.max_reconnect_delay = 5.0
        self.connected = asyncio.Event()
        self.reconnects = 0
        self.client_name = f"reversi-broker-{id(self):x}"
        self._redis: Any = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as redis

        await super().start(handler)
        # publishers wait for a free connection (the plain pool fails at its limit)
        pool = redis.BlockingConnectionPool.from_url(
            self.url,
            max_connections=PUBLISHERS,
            timeout=10,
            socket_connect_timeout=2,
            socket_timeout=5,
        )
        self._redis = redis.Redis(connection_pool=pool)
        self._stopping = False
        self._task = asyncio.create_task(self._listen(), name="redis-broker")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), 5)

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._redis is not None:
            await self._redis.aclose(close_connection_pool=True)
            self._redis = None
        await super().stop()

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        data = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
        try:
            await self._redis.publish(self.prefix + channel, data)
        except Exception:
            # the change is committed: local sockets get it now, the others resync
            log.warning("publish to Redis failed; delivering locally", exc_info=True)
            await self._deliver(channel, message)

    async def _listen(self) -> None:
        import redis.asyncio as redis

        delay: float | None = None
        first = True
        while not self._stopping:
            pubsub = client = None
            try:
                client = redis.Redis.from_url(
                    self.url, socket_connect_timeout=2, health_check_interval=10
                )
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                await pubsub.psubscribe(self.prefix + "*")
                await pubsub.execute_command("CLIENT", "SETNAME", self.client_name)
                self.connected.set()
                if not first:
                    self.reconnects += 1
                    log.info("Redis pub/sub is back; resyncing every local socket")
                    await self._resync()
                first = False
                delay = None
                async for item in pubsub.listen():
                    if item.get("type") != "pmessage":
                        continue
                    channel = item["channel"].decode()[len(self.prefix) :]
                    await self._deliver(channel, orjson.loads(item["data"]))
                raise ConnectionError("pub/sub ended")
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.connected.clear()
                log.warning("Redis pub/sub lost (%s); reconnecting", error)
            finally:
                if pubsub is not None:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()  # type: ignore[no-untyped-call]
                if client is not None:
                    with contextlib.suppress(Exception):
                        await client.aclose()
            delay = delay or self.reconnect_delay
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.max_reconnect_delay)


def make_broker(redis_url: str | None, prefix: str = "reversi:") -> Broker:
    return RedisBroker(redis_url, prefix) if redis_url else Broker()
