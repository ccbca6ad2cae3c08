"""The replay page with a finished analysis as people see it: axe-core finds nothing
serious or critical, nothing is wider than a phone's screen, and screenshots at phone
and desktop size in light and dark (tests/web/artifacts/replay-*.png, to look at)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import DuelServer
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page
from .replay_helpers import wait_replay


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_analysed_replay_is_accessible_and_fits_a_phone(
    archive: tuple[DuelServer, list[str]], browser: Any, console: Any, scheme: str
) -> None:
    server, ids = archive
    with look_page(browser, console, "desktop", scheme) as (page, shot):
        page.goto(f"{server.url}/partie/{ids[3]}#analyse")
        wait_replay(page)
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=180_000)
        page.get_by_role("button", name=re.compile("^Zug 40, ")).click()
        expect(page.locator("#replay")).to_have_attribute("data-step", "40")
        assert_accessible(page, "an analysed replay")
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            fits_the_screen(page, size)
            shot.size = size
            shot("replay", full=True)
