"""The duel browser tests' server and player helpers.

The server is the whole hall (pages + duels) in its own process, on its own data
directory, with rate limits for scripted players; it can be killed with SIGKILL and
started again on the same port and database.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import re
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.ext.asyncio import create_async_engine

from reversi.hall.ratings import rate_game
from reversi.server.settings import Settings
from reversi.storage.schema import PLAYERS
from tests.processes import ServerProcess, free_port

from .conftest import ARTIFACTS

TIMEOUT_MS = 20_000

SERVER = """
import uvicorn
from reversi.server.app import create_app
from reversi.server.duel_server import DuelServer
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = dict(
    heartbeat_interval=0.2, sweep_interval=0.2, create_limit="1000/minute",
    join_limit="1000/minute", message_limit="1000/second", transfer_limit="1000/minute",
    sit_limit="1000/minute", pair_limit="1000/minute",
    view_limit="1000/minute", guess_limit="1000/minute", new_player_limit="1000/minute",
    rename_limit="1000/minute", sockets_per_address=0, connections_per_address=0)
settings.update({overrides})
duels = DuelServer(Settings.from_env(**settings))
uvicorn.Server(settings_config(create_app(duels=duels), duels.settings, "127.0.0.1", {port},
                               timeout_graceful_shutdown=1)).run()
"""


def store_env(data_dir: Path) -> dict[str, str]:
    """The environment of a hall on ``data_dir``: SQLite in it, or, with
    ``REVERSI_TEST_SERVICES=postgres+redis``, a fresh PostgreSQL database (dropped when the
    test session ends) and Redis under a prefix of its own, as in a deployment of several
    processes. Without the variable the duel browser tests run on SQLite only."""
    env = dict(os.environ, REVERSI_DATA_DIR=str(data_dir), REVERSI_SECRET="duel-browser-tests")
    for name in ("REVERSI_DATABASE_URL", "REVERSI_REDIS_URL"):
        env.pop(name, None)
    from tests.app_fixtures import REDIS_URL, postgres_database, services_wanted

    if services_wanted():
        env["REVERSI_DATABASE_URL"] = _SCRATCH.enter_context(postgres_database())
        env["REVERSI_REDIS_URL"] = REDIS_URL
        env["REVERSI_BROKER_PREFIX"] = f"test-{data_dir.name}:"
    return env


_SCRATCH = contextlib.ExitStack()
atexit.register(_SCRATCH.close)


class DuelServer(ServerProcess):
    """``settings``: more ``Settings`` fields for this server (Python literals, e.g.
    ``{"default_move_time": 4, "grace": 1.0}``), on top of the scripted players' ones."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        *,
        settings: Mapping[str, object] | None = None,
    ) -> None:
        port = port or free_port()
        env = store_env(data_dir)
        self.database_url = Settings(
            data_dir=data_dir, database_url=env.get("REVERSI_DATABASE_URL")
        ).db_url()
        code = SERVER.format(port=port, overrides=repr(dict(settings or {})))
        super().__init__(
            [sys.executable, "-c", code], port, ARTIFACTS / f"duel-server-{port}.log", env=env
        )

    def start(self, timeout: float = 30) -> DuelServer:  # type: ignore[override]
        super().start(timeout)
        return self


def seed_rated_games(
    server: DuelServer, time_class: str, a: str, b: str, outcomes: Sequence[str]
) -> None:
    """Rated games of the players named ``a`` and ``b``, one a day, straight into the
    server's database (SQLite or PostgreSQL): ``outcomes`` are ``a``'s ("win", "loss")."""

    def write(conn: Connection) -> None:
        ids = dict(conn.execute(select(PLAYERS.c.nickname, PLAYERS.c.id)).all())
        for i, outcome in enumerate(outcomes):
            other = {"win": "loss", "loss": "win"}[outcome]
            players = [
                {"player": ids[a], "outcome": outcome, "moves": 30},
                {"player": ids[b], "outcome": other, "moves": 30},
            ]
            rate_game(conn, f"seed:{i}", players, time_class, True, 1_700_000_000 + i * 86_400)

    async def seed() -> None:
        engine = create_async_engine(server.database_url)
        async with engine.begin() as conn:
            await conn.run_sync(write)
        await engine.dispose()

    # Playwright's sync API keeps an event loop running in this thread
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, seed()).result()


