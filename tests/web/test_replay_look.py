"""The replay page with a finished analysis as people see it: axe-core finds nothing
serious or critical, nothing is wider than a phone's screen, and screenshots at phone
and desktop size in light and dark (tests/web/artifacts/replay-*.png, to look at)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS
from .duel_helpers import DuelServer
from .replay_helpers import archive_server, wait_replay
from .test_web_look import AXE, axe_violations, describe

SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


@pytest.fixture(scope="module")
def archive(built: None, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[tuple[DuelServer, list[str]]]:
    server, ids = archive_server(tmp_path_factory.mktemp("replay-look"))
    yield server, ids
    server.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_analysed_replay_is_accessible_and_fits_a_phone(
        archive: tuple[DuelServer, list[str]], browser: Any, console: Any, scheme: str) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run python -m reversi.web.build")
    server, ids = archive
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  reduced_motion="reduce", color_scheme=scheme)
    page = context.new_page()
    console.attach(page)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto(f"{server.url}/partie/{ids[3]}#analyse")
        wait_replay(page)
        expect(page.locator("#analysis")).to_have_attribute("data-state", "done",
                                                            timeout=180_000)
        page.get_by_role("button", name=re.compile("^Zug 40, ")).click()
        expect(page.locator("#replay")).to_have_attribute("data-step", "40")
        assert describe(axe_violations(page)) == ""
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("document.documentElement.scrollWidth") <= width, size
            page.screenshot(path=str(ARTIFACTS / f"replay-{size}-{scheme}.png"), full_page=True)
    finally:
        context.close()
    assert console.errors == []
