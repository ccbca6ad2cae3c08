"""The learning pages after one visit: with the server gone, /regeln and /lernen load
from the service worker's cache and their boards still play through the engine."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .learn_helpers import board_state, engine_legal, visit, wait_boards
from .look import offline_after_one_visit


def test_rules_and_lesson_work_offline_after_one_visit(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(browser, console, "/regeln", wait_boards) as (page, server):
        for path in ("/regeln", "/lernen"):
            visit(page, server.url + path)
            assert page.url.split("#")[0].endswith(path)  # a lesson step: #schritt-1
        first = page.locator("#lesson .liveboard")
        assert sorted(board_state(first)["dots"]) == sorted(engine_legal(board_state(first)))
        first.locator("[data-square=d3]").click()
        page.wait_for_selector("#lesson[data-step='2']", timeout=30_000)

        page.goto(server.url + "/regeln#faq-remis")
        page.wait_for_function("document.getElementById('faq-remis')?.open === true")
        wait_boards(page)
        board = page.locator("#regel-erster-zug .liveboard")
        board.locator("[data-square=d3]").click()
        expect(board.locator(".lb-notice")).to_contain_text("d3")
        wait_boards(page)
        assert board_state(board)["discs"][27] == "black"
