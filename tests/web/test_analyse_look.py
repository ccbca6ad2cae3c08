"""The analysis board as people see it: axe-core finds nothing serious or critical,
nothing is wider than a phone's screen, and screenshots at phone and desktop size in
light and dark (tests/web/artifacts/analyse-*.png, to look at)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .analyse_helpers import open_board
from .conftest import Server
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page

#: a tree with a side line inside a side line, shown in the middle of a side line
TREE = "/analyse?partie=f5d6(f4e3(d3)f6)c3d3c4&bei=f5f4e3"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_analysis_board_is_accessible_and_fits_a_phone(
    server: Server, browser: Any, console: Any, scheme: str
) -> None:
    with look_page(browser, console, "desktop", scheme) as (page, shot):
        open_board(page, server.url + TREE)
        page.get_by_role("switch", name="Werte zeigen").check()
        expect(page.locator("#values")).to_have_attribute("data-state", "done", timeout=60_000)
        assert_accessible(page, "the analysis board with its values")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            fits_the_screen(page, size)
            shot.size = size
            shot("analyse", full=True)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_position_editor_is_accessible_and_fits_a_phone(
    server: Server, browser: Any, console: Any, scheme: str
) -> None:
    with look_page(browser, console, "desktop", scheme) as (page, shot):
        open_board(page, server.url + "/analyse?partie=f5d6c3")
        page.get_by_role("button", name="Stellung bearbeiten").click()
        page.locator("#setup-tools summary").click()
        page.click(".board [data-square=a1]")
        assert_accessible(page, "the position editor")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            fits_the_screen(page, size)
            shot.size = size
            shot("analyse-editor", full=True)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_drill_and_the_bilanz_are_accessible_and_fit_a_phone(
    server: Server, browser: Any, console: Any, scheme: str
) -> None:
    with look_page(browser, console, "desktop", scheme) as (page, shot):
        page.goto(server.url + "/zu-zweit")
        page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=60_000)
        for square in re.findall("..", "f5d6c5f4e3f6g5e6e7"):
            before = page.get_attribute("#game", "data-ply")
            page.click(f"[data-square={square}]")
            expect(page.locator("#game")).not_to_have_attribute("data-ply", str(before))
        page.get_by_role("link", name="Analyse", exact=True).click()
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=180_000)
        page.get_by_role("link", name="Aus Fehlern lernen").click()
        page.wait_for_selector("#drill[data-phase=ask]", state="attached", timeout=60_000)
        page.click(".board [data-square=e6]")
        expect(page.locator("#drill-feedback")).to_contain_text("e6")
        assert_accessible(page, "the drill")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            fits_the_screen(page, size)
            shot.size = size
            shot("analyse-drill", full=True)
        # the analysed game's entry in the Bilanz: accuracy and Fehler/Patzer per side
        page.goto(server.url + "/bilanz")
        expect(page.locator("#recent .recent-accuracy")).to_contain_text("Patzer")
        assert_accessible(page, "the Bilanz with an analysed game")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            fits_the_screen(page, size)
            shot.size = size
            shot("bilanz-analysed", full=True)
