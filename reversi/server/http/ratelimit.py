"""Rate limits written as ``limits`` strings (``"20/second"``): in this process, or in
Redis (with the ``limits`` package) so that all processes share the counters.

slowapi does not see WebSocket messages, so the server calls :meth:`Limiter.hit`
itself for every limited action: opening tables, joining by code, messages, chat.

The flood guard on a socket's messages (:meth:`Limiter.hit_here`) is always counted in
this process: it protects this process's event loop, and asking Redis on every message
cost a fifth of a move's CPU on the two-process setup (docs/benchmarks.md). It is a
token bucket (:class:`Buckets`), not a window: a busy server reads what a client sent
over a second or two in one go, and a window counted by reading time took that burst for
a flood and closed honest sockets.

The in-process window is kept here rather than in ``limits``' asyncio memory storage:
that one expires old hits with a thread hop per key, which cost more than the rest of
a move once a few thousand players were connected.

When Redis is away the limits **fail over to this process**: each process counts in
its own window (an attacker gets at most the limit once per process, the hall stays
open) and says so once in the log, and once more when Redis answers again.

>>> window = MovingWindow()
>>> [window.hit(parse("2/second"), "p", now=t) for t in (0.0, 0.5, 0.9, 1.2)]
[True, True, False, True]
>>> buckets = Buckets()  # 2 a second, 4 at once
>>> [buckets.hit(parse("2/second"), 4, "p", now=0.0) for _ in range(5)]
[True, True, True, True, False]
>>> [buckets.hit(parse("2/second"), 4, "p", now=t) for t in (0.5, 0.6, 1.0)]
[True, False, True]
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from limits import RateLimitItem, parse
from limits.aio.storage import RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

T = TypeVar("T")
log = logging.getLogger("reversi.server")

#: hits between two sweeps that drop the windows of keys no longer in use
SWEEP_EVERY = 10_000


class MovingWindow:
    """Moving-window limits in memory: the times of the hits within the window, per key."""

    def __init__(self) -> None:
        self._hits: dict[tuple[Any, ...], deque[float]] = {}
        self._since_sweep = 0

    def hit(self, item: RateLimitItem, *key: str, now: float | None = None, cost: int = 1) -> bool:
        now = time.monotonic() if now is None else now
        span = item.get_expiry()
        hits = self._hits.setdefault((item.key_for(*key),), deque())
        while hits and hits[0] <= now - span:
            hits.popleft()
        self._since_sweep += 1
        if self._since_sweep >= SWEEP_EVERY:
            self._sweep(now)
        if len(hits) + cost > item.amount:
            return False
        hits.extend([now] * cost)
        return True

    def test(self, item: RateLimitItem, *key: str, now: float | None = None, cost: int = 1) -> bool:
        """Whether ``cost`` more hits would be within the limit (counts nothing)."""
        now = time.monotonic() if now is None else now
        hits = self._hits.get((item.key_for(*key),))
        if not hits:
            return cost <= item.amount
        return sum(1 for t in hits if t > now - item.get_expiry()) + cost <= item.amount

    def wait(self, item: RateLimitItem, *key: str, now: float | None = None) -> float:
        """Seconds until one more hit would be within the limit (0: it would be now)."""
        now = time.monotonic() if now is None else now
        span = item.get_expiry()
        recent = [t for t in self._hits.get((item.key_for(*key),), ()) if t > now - span]
        if len(recent) < item.amount:
            return 0.0
        return recent[len(recent) - item.amount] + span - now

    def _sweep(self, now: float) -> None:
        self._since_sweep = 0
        # a day is longer than any window the hall uses
        stale = [k for k, hits in self._hits.items() if not hits or hits[-1] < now - 86_400]
        for k in stale:
            del self._hits[k]

    def reset(self) -> None:
        self._hits.clear()


class Buckets:
    """Token buckets in memory, per key: a hit takes a token; tokens come back at the
    limit's rate, up to ``burst``."""

    def __init__(self) -> None:
        #: key → tokens left, when they were counted, the rate and the burst
        self._state: dict[tuple[Any, ...], tuple[float, float, float, int]] = {}
        self._since_sweep = 0

    def hit(self, item: RateLimitItem, burst: int, *key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        rate = item.amount / item.get_expiry()
        k = (item.key_for(*key), burst)
        tokens, then, _, _ = self._state.get(k, (float(burst), now, rate, burst))
        tokens = min(float(burst), tokens + (now - then) * rate)
        allowed = tokens >= 1
        self._state[k] = (tokens - 1 if allowed else tokens, now, rate, burst)
        self._since_sweep += 1
        if self._since_sweep >= SWEEP_EVERY:
            self._sweep(now)
        return allowed

    def _sweep(self, now: float) -> None:
        """Drops the buckets that are full again (as good as none)."""
        self._since_sweep = 0
        full = [
            k
            for k, (left, at, rate, burst) in self._state.items()
            if left + (now - at) * rate >= burst
        ]
        for k in full:
            del self._state[k]

    def reset(self) -> None:
        self._state.clear()


class Limiter:
    def __init__(self, redis_url: str | None = None, prefix: str = "reversi-limits") -> None:
        self.storage: Storage | None = None
        self._memory = MovingWindow()
        self._buckets = Buckets()
        if redis_url:
            uri = "async+" + redis_url if not redis_url.startswith("async+") else redis_url
            self.storage = RedisStorage(uri, implementation="redispy", key_prefix=prefix)
            self._strategy = MovingWindowRateLimiter(self.storage)
        self._items: dict[str, RateLimitItem] = {}
        #: Redis did not answer the last time: this process counts alone until it does
        self.away = False

    async def _shared(self, call: Callable[[], Awaitable[T]], here: Callable[[], T]) -> T:
        """``call`` on Redis; while Redis is away, ``here`` (this process's window)."""
        if self.storage is None:
            return here()
        try:
            answer = await call()
        except Exception as error:
            if not self.away:
                self.away = True
                log.warning(
                    "the rate limits' Redis is away (%s: %s): counting in this process until "
                    "it is back",
                    type(error).__name__,
                    error,
                )
            return here()
        if self.away:
            self.away = False
            log.warning("the rate limits' Redis is back: counting there again")
        return answer

    async def hit(self, limit: str, *key: str, cost: int = 1) -> bool:
        """Counts one action (``cost`` actions) under ``limit`` (e.g. ``"10/minute"``);
        False when over it (and nothing is counted)."""
        item = self._item(limit)
        return await self._shared(
            lambda: self._strategy.hit(item, *key, cost=cost),
            lambda: self._memory.hit(item, *key, cost=cost),
        )

    async def test(self, limit: str, *key: str, cost: int = 1) -> bool:
        """Whether ``cost`` more actions under ``limit`` would be allowed (counts nothing)."""
        item = self._item(limit)
        return await self._shared(
            lambda: self._strategy.test(item, *key, cost=cost),
            lambda: self._memory.test(item, *key, cost=cost),
        )

    async def wait(self, limit: str, *key: str) -> float:
        """Seconds until one more action under ``limit`` would be allowed (0: now)."""
        item = self._item(limit)

        async def shared() -> float:
            reset, remaining = await self._strategy.get_window_stats(item, *key)
            return 0.0 if remaining > 0 else max(0.0, float(reset) - time.time())

        return await self._shared(shared, lambda: self._memory.wait(item, *key))

    def hit_here(self, limit: str, burst: int, *key: str) -> bool:
        """One action under ``limit`` with up to ``burst`` at once (a token bucket),
        counted in this process only, even where Redis is configured."""
        return self._buckets.hit(self._item(limit), burst, *key)

    def _item(self, limit: str) -> RateLimitItem:
        item = self._items.get(limit)
        if item is None:
            item = self._items[limit] = parse(limit)
        return item

    async def reset(self) -> None:
        self._memory.reset()
        self._buckets.reset()
        if self.storage is not None:
            with contextlib.suppress(Exception):
                await self.storage.reset()

    async def close(self) -> None:
        storage: Any = self.storage
        if isinstance(storage, RedisStorage):
            bridge: Any = getattr(storage, "bridge", None)
            client: Any = getattr(bridge, "storage", None) if bridge else None
            for target in (client, getattr(client, "connection_pool", None)):
                closer = getattr(target, "aclose", None) or getattr(target, "disconnect", None)
                if closer is not None:
                    with contextlib.suppress(Exception):
                        await closer()
