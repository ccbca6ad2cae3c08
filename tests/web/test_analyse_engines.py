"""The analysis board's values on several engines (js/engines.js, reversi.web.engines):
in headless Chromium one engine.wasm per core computes a share of the moves, with the
same values (exact ones the solver's); without engine.wasm the one worker computes
them; in Python, the deepening over engines that value each move apart gives the
one core's values."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import expect

from reversi.ai import native
from reversi.ai.deepening import Deepening
from reversi.engine import Board
from reversi.web.engines import BrowserEngines

from .analyse_helpers import open_board
from .conftest import Server
from .replay_helpers import GAMES
from .test_analyse_values import shown_values, solved


class MoveByMove:
    """js/engines.js's protocol on the extension: each move valued by a call of its own."""

    def __init__(self, core: native.Core) -> None:
        self.core = core
        self.size = 2
        self.asked: list[dict[str, Any]] = []

    async def values(self, text: str) -> str:
        await asyncio.sleep(0)  # the deepening waits, as for the browser's engines
        ask = json.loads(text)
        self.asked.append(ask)
        p, o = int(ask["p"]), int(ask["o"])
        values: dict[int, int] = {}
        stopped = False
        for sq in ask["order"]:
            found, value = self.core.values(
                p, o, ask["depth"], keep=not ask["fresh"], only=1 << sq,
                stop_at=time.perf_counter() + ask["seconds"],
            )  # fmt: skip
            stopped = stopped or found.stopped
            values |= value
        return json.dumps({"stopped": stopped, "values": values})

    async def line(self, text: str) -> str:
        ask = json.loads(text)
        line = self.core.line(int(ask["p"]), int(ask["o"]), ask["first"], ask["depth"])
        return json.dumps({"squares": line})


def test_the_deepening_on_engines_gives_the_one_cores_values() -> None:
    core = native.core()
    if core is None:
        pytest.skip("reversi._native is not built here")
    board = Board(moves=GAMES[1][:96])  # 12 empties: depths, then exact
    p, o = board.player, board.opponent

    async def deepen(deepening: Deepening) -> list[dict[int, tuple[float, bool, int]]]:
        seen = []
        while not deepening.done:
            await deepening.step_async(time.perf_counter() + 60, report_at=0)
            seen.append(dict(deepening.scores))
        return seen

    def run(deepening: Deepening) -> list[dict[int, tuple[float, bool, int]]]:
        # an event loop of its own: the browser tests' Playwright runs one in this thread
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, deepen(deepening)).result()

    pool = MoveByMove(core)
    on_engines = run(Deepening(core, p, o, engines=BrowserEngines(pool, p, o, False)))
    one_core = run(Deepening(core, p, o))
    assert on_engines == one_core
    assert all(exact for _, exact, _ in on_engines[-1].values())
    assert [ask["fresh"] for ask in pool.asked] == [True] + [False] * (len(pool.asked) - 1)
    assert pool.asked[-1]["exact"] and not pool.asked[0]["exact"]
    # best first: the order of the last call follows the values before it
    before = on_engines[-2]
    assert pool.asked[-1]["order"] == sorted(before, key=lambda sq: (-before[sq][0], sq))


def cores(page: Any, n: int) -> None:
    """The page as on a device with ``n`` cores: js/engines.js reads them so."""

    def rewrite(route: Any) -> None:
        body = route.fetch().text().replace("navigator.hardwareConcurrency", str(n))
        route.fulfill(body=body, content_type="text/javascript")

    page.context.route("**/js/engines.js", rewrite)


def test_the_values_are_computed_on_one_engine_per_core(server: Server, page: Any) -> None:
    cores(page, 4)
    moves = GAMES[1][:96]  # 12 empties
    open_board(page, f"{server.url}/analyse?partie={moves}")
    values = page.locator("#values")
    # the start position's values go on long enough for the engines to start
    page.keyboard.press("Home")
    expect(page.locator("#analyse")).to_have_attribute("data-path", "")
    page.get_by_role("switch", name="Werte zeigen").check()
    expect(values).to_have_attribute("data-engines", "4", timeout=60_000)
    page.evaluate("document.activeElement.blur()")  # the keys move on the board, not the switch
    page.keyboard.press("End")
    expect(page.locator("#analyse")).to_have_attribute("data-path", moves)
    expect(values).to_have_attribute("data-state", "done", timeout=60_000)
    expect(values).to_have_attribute("data-engines", "4")
    shown = shown_values(page)
    assert {sq: v for sq, (v, how) in shown.items() if how == "exakt"} == solved(Board(moves=moves))
    expect(page.locator("#values-line")).to_contain_text("Erwartete Fortsetzung:")


def values_of_one_worker(server: Server, page: Any) -> None:
    """The worker computes a position's values itself; they are the solver's."""
    moves = GAMES[1][:100]  # 10 empties
    open_board(page, f"{server.url}/analyse?partie={moves}")
    page.get_by_role("switch", name="Werte zeigen").check()
    values = page.locator("#values")
    expect(values).to_have_attribute("data-state", "done", timeout=60_000)
    expect(values).to_have_attribute("data-engines", "1")
    shown = shown_values(page)
    assert {sq: v for sq, (v, how) in shown.items() if how == "exakt"} == solved(Board(moves=moves))


def test_on_fewer_than_four_cores_the_worker_computes_the_values(server: Server, page: Any) -> None:
    cores(page, 2)
    values_of_one_worker(server, page)


def test_without_engine_wasm_one_worker_computes_the_values(server: Server, page: Any) -> None:
    page.context.route("**/engine.wasm", lambda route: route.fulfill(status=404, body="refused"))
    values_of_one_worker(server, page)
