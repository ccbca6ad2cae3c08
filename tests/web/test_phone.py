"""Phone first (seed 002, "Bedienung am Handy"): on /allein, /zu-zweit and a table page,
at the sizes of common phones upright and sideways, all 64 squares, the count bar and
whose turn it is are on the first screen without scrolling — on a table both clocks too —
and at 360 px wide a square is at least 40 px."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .duel_helpers import DuelServer, join, new_player, open_table, wait_table
from .helpers import wait_idle

SIZES = [(360, 640), (375, 667), (390, 844), (640, 360)]

#: The boxes of what must be seen, and whether each lies inside the viewport.
ON_SCREEN = """(ids) => {
  const inside = (r) => r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
    && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const squares = [...document.querySelectorAll('.board .sq')]
    .map((sq) => sq.getBoundingClientRect());
  const outside = squares.map((r, i) => [i, r]).filter(([, r]) => !inside(r)).map(([i]) => i);
  const parts = {};
  for (const id of ids) {
    const el = document.getElementById(id);
    parts[id] = !!el && inside(el.getBoundingClientRect()) && el.textContent.trim() !== '';
  }
  return {count: squares.length, outside, size: Math.min(...squares.map((r) => r.width)),
          parts, scrolled: scrollY, wide: document.documentElement.scrollWidth > innerWidth};
}"""


def check(page: Any, width: int, ids: list[str]) -> None:
    seen = page.evaluate(ON_SCREEN, ids)
    where = f"{page.url} at {width}×{page.viewport_size['height']}"
    assert seen["count"] == 64, where
    assert seen["outside"] == [], f"{where}: squares below the fold: {seen['outside']}"
    assert all(seen["parts"].values()), f"{where}: not on the first screen: {seen['parts']}"
    assert seen["scrolled"] == 0 and not seen["wide"], where
    if width == 360:
        assert seen["size"] >= 40, f"{where}: squares of {seen['size']:.1f} px"


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_game_pages_fit_the_first_screen(
    browser: Any, server: Any, console: Any, width: int, height: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        reduced_motion="reduce",
        locale="de-DE",
        has_touch=True,
    )
    try:
        for path in ("/allein", "/zu-zweit"):
            page = context.new_page()
            console.attach(page)
            page.goto(server.url + path)
            wait_idle(page, 60_000)
            check(page, width, ["scorebar", "status"])
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_table_fits_the_first_screen_with_both_clocks(
    duels: DuelServer, players: Any, browser: Any, console: Any, width: int, height: int
) -> None:
    host = players()
    code = open_table(host, duels.url)
    phone = new_player(
        browser, console, viewport={"width": width, "height": height}, has_touch=True
    )
    try:
        join(phone, duels.url, code)
        wait_table(phone, "t.status === 'playing' && t.state === 'idle'")
        check(phone, width, ["scorebar", "duel-status", "clock-0", "clock-1"])
    finally:
        phone.context.close()
