"""Details at 360×640. The seats show name, level and presence in
full; "🎲 Das Los hat entschieden …" goes with the first move, so the end's offers come
up; the header's menu fits; "Schnelle Partie" and the open tables are on the start
page's first screen. (Two profiles for the duel.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    join,
    new_player,
    open_table,
    play_one,
    wait_recorded,
    wait_table,
)

PHONE = {"width": 360, "height": 640}

#: elements whose text runs out of their box (cut with "…" or hidden)
CUT = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map((e) => e.textContent.trim())"""


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


def test_seats_read_in_full_and_the_draw_line_goes_with_the_first_move(
    duels: DuelServer, players: Any, browser: Any, console: Any
) -> None:
    host = players()
    code = open_table(host, duels.url)
    phone = new_player(browser, console, viewport=PHONE, has_touch=True)
    try:
        join(phone, duels.url, code)
        pages = [host, phone]
        for page in pages:
            wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
        assert phone.evaluate(CUT, ".seat-name, .seat-info, .seat-main") == []
        for seat in (0, 1):
            info = phone.locator(f"#seat-{seat} .seat-info")
            expect(info).to_contain_text("am Tisch")
            name = phone.locator(f"#seat-{seat} .seat-label").inner_text()
            assert (
                name.startswith("Gast ") and phone.locator(f"#seat-{seat} .seat-label").is_visible()
            )
        play_one(pages)
        for page in pages:
            wait_table(page, "t.ply === 1 && !t.draw")
        play_one(pages)
        # the end (the host resigns; the phone player was at the board): the result
        # comes into view by itself, and with it the host's rematch offer to accept
        wait_table(host, "t.ply === 2 && !t.firstMoves && t.state === 'idle'")
        host.get_by_role("button", name="Aufgeben", exact=True).click()
        host.get_by_role("button", name="Ja, aufgeben").click()
        wait_table(phone, "t.status === 'finished'")
        wait_recorded(phone)
        host.get_by_role("button", name="Revanche anbieten").click()
        accept = phone.get_by_role("button", name="Revanche annehmen")
        accept.wait_for(timeout=TIMEOUT_MS)
        box = accept.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 640, box
        assert phone.locator("#draw").count() == 0
    finally:
        phone.context.close()


def test_the_header_menu_fits_a_phone(browser: Any, server: Any) -> None:
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce", has_touch=True)
    try:
        page = context.new_page()
        page.goto(server.url + "/meilensteine")
        links = page.get_by_role("navigation").get_by_role("link")
        assert links.count() >= 5
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, links.nth(
                i
            ).inner_text()
        assert page.evaluate(
            "(() => { const n = document.querySelector('header nav');"
            " return n.scrollWidth <= n.clientWidth; })()"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_quick_pairing_and_the_open_tables_are_on_the_first_screen(
    duels: DuelServer, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce", has_touch=True)
    try:
        page = context.new_page()
        page.goto(duels.url + "/")
        quick = page.get_by_role("button", name="Schnelle Partie")
        quick.wait_for(timeout=TIMEOUT_MS)
        tables = page.get_by_role("heading", name="Offene Tische")
        for part in (quick, tables):
            box = part.bounding_box()
            assert box and box["y"] + box["height"] <= 640, box
        # and the two ways to play alone or together come first, each with its button
        for name in ("Alleinspiel starten", "Zu zweit starten"):
            box = page.get_by_role("link", name=name).bounding_box()
            assert box and box["y"] + box["height"] <= 640
    finally:
        context.close()
