"""The learning pages as people see them: axe-core finds nothing serious or critical on
/regeln (every question opened) and /lernen, light and dark, and screenshots at phone
and desktop size land in tests/web/artifacts/ for a person to look at."""

from __future__ import annotations

from typing import Any

import pytest

from .learn_helpers import visit, wait_boards
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious_on_the_learning_pages(
    browser: Any, server: Any, console: Any, scheme: str
) -> None:
    missing: list[str] = []  # i18n.t() warns about a key de.json lacks
    with look_page(browser, console, scheme=scheme) as (page, _):
        page.on("console", lambda m: missing.append(m.text) if "missing text" in m.text else None)
        visit(page, server.url + "/regeln")
        page.eval_on_selector_all("details", "els => els.forEach(e => { e.open = true; })")
        page.locator("#regel-erster-zug [data-square=d4]").click()  # a refusal with its link
        page.locator("#regel-erster-zug .lb-notice a").wait_for()
        assert_accessible(page, "/regeln")

        visit(page, server.url + "/lernen")
        page.locator("#lesson [data-square=a1]").click()
        page.locator("#lesson .lb-notice a").wait_for()
        assert_accessible(page, "/lernen")

        page.goto(server.url + "/")
        page.wait_for_selector("#go-rules")
        assert_accessible(page, "/")
    assert missing == []


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_learning_screenshots(
    browser: Any, server: Any, console: Any, size: str, scheme: str
) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        page.goto(server.url + "/")
        page.wait_for_selector("#go-rules")
        page.locator(".learn-group").scroll_into_view_if_needed()
        shot("start-learn")

        visit(page, server.url + "/regeln")
        fits_the_screen(page, size)
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

        visit(page, server.url + "/lernen")
        fits_the_screen(page, size)
        shot("lesson")
        page.locator("#lesson [data-square=d4]").click()
        page.locator("#lesson .lb-notice a").wait_for()
        page.evaluate("document.querySelector('#lesson .liveboard').scrollIntoView()")
        shot("lesson-refused")
        # the last step and the end, reached here through the kept progress
        for step, name in ((5, "lesson-count"), (6, "lesson-game"), (7, "lesson-done")):
            page.evaluate(f"localStorage.setItem('reversi.lesson.v1', '{{\"step\": {step}}}')")
            # the address without its step (#schritt-N, which would win over the kept one)
            page.goto(server.url + "/lernen")
            shown = "done" if step == 7 else f"{step + 1}'][data-loaded='yes"
            page.wait_for_selector(f"#lesson[data-step='{shown}']")
            if step < 7:
                wait_boards(page)
            shot(name)
