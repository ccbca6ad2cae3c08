"""What autovacuum would do, for a benchmark on a PostgreSQL that runs without it.

This machine's PostgreSQL has ``autovacuum = off``. A benchmark's fresh database then
never gets statistics nor loses its dead rows: every move's update leaves one behind
(35,000 in ``tables`` against 750 live rows after 3 minutes of the arena), and a plan
made while a table was nearly empty (the foreign-key check of each event's table, a
sequential scan) stays in each connection for good, reading every row of the bloated
table on every move. A production server runs autovacuum; :func:`vacuuming` does its
work every ``every`` seconds (autovacuum's own pace: ``autovacuum_naptime``, a minute),
so that its cost is in PostgreSQL's figures as autovacuum's would be.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

import asyncpg  # type: ignore[import-untyped]


async def _setting(url: str, name: str) -> str:
    conn = await asyncpg.connect(url)
    try:
        return str(await conn.fetchval(f"SHOW {name}"))
    finally:
        await conn.close()


async def _vacuum(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("VACUUM (ANALYZE)")
    finally:
        await conn.close()


@contextlib.contextmanager
def vacuuming(url: str, every: float) -> Iterator[bool]:
    """While inside: ``VACUUM (ANALYZE)`` of the database every ``every`` seconds, unless
    its server runs autovacuum or ``every`` is 0; yields whether it does."""
    if every <= 0 or asyncio.run(_setting(url, "autovacuum")) == "on":
        yield False
        return
    stop = threading.Event()

    def work() -> None:
        while not stop.wait(every):
            asyncio.run(_vacuum(url))

    thread = threading.Thread(target=work, name="vacuum", daemon=True)
    thread.start()
    try:
        yield True
    finally:
        stop.set()
        thread.join(60)
