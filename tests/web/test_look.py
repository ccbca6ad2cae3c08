"""The hall's game pages as people see them: axe-core finds nothing serious, light and
dark, and screenshots at phone and desktop size land in tests/web/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import open_game, play, wait_idle, wait_ply
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page
from .test_browser import has_ai


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious(browser: Any, server: Any, console: Any, scheme: str) -> None:
    with look_page(browser, console, scheme=scheme) as (page, _):
        page.goto(server.url + "/")
        page.wait_for_selector("#go-solo")
        assert_accessible(page, "/")

        open_game(page, server.url, "/zu-zweit")
        page.click("#setting-counts")
        play(page, "d3")
        page.click("#figure summary")
        assert_accessible(page, "/zu-zweit")

        page.goto(server.url + "/bilanz")
        page.wait_for_selector("#bilanz-table")
        assert_accessible(page, "/bilanz")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_screenshots(browser: Any, server: Any, console: Any, size: str, scheme: str) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        page.goto(server.url + "/")
        page.wait_for_selector("#go-solo")
        shot("start")

        open_game(page, server.url, "/zu-zweit")
        page.click("#setting-counts")
        for square in ["f5", "f6", "c4", "g5", "h5", "h4", "g7", "h6"]:
            play(page, square)
        fits_the_screen(page, size)
        board = page.locator(".board").bounding_box()
        assert board is not None
        width = SIZES[size][0]
        assert 0.8 * min(width, 560) <= board["width"] <= width
        shot("game", full=True)

        if has_ai():
            open_game(page, server.url, "/allein")
            page.check("input[name=begins][value=computer]")
            page.click("#start-solo")
            wait_ply(page, "=== 1")
            wait_idle(page)
            play(page, page.eval_on_selector("[data-legal]", "e => e.dataset.square"))
            shot("solo", full=True)

        page.goto(server.url + "/bilanz")
        page.wait_for_selector("#bilanz-table")
        shot("bilanz")