def new_player(browser: Any, console: Any, **options: Any) -> Any:
    """A fresh browser profile (its own cookie) and a page in it."""
    options.setdefault("viewport", {"width": 1280, "height": 900})
    # Playwright's string predicates are evaluated with eval(), which the server's CSP
    # forbids; tests/web/test_csp.py loads the pages with the CSP in force
    options.setdefault("bypass_csp", True)
    context = browser.new_context(reduced_motion="reduce", locale="de-DE", **options)
    page = context.new_page()
    console.attach(page)
    return page


#: The table as its page shows it, read from the DOM: the page's data attributes
#: (version, state, status, move number, rules), the seats and the prompts.
READ_TABLE = """(() => {
  const d = document.querySelector('#duel');
  if (!d || d.dataset.status === undefined) return null;
  const seat = d.dataset.seat === '' ? null : Number(d.dataset.seat);
  const toMove = document.querySelector('.seat.to-move');
  const asker = document.querySelector('#takeback-question') ? 1 - seat
    : document.querySelector('#takeback-wait') ? seat : null;
  return {
    version: Number(d.dataset.version), state: d.dataset.state, status: d.dataset.status,
    ply: d.dataset.ply === undefined ? null : Number(d.dataset.ply), seat,
    moveTime: Number(d.dataset.moveTime), hints: d.dataset.hints === 'true',
    draw: !!document.querySelector('#draw'), takeback: asker,
    muted: document.querySelector('#mute')?.getAttribute('aria-pressed') === 'true',
    toMove: toMove ? Number(toMove.id.slice('seat-'.length)) : null,
    hall: d.dataset.conn || null,
    // before both have moved a seated player may abort (and not yet resign)
    firstMoves: d.dataset.status === 'playing' && !!document.querySelector('#abort:not([hidden])'),
  };
})()"""


def shown(page: Any) -> dict[str, Any]:
    """The table as the page shows it (READ_TABLE)."""
    return page.evaluate(READ_TABLE)  # type: ignore[no-any-return]


def table(page: Any) -> dict[str, Any]:
    """The table as the server has it, asked with the page's own cookie."""
    code = page.url.split("/tisch/", 1)[1].split("#")[0]
    origin = page.url.split("/tisch/", 1)[0]
    answer = page.request.get(f"{origin}/api/tables/{code}")
    return answer.json()["table"]  # type: ignore[no-any-return]


def wait_recorded(page: Any) -> None:
    """Wait until the hall has recorded the finished game (the event ``booked``): the
    result's replay link appears with the points and ratings."""
    page.locator("#result-replay").wait_for(timeout=TIMEOUT_MS)


def wait_table(page: Any, condition: str, timeout: float = TIMEOUT_MS) -> None:
    """Wait until ``condition`` holds (JS over ``t``: the table as the page shows it)."""
    try:
        page.wait_for_function(
            f"(() => {{ const t = {READ_TABLE}; return !!t && ({condition}); }})()", timeout=timeout
        )
    except Exception:
        print(
            "waited in vain for",
            condition,
            "on",
            page.url,
            shown(page),
            page.evaluate("document.getElementById('duel-notice')?.textContent"),
        )
        raise


def wait_text(page: Any, element_id: str, text: str) -> None:
    """Wait until the element with this id holds ``text``."""
    page.wait_for_function(
        f"(document.getElementById({element_id!r}) || {{}}).textContent?.includes({text!r})",
        timeout=TIMEOUT_MS,
    )


