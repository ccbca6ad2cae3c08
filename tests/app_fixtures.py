"""The app under test for tests/server, tests/hall, tests/storage and tests/archive (a
plugin of the root conftest): settings, clients, databases and brokers. Every storage
test runs on SQLite and PostgreSQL, every broker test in-process and on Redis; services
that are not reachable are skipped with a reason (REVERSI_TEST_POSTGRES_URL,
REVERSI_TEST_REDIS_URL). With ``REVERSI_TEST_SERVICES=postgres+redis`` every app that
:func:`make_settings` builds without a database of its own runs on a fresh PostgreSQL
database (dropped after its test) and on Redis under a prefix of its own, as a
deployment of several processes does; without it, on SQLite and the in-process broker."""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from starlette.testclient import TestClient

from reversi.server.duel_server import create_duel_app
from reversi.server.settings import Settings
from reversi.server.wall_clock import ManualClock
from tests.loose_limits import loose_settings
from tests.server.scratch_db import scratch_database

POSTGRES_URL = os.environ.get(
    "REVERSI_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("REVERSI_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=1
        ):
            return True
    except OSError:
        return False


def need_postgres() -> None:
    if not reachable(POSTGRES_URL, 5432):
        pytest.skip(
            f"PostgreSQL is not reachable at {POSTGRES_URL} (set REVERSI_TEST_POSTGRES_URL)"
        )


def need_redis() -> None:
    if not reachable(REDIS_URL, 6379):
        pytest.skip(f"Redis is not reachable at {REDIS_URL} (set REVERSI_TEST_REDIS_URL)")


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    need_postgres()
    with scratch_database(POSTGRES_URL, "reversi_t") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'duels.sqlite3'}"
    else:
        with postgres_database() as url:
            yield url


def services_wanted() -> bool:
    """Whether ``REVERSI_TEST_SERVICES`` asks for PostgreSQL and Redis (the only choice)."""
    services = os.environ.get("REVERSI_TEST_SERVICES", "")
    if services not in ("", "postgres+redis"):
        raise ValueError(f"REVERSI_TEST_SERVICES={services!r}: only 'postgres+redis' is known")
    return services == "postgres+redis"


#: the databases the current test's apps run on, dropped when it ends
_SERVICES = contextlib.ExitStack()
#: data directory → its database and broker prefix: the apps of one test on one data
#: directory share them, as they share an SQLite file there (two processes of one hall)
_SHARED: dict[Path, dict[str, Any]] = {}


@pytest.fixture(autouse=True)
def _drop_test_databases() -> Iterator[None]:
    yield
    _SHARED.clear()
    _SERVICES.close()


def _services_of(data_dir: Path) -> dict[str, Any]:
    """The PostgreSQL database and Redis prefix of the apps on ``data_dir``."""
    if data_dir not in _SHARED:
        need_redis()
        _SHARED[data_dir] = {
            "database_url": _SERVICES.enter_context(postgres_database()),
            "redis_url": REDIS_URL,
            "broker_prefix": f"test-{secrets.token_hex(5)}:",
        }
    return _SHARED[data_dir]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'duels.sqlite3'}"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def make_settings(
    tmp_path: Path, clock: ManualClock, url: str | None = None, **overrides: Any
) -> Settings:
    services: dict[str, Any] = {"database_url": url}
    if url is None and services_wanted():
        services = _services_of(tmp_path)
    settings = Settings(
        data_dir=tmp_path,
        **services,
        clock=clock,
        sweep_interval=0,
        secret="test-secret",
        lobby_prompt=0.02,
        lobby_interval=0.05,
        **loose_settings(),
    )
    for key, value in overrides.items():
        setattr(settings, key, value)
    return settings


@contextlib.contextmanager
def players(settings: Settings, n: int = 2) -> Iterator[list[TestClient]]:
    """``n`` clients (each its own cookie jar) on one running app and one event loop."""
    app = create_duel_app(settings)
    with TestClient(app) as first:
        others = [TestClient(app) for _ in range(n - 1)]
        for other in others:
            other.portal = first.portal
        yield [first, *others]


@pytest.fixture
async def service(tmp_path: Path, clock: ManualClock, db_url: str) -> AsyncIterator[Any]:
    from reversi.server.duel_server import DuelServer

    server = DuelServer(make_settings(tmp_path, clock, db_url))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
