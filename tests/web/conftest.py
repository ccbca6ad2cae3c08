"""Fixtures of the web tests: a real server on a free port (one for the session, and a
duel server for each test module that asks), and headless Chromium.

The browser is Debian's ``/usr/bin/chromium`` driven by Playwright's sync API (keep
these tests out of asyncio: the sync API refuses to run inside an event loop).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.loose_limits import loose_env
from tests.processes import ServerProcess, free_port

if TYPE_CHECKING:
    from .duel_helpers import DuelServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
ARTIFACTS = Path(__file__).parent / "artifacts"


#: the limits of one person are too tight for a whole test session from 127.0.0.1
LOOSE = dict(os.environ, **loose_env())


class Server(ServerProcess):
    """``reversi serve`` in a child process."""

    def __init__(self, port: int | None = None) -> None:
        port = port or free_port()
        super().__init__(
            [sys.executable, "-m", "reversi", "serve", "--port", str(port)],
            port,
            ARTIFACTS / f"server-{port}.log",
            env=LOOSE,
        )

    # a loaded machine (2 cores, several test runs) takes over 30 s to start the server
    def start(self, timeout: float = 90) -> Server:  # type: ignore[override]
        super().start(timeout)
        return self


@pytest.fixture(scope="session")
def built() -> None:
    """The browser build matches the sources (quick when it does: dev/setup built it)."""
    from reversi.web.build import build

    build(quiet=True)


@pytest.fixture(scope="session")
def server(built: None) -> Iterator[Server]:
    srv = Server().start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def duel_server(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """The whole hall in a process of the test module's own, on its own data directory."""
    from .duel_helpers import DuelServer

    srv = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def archive(
    built: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[DuelServer, list[str]]]:
    """A whole hall of the test module's own with the games of ``replay_helpers.GAMES``
    in its archive, and their ids."""
    from .replay_helpers import archive_server

    server, ids = archive_server(tmp_path_factory.mktemp("archive"))
    yield server, ids
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: dev/test installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # The hall's CSP forbids evaluating strings and inline scripts, which Playwright's
        # string conditions and the injected axe-core need: every context bypasses it
        # unless a test asks for the real policy (test_csp.py: bypass_csp=False).
        new_context = chromium.new_context

        def context_for_tests(**options: Any) -> Any:
            options.setdefault("bypass_csp", True)
            return new_context(**options)

        chromium.new_context = context_for_tests  # type: ignore[method-assign]
        yield chromium
        chromium.close()


class Console:
    """Collects the console errors and uncaught exceptions of a page."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Any) -> None:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh profile (no storage, no service worker) with reduced motion."""
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 900},
        reduced_motion="reduce",
        locale="de-DE",
        bypass_csp=True,
    )
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any, console: Console) -> Iterator[Any]:
    pg = context.new_page()
    console.attach(pg)
    yield pg
    assert console.errors == [], f"console errors: {console.errors}"


@pytest.fixture
def moving_page(browser: Any, console: Console) -> Iterator[Any]:
    """A page of a fresh profile that has not asked for reduced motion: animations run."""
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 900}, reduced_motion="no-preference", locale="de-DE"
    )
    pg = ctx.new_page()
    console.attach(pg)
    yield pg
    ctx.close()
    assert console.errors == [], f"console errors: {console.errors}"


@pytest.fixture
def players(browser: Any, console: Console) -> Iterator[Any]:
    """Makes duel players (each a browser profile of its own); closes them after."""
    from .duel_helpers import new_player

    made: list[Any] = []

    def make(**options: Any) -> Any:
        page = new_player(browser, console, **options)
        made.append(page)
        return page

    yield make
    for page in made:
        page.context.close()
