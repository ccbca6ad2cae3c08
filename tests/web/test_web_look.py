"""Accessibility (axe-core, injected from npm) and screenshots at phone and desktop size.

The screenshots land in tests/web/artifacts/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.processes import REPO

from .conftest import ARTIFACTS
from .helpers import open_game, play, wait_idle, wait_ply
from .test_web_browser import has_ai

AXE = REPO / "reversi/web/node_modules/axe-core/axe.min.js"
SIZES = {"phone": (360, 640), "desktop": (1280, 900)}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']} — "
                     f"{[n['target'] for n in v['nodes']][:5]}" for v in violations)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(browser: Any, server: Any, console: Any, scheme: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run python -m reversi.web.build")
    context = browser.new_context(reduced_motion="reduce", color_scheme=scheme)
    page = context.new_page()
    console.attach(page)
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#go-solo")
        assert describe(axe_violations(page)) == ""

        open_game(page, server.url, "/zu-zweit")
        page.click("#setting-counts")
        play(page, "d3")
        page.click("#figure summary")
        assert describe(axe_violations(page)) == ""

        page.goto(server.url + "/bilanz")
        page.wait_for_selector("#bilanz-table")
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
        page.goto(server.url + "/")
        page.wait_for_selector("#go-solo")
        shots.append(ARTIFACTS / f"start-{size}-{scheme}.png")
        page.screenshot(path=str(shots[-1]))

        open_game(page, server.url, "/zu-zweit")
        page.click("#setting-counts")
        for square in ["f5", "f6", "c4", "g5", "h5", "h4", "g7", "h6"]:
            play(page, square)
        # nothing is wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        board = page.locator(".board").bounding_box()
        assert board is not None
        assert 0.8 * min(width, 560) <= board["width"] <= width
        shots.append(ARTIFACTS / f"game-{size}-{scheme}.png")
        page.screenshot(path=str(shots[-1]), full_page=True)

        if has_ai():
            open_game(page, server.url, "/allein")
            page.check("input[name=begins][value=computer]")
            page.click("#start-solo")
            wait_ply(page, "=== 1")
            wait_idle(page)
            play(page, page.eval_on_selector("[data-legal]", "e => e.dataset.square"))
            shots.append(ARTIFACTS / f"solo-{size}-{scheme}.png")
            page.screenshot(path=str(shots[-1]), full_page=True)

        page.goto(server.url + "/bilanz")
        page.wait_for_selector("#bilanz-table")
        shots.append(ARTIFACTS / f"bilanz-{size}-{scheme}.png")
        page.screenshot(path=str(shots[-1]))
    finally:
        context.close()
    assert all(shot.stat().st_size > 5000 for shot in shots)
    assert console.errors == []
