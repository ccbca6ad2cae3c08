"""The learning pages after one visit: with the server gone, /regeln and /lernen load
from the service worker's cache and their boards still play through the engine."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import Server
from .learn_helpers import board_state, engine_legal, wait_boards


def test_rules_and_lesson_work_offline_after_one_visit(browser: Any, built: None,
                                                       console: Any) -> None:
    server = Server().start()
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        console.attach(page)
        page.goto(server.url + "/regeln")
        wait_boards(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        wait_boards(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        server.stop()

        for path in ("/regeln", "/lernen"):
            page.goto(server.url + path)
            wait_boards(page)
            assert page.url.endswith(path)
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
        assert board_state(board)["discs"][27] == "black"
    finally:
        context.close()
        server.stop()
    assert [e for e in console.errors if not e.startswith(
        "Failed to load resource: net::ERR_CONNECTION_REFUSED")] == []
