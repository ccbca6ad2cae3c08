"""While the engine loads, the page says what loads and how far (the
worker's stages), and the board stays inactive (busy, dimmed, takes no tap) until it is
ready — on the game page and in the lesson; the rules text and the openings list need
no engine and are drawn at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import BOOT_TIMEOUT_MS, wait_idle


class Held:
    """Holds back the requests for Pyodide's runtime (the big step) until released."""

    PATTERN = "**/pyodide/**/pyodide.asm.wasm"

    def __init__(self, context: Any) -> None:
        self.context = context
        self.routes: list[Any] = []
        context.route(self.PATTERN, self.hold)

    def hold(self, route: Any) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.context.unroute(self.PATTERN, self.hold)


@pytest.fixture
def held(browser: Any) -> Iterator[tuple[Any, Held]]:
    context = browser.new_context(reduced_motion="reduce", locale="de-DE")
    holder = Held(context)
    page = context.new_page()
    yield page, holder
    context.close()


def test_the_game_page_shows_the_loading_stage_over_an_inactive_board(
    held: tuple[Any, Held], server: Any
) -> None:
    page, holder = held
    page.goto(server.url + "/zu-zweit")
    boot = page.locator("#boot")
    expect(boot).to_contain_text("Schritt 2 von 3", timeout=BOOT_TIMEOUT_MS)
    expect(boot).to_contain_text("Python")
    expect(page.get_by_role("progressbar")).to_be_visible()
    board = page.locator(".board")
    expect(board).to_have_attribute("aria-busy", "true")
    assert page.locator(".board-frame.waiting[inert]").count() == 1
    assert float(board.evaluate("e => getComputedStyle(e).opacity")) < 0.6
    # no counts before there is a game
    assert page.inner_text("#count-black") == "–"
    # a tap goes nowhere; the square takes no focus
    box = page.locator("[data-square=d3]").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator("[data-square=d3]").focus()
    assert page.evaluate("document.activeElement.dataset.square") is None
    holder.release()
    wait_idle(page, BOOT_TIMEOUT_MS)
    expect(board).to_have_attribute("aria-busy", "false")
    assert page.locator(".board-frame[inert]").count() == 0
    expect(page.locator("#boot")).to_have_count(0)
    assert page.inner_text("#count-black") == "2"
    assert page.get_attribute("#game", "data-ply") == "0"


def test_the_lesson_says_what_loads_and_the_rules_and_openings_do_not_wait(
    held: tuple[Any, Held], server: Any
) -> None:
    page, holder = held
    page.goto(server.url + "/lernen")
    loading = page.locator(".lb-boot")
    expect(loading).to_contain_text("Schritt 2 von 3", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".board")).to_have_attribute("aria-busy", "true")
    # the pages without an engine of their own: their text is there while it loads
    page.goto(server.url + "/regeln")
    expect(page.get_by_role("heading", level=1)).to_be_visible(timeout=5000)
    assert len(page.inner_text("main")) > 1000
    page.goto(server.url + "/eroeffnungen")
    expect(page.locator("button.opening").first).to_be_visible(timeout=5000)
    assert page.locator("button.opening").count() > 10
    holder.release()
    page.goto(server.url + "/lernen")
    expect(page.locator("#lesson")).to_have_attribute("data-loaded", "yes", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".lb-boot")).to_have_count(0)
    expect(page.locator(".board")).to_have_attribute("aria-busy", "false")
