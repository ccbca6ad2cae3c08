"""The duel browser tests' server and player helpers.

The server is the whole hall (pages + duels) in its own process, on its own data
directory, with rate limits for scripted players; it can be killed with SIGKILL and
started again on the same port and database.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.processes import ServerProcess, free_port

from .conftest import ARTIFACTS

TIMEOUT_MS = 20_000

SERVER = """
import uvicorn
from reversi.server.app import create_app
from reversi.server.duels import DuelServer
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = dict(
    heartbeat_interval=0.2, sweep_interval=0.2, create_limit="1000/minute",
    join_limit="1000/minute", message_limit="1000/second", transfer_limit="1000/minute",
    view_limit="1000/minute", guess_limit="1000/minute", new_player_limit="1000/minute",
    rename_limit="1000/minute", sockets_per_address=0, connections_per_address=0)
settings.update({overrides})
duels = DuelServer(Settings.from_env(**settings))
uvicorn.Server(settings_config(create_app(duels=duels), duels.settings, "127.0.0.1", {port},
                               timeout_graceful_shutdown=1)).run()
"""


class DuelServer(ServerProcess):
    """``settings``: more ``Settings`` fields for this server (Python literals, e.g.
    ``{"default_move_time": 4, "grace": 1.0}``), on top of the scripted players' ones."""

    def __init__(self, data_dir: Path, port: int | None = None, *,
                 settings: Mapping[str, object] | None = None) -> None:
        port = port or free_port()
        env = dict(os.environ, REVERSI_DATA_DIR=str(data_dir), REVERSI_SECRET="duel-browser-tests")
        for name in ("REVERSI_DATABASE_URL", "REVERSI_REDIS_URL"):
            env.pop(name, None)
        code = SERVER.format(port=port, overrides=repr(dict(settings or {})))
        super().__init__([sys.executable, "-c", code], port,
                         ARTIFACTS / f"duel-server-{port}.log", env=env)

    def start(self, timeout: float = 30) -> DuelServer:  # type: ignore[override]
        super().start(timeout)
        return self


def new_player(browser: Any, console: Any, **options: Any) -> Any:
    """A fresh browser profile (its own cookie) and a page in it."""
    options.setdefault("viewport", {"width": 1280, "height": 900})
    # Playwright's string predicates are evaluated with eval(), which the server's CSP
    # forbids; tests/web/test_web_csp.py loads the pages with the CSP in force
    options.setdefault("bypass_csp", True)
    context = browser.new_context(reduced_motion="reduce", locale="de-DE", **options)
    page = context.new_page()
    console.attach(page)
    return page


def table(page: Any) -> dict[str, Any]:
    return page.evaluate("window.reversiTable.table")  # type: ignore[no-any-return]


def wait_table(page: Any, condition: str, timeout: float = TIMEOUT_MS) -> None:
    """Wait until ``condition`` (JS over ``t`` = the table page object) holds."""
    try:
        page.wait_for_function(
            "(() => { const t = window.reversiTable;"
            f" return !!t && !!t.table && ({condition}); }})()", timeout=timeout)
    except Exception:
        print("waited in vain for", condition, "on", page.url, page.evaluate(
            "JSON.stringify({notice: document.getElementById('duel-notice')?.textContent,"
            " state: window.reversiTable?.state, hall: window.reversiHall?.state,"
            " table: window.reversiTable?.table})"))
        raise


def wait_text(page: Any, element_id: str, text: str) -> None:
    """Wait until the element with this id holds ``text``."""
    page.wait_for_function(
        f"(document.getElementById({element_id!r}) || {{}}).textContent?.includes({text!r})",
        timeout=TIMEOUT_MS)


def wait_hall_open(page: Any, timeout: float = TIMEOUT_MS) -> None:
    page.wait_for_function("window.reversiHall && window.reversiHall.state === 'open'",
                           timeout=timeout)


def wait_ready(page: Any) -> None:
    """The table page is drawn and its socket has answered the watch."""
    page.wait_for_selector("#duel[data-status][data-synced]", state="attached",
                           timeout=TIMEOUT_MS)
    wait_hall_open(page)


def open_table(page: Any, base: str) -> str:
    """'zu 2' on the start page; returns the table code."""
    page.goto(base + "/")
    page.click("#open-table")
    page.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(page)
    return str(page.url.rsplit("/", 1)[1])


def seat_of(page: Any) -> int:
    return int(page.evaluate("window.reversiTable.you.seat"))


def join(page: Any, base: str, code: str) -> None:
    page.goto(f"{base}/tisch/{code}")
    wait_ready(page)


def mover(pages: list[Any]) -> Any:
    """The page whose player is to move (both pages agree on the table first)."""
    for page in pages:
        t = table(page)
        if t["status"] == "playing" and t["clock"] and t["clock"]["seat"] == page.evaluate(
                "window.reversiTable.you.seat"):
            return page
    raise AssertionError("nobody is to move")


def play_one(pages: list[Any], square: str | None = None) -> str:
    """The player to move clicks a legal square (the first one drawn, unless given);
    waits until both pages show the new version."""
    page = mover(pages)
    try:
        page.wait_for_selector("#duel[data-state=idle][data-mine='1']", state="attached",
                               timeout=TIMEOUT_MS)
    except Exception:
        for p in pages:
            print(p.evaluate("JSON.stringify({dm: document.querySelector('#duel').dataset,"
                             " sending: reversiTable.sending, clock: reversiTable.table.clock})"))
        raise
    if square is None:
        square = page.eval_on_selector("[data-legal]", "e => e.dataset.square")
    version = table(page)["version"]
    page.click(f"[data-square={square}]")
    for p in pages:
        wait_table(p, f"t.version > {version} && t.state !== 'sending'")
    return str(square)


def sync(pages: list[Any]) -> None:
    """Both pages have the same table version."""
    target = max(table(p)["version"] for p in pages)
    for p in pages:
        wait_table(p, f"t.version >= {target}")
