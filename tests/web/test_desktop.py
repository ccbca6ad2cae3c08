"""On a desktop screen the board sizes to the screen's height as it
does to its width. At 1280×800, 1366×768, 1440×900 and 1920×1080 the whole board, the
count bar, whose turn it is and every notice or result of the last action (the
wrong-tap explanation, the pass notice, the result box, the take-back buttons) are on
the first screen, in solo play and at a duel table (two profiles)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS
from .duel_helpers import DuelServer, join, new_player, open_table, play_one, wait_table
from .helpers import play, tap, wait_idle

SIZES = [(1280, 800), (1366, 768), (1440, 900), (1920, 1080)]

#: Ebenholz to move; e3 leaves Perlmutt without a move: "Perlmutt muss passen"
PASS_AFTER_E3 = "---------------------------XO------XX------------------O---O---X X"
#: the shortest game: the ninth move, f4, ends it
SHORTEST = "d3c3b3d2e1d6d7e3"

#: which of the elements (by id) lie wholly on the first screen, the squares' too
ON_SCREEN = """(ids) => {
  const inside = (r) => r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
    && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const squares = [...document.querySelectorAll('.board .sq')]
    .map((sq) => sq.getBoundingClientRect());
  const parts = {};
  for (const id of ids) {
    const el = document.getElementById(id);
    parts[id] = !!el && inside(el.getBoundingClientRect()) && el.textContent.trim() !== '';
  }
  return {outside: squares.filter((r) => !inside(r)).length, count: squares.length, parts,
          scrolled: scrollY, size: Math.min(...squares.map((r) => r.width))};
}"""


def on_screen(page: Any, *ids: str) -> None:
    seen = page.evaluate(ON_SCREEN, list(ids))
    where = f"{page.url} at {page.viewport_size}"
    if seen["outside"] or not all(seen["parts"].values()) or seen["scrolled"]:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"desktop-fail-{page.viewport_size['width']}.png"))
    assert seen["count"] == 64 and seen["outside"] == 0, f"{where}: squares off the screen"
    assert all(seen["parts"].values()), f"{where}: not on the first screen: {seen['parts']}"
    assert seen["scrolled"] == 0, where
    # the board uses the height it has (not a phone's board in a corner)
    assert seen["size"] * 8 >= 0.6 * page.viewport_size["height"], where


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_solo_shows_board_turn_and_every_notice_on_the_first_screen(
    browser: Any, server: Any, console: Any, width: int, height: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": height}, reduced_motion="reduce", locale="de-DE"
    )
    try:
        page = context.new_page()
        console.attach(page)
        page.goto(server.url + "/allein")
        wait_idle(page, 60_000)
        on_screen(page, "scorebar", "status", "new-game")
        tap(page, "a1")  # no disc there to enclose: the page says why
        expect(page.locator("#notice")).to_contain_text("a1")
        on_screen(page, "scorebar", "status", "notice")

        page.goto(server.url + "/zu-zweit?stellung=" + PASS_AFTER_E3)
        wait_idle(page, 60_000)
        play(page, "e3")
        expect(page.locator("#notice")).to_contain_text("passen")
        on_screen(page, "scorebar", "status", "notice", "undo", "undo-all")

        page.goto(server.url + "/zu-zweit?zuege=" + SHORTEST)
        wait_idle(page, 60_000)
        play(page, "f4")
        page.wait_for_selector("#result")
        on_screen(page, "scorebar", "status", "result", "result-new", "undo")
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_duel_shows_board_clocks_turn_and_result_on_the_first_screen(
    duels: DuelServer, players: Any, browser: Any, console: Any, width: int, height: int
) -> None:
    host = players()
    code = open_table(host, duels.url)
    desk = new_player(browser, console, viewport={"width": width, "height": height})
    try:
        join(desk, duels.url, code)
        pages = [host, desk]
        for page in pages:
            wait_table(page, "t.status === 'playing' && t.state === 'idle'")
        on_screen(desk, "scorebar", "duel-status", "clock-0", "clock-1")
        play_one(pages)
        play_one(pages)
        # a wrong tap (an empty corner, or out of turn): the reason is in view
        wait_table(desk, "t.state === 'idle'")
        desk.click("[data-square=a1]")
        expect(desk.locator("#duel-notice")).not_to_have_text("")
        on_screen(desk, "scorebar", "duel-status", "duel-notice")
        desk.get_by_role("button", name="Aufgeben", exact=True).click()
        on_screen(desk, "confirm")
        desk.get_by_role("button", name="Ja, aufgeben").click()
        wait_table(desk, "t.status === 'finished'")
        desk.wait_for_selector("#rematch")
        on_screen(desk, "scorebar", "duel-result", "rematch")
    finally:
        desk.context.close()
