"""The study pages' accessibility (axe-core), screenshots at phone and desktop size in
light and dark (tests/web/artifacts/study-*.png, for a person to look at), and offline
use after one visit."""

from __future__ import annotations

from typing import Any

import pytest

from .look import (
    PRECACHED,
    SCHEMES,
    SIZES,
    assert_accessible,
    fits_the_screen,
    look_page,
    offline_after_one_visit,
)
from .study_helpers import assert_dots_are_the_engines, visit, wait_boards

PAGES = {"tipps": "/tipps", "eroeffnungen": "/eroeffnungen#tiger", "aufgaben": "/aufgaben"}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious(browser: Any, server: Any, console: Any, scheme: str) -> None:
    with look_page(browser, console, scheme=scheme) as (page, _):
        for path in PAGES.values():
            visit(page, server.url + path)
            assert_accessible(page, path)
        # with the verdicts of a tip and a refused puzzle try on the page
        visit(page, server.url + "/tipps")
        page.locator("#ecken .tip-buttons button").first.click()
        page.locator("#ecken .tip-scores li").first.wait_for(timeout=60_000)
        assert_accessible(page, "/tipps, a tip's verdict")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_screenshots(browser: Any, server: Any, console: Any, size: str, scheme: str) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        for name, path in PAGES.items():
            visit(page, server.url + path)
            if name == "tipps":
                page.locator("#ecken .tip-buttons button").nth(1).click()
                page.locator("#ecken .tip-scores li").first.wait_for(timeout=60_000)
            # nothing is wider than the screen, and the boards fit it
            fits_the_screen(page, size)
            box = page.locator(".liveboard .board").first.bounding_box()
            assert box is not None and box["width"] <= min(SIZES[size][0], 360)
            shot(f"study-{name}")
            shot(f"study-{name}-full", full=True)


def test_the_study_pages_work_offline_after_one_visit(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(browser, console, "/aufgaben", wait_boards) as (page, server):
        cached = page.evaluate(PRECACHED)
        assert cached["active"]
        for needed in (
            "data/puzzles.json",
            "data/openings.json",
            "js/study/tips.js",
            "js/study/openings.js",
            "js/study/puzzles.js",
            "js/study/common.js",
            "js/learn/liveboard.js",
            "js/core/shared_engine.js",
            "css/study.css",
            "css/learn.css",
            "vendor/lit-html/lit-html.js",
            "reversi.zip",
        ):
            assert any(key.endswith("/" + needed) for key in cached["keys"]), needed
        for path in PAGES.values():
            visit(page, server.url + path)
            assert_dots_are_the_engines(page)
        # a puzzle is solved offline too
        page.click("#show-answer")
        page.wait_for_selector("#puzzle-feedback p")
        assert page.locator("#puzzle-feedback").inner_text().startswith("Die Lösung ist")
