"""The learning pages as people see them: axe-core finds nothing serious or critical on
/regeln (every question opened) and /lernen, light and dark, and screenshots at phone
and desktop size land in tests/web/artifacts/ for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .learn_helpers import wait_boards
from .test_web_look import AXE, axe_violations, describe

SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_learning_pages(browser: Any, server: Any, console: Any,
                                                         scheme: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run python -m reversi.web.build")
    context = browser.new_context(reduced_motion="reduce", color_scheme=scheme)
    page = context.new_page()
    console.attach(page)
    missing: list[str] = []  # i18n.t() warns about a key de.json lacks
    page.on("console", lambda m: missing.append(m.text) if "missing text" in m.text else None)
    try:
        page.goto(server.url + "/regeln")
        wait_boards(page)
        page.eval_on_selector_all("details", "els => els.forEach(e => { e.open = true; })")
        page.locator("#regel-erster-zug [data-square=d4]").click()  # a refusal with its link
        page.locator("#regel-erster-zug .lb-notice a").wait_for()
        assert describe(axe_violations(page)) == ""

        page.goto(server.url + "/lernen")
        wait_boards(page)
        page.locator("#lesson [data-square=a1]").click()
        page.locator("#lesson .lb-notice a").wait_for()
        assert describe(axe_violations(page)) == ""

        page.goto(server.url + "/")
        page.wait_for_selector("#go-rules")
        assert describe(axe_violations(page)) == ""
    finally:
        context.close()
    assert console.errors == []
    assert missing == []


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_learning_screenshots(browser: Any, server: Any, console: Any, size: str,
                              scheme: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion="reduce", color_scheme=scheme,
                                  device_scale_factor=1, is_mobile=size == "phone",
                                  has_touch=size == "phone")
    page = context.new_page()
    console.attach(page)
    ARTIFACTS.mkdir(exist_ok=True)
    shots: list[Path] = []

    def shot(name: str, full: bool = False) -> None:
        shots.append(ARTIFACTS / f"{name}-{size}-{scheme}.png")
        page.screenshot(path=str(shots[-1]), full_page=full)

    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#go-rules")
        page.locator(".learn-group").scroll_into_view_if_needed()
        shot("start-learn")

        page.goto(server.url + "/regeln")
        wait_boards(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot("rules-top")
        page.locator("#regel-mehrere .liveboard [data-square=c5]").click()
        wait_boards(page)
        page.locator("#regel-mehrere").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('regel-mehrere').scrollIntoView()")
        shot("rules-lines")
        page.goto(server.url + "/regeln#faq-passen")
        page.wait_for_function("document.getElementById('faq-passen')?.open === true")
        shot("rules-faq")
        page.evaluate("document.getElementById('begriffe').scrollIntoView()")
        shot("rules-glossary")
        page.evaluate("document.getElementById('einstellungen').scrollIntoView()")
        shot("rules-settings")

        page.goto(server.url + "/lernen")
        wait_boards(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot("lesson")
        page.locator("#lesson [data-square=d4]").click()
        page.locator("#lesson .lb-notice a").wait_for()
        page.evaluate("document.querySelector('#lesson .liveboard').scrollIntoView()")
        shot("lesson-refused")
        # the last step and the end, reached here through the kept progress
        for step, name in ((5, "lesson-count"), (6, "lesson-game"), (7, "lesson-done")):
            page.evaluate(f"localStorage.setItem('reversi.lesson.v1', '{{\"step\": {step}}}')")
            page.reload()
            shown = "done" if step == 7 else f"{step + 1}'][data-loaded='yes"
            page.wait_for_selector(f"#lesson[data-step='{shown}']")
            if step < 7:
                wait_boards(page)
            shot(name)
    finally:
        context.close()
    assert all(s.stat().st_size > 5000 for s in shots)
    assert console.errors == []
