"""Throwaway PostgreSQL databases for the duel tests and the load benchmark."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import secrets
from collections.abc import Iterator
from urllib.parse import urlparse


async def _admin(server_url: str, sql: str) -> None:
    import asyncpg  # type: ignore[import-untyped]

    parsed = urlparse(server_url)
    conn = await asyncpg.connect(
        host=parsed.hostname,
        port=parsed.port or 5432,
        user=parsed.username or "postgres",
        password=parsed.password,
        database=parsed.path.lstrip("/"),
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def _run_admin(server_url: str, sql: str) -> None:
    """``_admin`` on a loop of its own, in a thread of its own where the caller runs one
    (the browser tests run Playwright's)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(_admin(server_url, sql))
        return
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _admin(server_url, sql)).result()


@contextlib.contextmanager
def scratch_database(server_url: str, prefix: str) -> Iterator[str]:
    """The URL of a fresh, empty database on the server of ``server_url``, dropped afterwards."""
    name = f"{prefix}_{secrets.token_hex(5)}"
    _run_admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        yield urlparse(server_url)._replace(path=f"/{name}").geturl()
    finally:
        _run_admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
