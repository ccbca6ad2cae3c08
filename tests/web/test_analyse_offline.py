"""The analysis board and "Aus Fehlern lernen" after one visit: with the server gone,
both load from the service worker's cache and the board still plays and values moves
through the engine in the worker."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from reversi.engine import Board

from .analyse_helpers import engine_squares, play, squares
from .look import offline_after_one_visit


def ready(page: Any) -> None:
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=60_000)


def test_the_analysis_board_and_the_drill_work_offline(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(browser, console, "/analyse", ready) as (page, server):
        page.goto(server.url + "/analyse?partie=f5d6")
        ready(page)
        play(page, "c3")
        assert squares(page) == engine_squares(Board(moves="f5d6c3"))
        page.get_by_role("switch", name="Werte zeigen").check()
        expect(page.locator(".sq.show-value").first).to_be_visible(timeout=60_000)
        page.goto(server.url + "/aus-fehlern-lernen")
        expect(page.locator("#drill-none")).to_contain_text("Noch nichts zu üben")
