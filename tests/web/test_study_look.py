"""The study pages' accessibility (axe-core), screenshots at phone and desktop size in
light and dark (tests/web/artifacts/study-*.png, for a person to look at), and offline
use after one visit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS, Server
from .study_helpers import assert_dots_are_the_engines, wait_boards
from .test_web_look import AXE, axe_violations, describe
from .test_web_offline import PRECACHED

PAGES = {"tipps": "/tipps", "eroeffnungen": "/eroeffnungen#tiger", "aufgaben": "/aufgaben"}
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(browser: Any, server: Any, console: Any, scheme: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run python -m reversi.web.build")
    context = browser.new_context(reduced_motion="reduce", color_scheme=scheme)
    page = context.new_page()
    console.attach(page)
    try:
        for path in PAGES.values():
            page.goto(server.url + path)
            wait_boards(page)
            assert describe(axe_violations(page)) == "", path
        # with the verdicts of a tip and a refused puzzle try on the page
        page.goto(server.url + "/tipps")
        wait_boards(page)
        page.locator("#ecken .tip-buttons button").first.click()
        page.locator("#ecken .tip-scores li").first.wait_for(timeout=60_000)
        assert describe(axe_violations(page)) == ""
    finally:
        context.close()
    assert console.errors == []


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots(browser: Any, server: Any, console: Any, size: str, scheme: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion="reduce", color_scheme=scheme,
                                  device_scale_factor=1, is_mobile=size == "phone",
                                  has_touch=size == "phone")
    page = context.new_page()
    console.attach(page)
    ARTIFACTS.mkdir(exist_ok=True)
    shots: list[Path] = []
    try:
        for name, path in PAGES.items():
            page.goto(server.url + path)
            wait_boards(page)
            if name == "tipps":
                page.locator("#ecken .tip-buttons button").nth(1).click()
                page.locator("#ecken .tip-scores li").first.wait_for(timeout=60_000)
            # nothing is wider than the screen, and the boards fit it
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
            box = page.locator(".liveboard .board").first.bounding_box()
            assert box is not None and box["width"] <= min(width, 360)
            shots.append(ARTIFACTS / f"study-{name}-{size}-{scheme}.png")
            page.screenshot(path=str(shots[-1]))
            shots.append(ARTIFACTS / f"study-{name}-{size}-{scheme}-full.png")
            page.screenshot(path=str(shots[-1]), full_page=True)
    finally:
        context.close()
    assert all(shot.stat().st_size > 5000 for shot in shots)
    assert console.errors == []


def test_the_study_pages_work_offline_after_one_visit(browser: Any, built: None,
                                                     console: Any) -> None:
    server = Server().start()
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        console.attach(page)
        page.goto(server.url + "/aufgaben")
        wait_boards(page)
        cached = page.evaluate(PRECACHED)
        assert cached["active"]
        for needed in ("data/puzzles.json", "data/openings.json", "js/study/tips.js",
                       "js/study/openings.js", "js/study/puzzles.js", "js/study/common.js",
                       "js/learn/liveboard.js", "css/study.css", "css/learn.css",
                       "vendor/lit-html/lit-html.js", "reversi.zip"):
            assert any(key.endswith("/" + needed) for key in cached["keys"]), needed
        page.reload()
        wait_boards(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        server.stop()

        for path in PAGES.values():
            page.goto(server.url + path)
            wait_boards(page)
            assert_dots_are_the_engines(page)
        # a puzzle is solved offline too
        page.click("#show-answer")
        page.wait_for_selector("#puzzle-feedback p")
        assert page.locator("#puzzle-feedback").inner_text().startswith("Die Lösung ist")
    finally:
        context.close()
        server.stop()
    assert [e for e in console.errors if not e.startswith(
        "Failed to load resource: net::ERR_CONNECTION_REFUSED")] == []
