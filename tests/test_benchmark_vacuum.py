"""benchmarks/load/vacuum.py: where PostgreSQL runs without autovacuum, the benchmark
vacuums its database itself, at the pace it is given; where autovacuum runs, it does not."""

from __future__ import annotations

import asyncio
import time

import asyncpg  # type: ignore[import-untyped]

from benchmarks.load.vacuum import vacuuming
from tests.app_fixtures import postgres_database


async def _fetch(url: str, query: str) -> object:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(query)
    finally:
        await conn.close()


def test_the_benchmark_vacuums_where_autovacuum_is_off_and_never_when_told_0() -> None:
    with postgres_database() as url:
        asyncio.run(_fetch(url, "CREATE TABLE probe AS SELECT 1 AS x"))
        counted = "SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'probe'"
        with vacuuming(url, 0) as vacuumed:
            assert vacuumed is False
        autovacuum = asyncio.run(_fetch(url, "SHOW autovacuum"))
        with vacuuming(url, 0.1) as vacuumed:
            assert vacuumed is (autovacuum == "off")
            if vacuumed:
                deadline = time.monotonic() + 10
                while not asyncio.run(_fetch(url, counted)) and time.monotonic() < deadline:
                    time.sleep(0.1)
                assert asyncio.run(_fetch(url, counted))