def wait_hall_open(page: Any, timeout: float = TIMEOUT_MS) -> None:
    """The page's socket is open (the page shows its state as ``<html data-socket>``)."""
    page.wait_for_selector("html[data-socket=open]", state="attached", timeout=timeout)


def wait_socket(page: Any, state: str, timeout: float = TIMEOUT_MS) -> None:
    """Wait until the page's socket is (``"open"``) or is not (``"!open"``) open."""
    selector = "html:not([data-socket=open])" if state == "!open" else f"html[data-socket={state}]"
    page.wait_for_selector(selector, state="attached", timeout=timeout)


class Sockets:
    """Routes a page's WebSockets through Playwright, so that a test can cut them as a
    failing network would (the page then reconnects by itself). Install before goto."""

    def __init__(self, page: Any) -> None:
        self.routes: list[Any] = []
        page.route_web_socket(re.compile(r".*/ws$"), self._route)

    def _route(self, ws: Any) -> None:
        ws.connect_to_server()
        self.routes.append(ws)

    def drop(self) -> None:
        for ws in self.routes:
            ws.close(code=4000)
        self.routes.clear()


def wait_ready(page: Any) -> None:
    """The table page is drawn and its socket has answered the watch."""
    page.wait_for_selector("#duel[data-status][data-synced]", state="attached", timeout=TIMEOUT_MS)
    wait_hall_open(page)


def open_table(page: Any, base: str) -> str:
    """'zu 2' on the start page; returns the table code."""
    page.goto(base + "/")
    page.click("#open-table")
    page.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(page)
    return str(page.url.rsplit("/", 1)[1])


def seat_of(page: Any) -> int:
    return int(shown(page)["seat"])


def other(pages: list[Any], page: Any) -> Any:
    """The other one of two pages."""
    return pages[1] if page is pages[0] else pages[0]


def discs(page: Any) -> str:
    """The board as the page draws it: 64 of ``B``, ``W`` and ``.``, a1 first."""
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        ".sq", "els => els.map(e => ({black: 'B', white: 'W'})[e.dataset.disc] || '.').join('')"
    )


def join(page: Any, base: str, code: str) -> None:
    page.goto(f"{base}/tisch/{code}")
    wait_ready(page)


def mover(pages: list[Any]) -> Any:
    """The page whose player is to move (both pages agree on the table first)."""
    for page in pages:
        t = shown(page)
        if t["status"] == "playing" and t["toMove"] is not None and t["toMove"] == t["seat"]:
            return page
    raise AssertionError("nobody is to move")


def play_one(pages: list[Any], square: str | None = None) -> str:
    """The player to move clicks a legal square (the first one drawn, unless given);
    waits until both pages show the new version."""
    page = mover(pages)
    try:
        page.wait_for_selector(
            "#duel[data-state=idle][data-mine='1']", state="attached", timeout=TIMEOUT_MS
        )
    except Exception:
        for p in pages:
            print(shown(p))
        raise
    if square is None:
        square = page.eval_on_selector("[data-legal]", "e => e.dataset.square")
    version = shown(page)["version"]
    page.click(f"[data-square={square}]")
    for p in pages:
        wait_table(p, f"t.version > {version} && t.state !== 'sending'")
    return str(square)


def sync(pages: list[Any]) -> None:
    """Both pages have the same table version."""
    target = max(shown(p)["version"] for p in pages)
    for p in pages:
        wait_table(p, f"t.version >= {target}")


def seat_two(a: Any, b: Any, base: str) -> str:
    """``a`` opens a table on ``base`` ("zu 2") and ``b`` follows its code; the code, once
    ``a`` sees the game running."""
    code = open_table(a, base)
    join(b, base, code)
    wait_table(a, "t.status === 'playing'")
    return code


def at_a_table(players: Any, base: str) -> list[Any]:
    """Two new players (the ``players`` fixture) at a running table on ``base``: the draw
    is made and shown on both pages."""
    a, b = players(), players()
    seat_two(a, b, base)
    for page in (a, b):
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
    return [a, b]
