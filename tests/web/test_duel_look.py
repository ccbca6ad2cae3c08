"""The table page as people see it: axe-core finds nothing serious, and screenshots at
phone and desktop size, light and dark, of the waiting table, a running duel with chat
and the end. The screenshots land in tests/web/artifacts/ (or $DUEL_SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .duel_helpers import DuelServer, join, mover, new_player, open_table, play_one, wait_table
from .look import SCHEMES, SIZES, assert_accessible

SHOTS = Path(os.environ.get("DUEL_SHOTS", str(ARTIFACTS)))


def two_at_a_table(browser: Any, console: Any, base: str, **options: Any) -> tuple[Any, Any]:
    a = new_player(browser, console, **options)
    code = open_table(a, base)
    b = new_player(browser, console, **options)
    join(b, base, code)
    for page in (a, b):
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
    return a, b


def chat(page: Any, text: str) -> None:
    count = page.locator("#chat-log li").count()
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")
    page.wait_for_function(f"document.querySelectorAll('#chat-log li').length > {count}")


def resign(pages: list[Any]) -> None:
    loser = mover(pages)
    loser.click("#resign")
    loser.click("#confirm-yes")
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        page.wait_for_selector("#duel-result:not([hidden])")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious_at_the_table(
    browser: Any, duel_server: DuelServer, console: Any, scheme: str
) -> None:
    base = duel_server.url
    a = new_player(browser, console, color_scheme=scheme)
    b = None
    try:
        open_table(a, base)
        assert_accessible(a)
        a.context.close()
        a, b = two_at_a_table(browser, console, base, color_scheme=scheme)
        chat(a, "Viel Glück!")
        play_one([a, b])
        play_one([a, b])
        # the one who just moved asks for a take-back: the other sees the question
        asker = b if mover([a, b]) is a else a
        asker.click("#takeback")
        (a if asker is b else b).wait_for_selector("#takeback-accept")
        for page in (a, b):
            assert_accessible(page)
        resign([a, b])
        for page in (a, b):
            assert_accessible(page)
        a.goto(base + "/weiter")
        a.wait_for_selector("#redeem-form")
        assert_accessible(a)
    finally:
        a.context.close()
        if b is not None:
            b.context.close()
    assert console.errors == []


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_duel_screenshots(
    browser: Any, duel_server: DuelServer, console: Any, size: str, scheme: str
) -> None:
    width, height = SIZES[size]
    options = {
        "viewport": {"width": width, "height": height},
        "color_scheme": scheme,
        "device_scale_factor": 1,
        "is_mobile": size == "phone",
        "has_touch": size == "phone",
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []

    def shot(page: Any, name: str) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shots.append(SHOTS / f"duel-{name}-{size}-{scheme}.png")
        page.screenshot(path=str(shots[-1]), full_page=True)
        shots.append(SHOTS / f"duel-{name}-{size}-{scheme}-screen.png")
        page.screenshot(path=str(shots[-1]))  # the first screen, as it opens

    base = duel_server.url
    waiting = new_player(browser, console, **options)
    pages: list[Any] = []
    try:
        open_table(waiting, base)
        shot(waiting, "waiting")
        pages = list(two_at_a_table(browser, console, base, **options))
        a, b = pages
        chat(a, "Hallo! Auf eine gute Partie.")
        chat(b, "<b>Danke</b>, gleichfalls 🙂")
        for _ in range(9):
            play_one(pages)
        shot(mover(pages), "playing")
        resign(pages)
        shot(a, "end")
    finally:
        waiting.context.close()
        for page in pages:
            page.context.close()
    assert all(s.stat().st_size > 5000 for s in shots)
    assert console.errors == []
