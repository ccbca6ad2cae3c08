"""The client processes of the load benchmark: each opens its tables, then plays them."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
import traceback
from dataclasses import dataclass
from typing import Any

import httpx
import uvloop
from websockets.asyncio.client import connect

from benchmarks.load.player import ACK_TIMEOUT, Player, Stats
from reversi.server.collector import collect_forever

SETUP_TIMEOUT = 600.0


async def open_tables(bases: list[str], n: int) -> list[tuple[str, list[tuple[str, str]]]]:
    """``n`` running tables: each code with the (server, cookie) of its two players."""
    gate = asyncio.Semaphore(16)

    async def one(i: int) -> tuple[str, list[tuple[str, str]]]:
        first, second = bases[i % len(bases)], bases[(i + 1) % len(bases)]
        async with (
            gate,
            httpx.AsyncClient(base_url=first, timeout=60) as a,
            httpx.AsyncClient(base_url=second, timeout=60) as b,
        ):
            created = await a.post("/api/tables")
            created.raise_for_status()
            code = created.json()["code"]
            (await b.post(f"/api/tables/{code}/join")).raise_for_status()
            cookies = ["; ".join(f"{k}={v}" for k, v in c.cookies.items()) for c in (a, b)]
        return code, [(first, cookies[0]), (second, cookies[1])]

    return await asyncio.gather(*(one(i) for i in range(n)))


async def lobby_watcher(base: str, stack: contextlib.AsyncExitStack, stats: Stats) -> None:
    """A socket that follows the Halle's lobby and reads everything it gets."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        (await c.get("/api/me")).raise_for_status()
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
    ws = await stack.enter_async_context(
        connect(
            base.replace("http://", "ws://") + "/ws",
            additional_headers={"Cookie": cookie},
            max_size=2**22,
            open_timeout=60,
            ping_interval=None,
        )
    )
    await ws.send('{"type": "lobby"}')

    async def drain() -> None:
        async for _ in ws:
            stats.lobby_messages += 1

    task = asyncio.create_task(drain())
    stack.callback(task.cancel)


@dataclass(frozen=True)
class Share:
    """One client process's part of the load: ``tables`` tables on the servers at
    ``bases`` offering ``rate`` moves per second together for ``seconds``, and
    ``watchers`` lobby sockets."""

    bases: list[str]
    tables: int
    rate: float
    seconds: float
    seed: int
    watchers: int = 0


async def drive(share: Share, ready: Any) -> Stats:
    """One client process: sets up its tables (and lobby sockets), waits at ``ready``
    for the others, plays ``share.seconds``."""
    bases, tables, rate = share.bases, share.tables, share.rate
    stats = Stats()
    pairs = await open_tables(bases, tables)
    think = tables / rate if rate > 0 else 0.0  # a table moves every `think` seconds
    stop = asyncio.Event()
    rng = random.Random(share.seed)
    async with contextlib.AsyncExitStack() as stack:
        gate = asyncio.Semaphore(64)

        async def join(base: str, cookie: str, code: str) -> Player:
            url = base.replace("http://", "ws://") + "/ws"
            async with gate:
                ws = await stack.enter_async_context(
                    connect(
                        url,
                        additional_headers={"Cookie": cookie},
                        max_size=2**20,
                        open_timeout=60,
                        ping_interval=None,
                    )
                )
            return Player(ws, code, think, stats, random.Random(rng.random()), stop)

        players = await asyncio.gather(
            *(join(base, cookie, code) for code, seats in pairs for base, cookie in seats)
        )
        for i in range(share.watchers):
            await lobby_watcher(bases[i % len(bases)], stack, stats)
        receivers = [asyncio.create_task(p.receive()) for p in players]
        for p in players:
            p.watch()
        await asyncio.gather(*(p.watched.wait() for p in players))
        await asyncio.to_thread(ready.wait, SETUP_TIMEOUT)
        # what the setup left lives to the end: the collector need not walk it again
        gc.collect()
        gc.freeze()
        collector = asyncio.create_task(collect_forever(0.25, 0))
        cpu = time.process_time()
        start = time.perf_counter()
        for p in players:
            p.play()
        await asyncio.sleep(share.seconds)
        stop.set()
        stats.elapsed = time.perf_counter() - start
        stats.client_cpu = time.process_time() - cpu
        # the moves sent before the end still count: wait for their acks
        waited = 0.0
        while not all(p.idle() for p in players) and waited < ACK_TIMEOUT + 5:
            await asyncio.sleep(0.1)
            waited += 0.1
        stats.errors += ["player stuck"] * sum(not p.idle() for p in players)
        for task in receivers:
            if task.done() and task.exception() is not None:
                stats.error(f"player failed: {task.exception()!r}")
        for task in (*receivers, collector):
            task.cancel()
    return stats


def client(share: Share, ready: Any) -> Stats:
    # the clients share the machine with the servers: the cheaper they are, the less
    # of the round trip is theirs
    try:
        return uvloop.run(drive(share, ready))
    except BaseException:
        # said at once: the other clients would wait for this one at the barrier
        traceback.print_exc()
        ready.abort()
        raise
