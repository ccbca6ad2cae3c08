"""Fixtures of the web tests: a real server on a free port, and headless Chromium.

The browser is Debian's ``/usr/bin/chromium`` driven by Playwright's sync API (keep
these tests out of asyncio: the sync API refuses to run inside an event loop).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update"]
ARTIFACTS = Path(__file__).parent / "artifacts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``reversi serve`` in a child process."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = ARTIFACTS / f"server-{self.port}.log"

    def start(self) -> Server:
        ARTIFACTS.mkdir(exist_ok=True)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "reversi", "serve", "--port", str(self.port)],
                cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"reversi serve exited: {self.log.read_text()}") from None
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


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


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: dev/test installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
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
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce",
                              locale="de-DE")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any, console: Console) -> Iterator[Any]:
    pg = context.new_page()
    console.attach(pg)
    yield pg
    assert console.errors == [], f"console errors: {console.errors}"
