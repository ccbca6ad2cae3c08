"""/legenden in Chromium: the path, a game against the first opponent played to the
end with the server gone (the stars and the next opponent follow), the unlock rule as
the page applies it, and the look at phone and desktop size, light and dark."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from reversi.ai.legenden import LEGENDEN
from reversi.ai.legenden_places import PROGRESS_PLACES, progress_place
from reversi.texts import catalogue

from .conftest import Server
from .helpers import BOOT_TIMEOUT_MS, api, view, wait_idle
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page
from .look import offline_after_one_visit as offline

SETTINGS = "reversi.settings.v1"
FIRST, SECOND = LEGENDEN[0].key, LEGENDEN[1].key


def name(key: str) -> str:
    return catalogue()[f"legende.{key}.name"]


def path_shown(page: Any) -> None:
    page.wait_for_selector("#legenden-path", timeout=BOOT_TIMEOUT_MS)


def stored(*stars: int) -> str:
    """The stored progress of these stars, in path order (each at its opponent's place)."""
    digits = [0] * len(PROGRESS_PLACES)
    for index, n in enumerate(stars):
        digits[progress_place(LEGENDEN[index].key)] = n
    return "".join(map(str, digits)).rstrip("0")


def progress(page: Any, stars: str) -> None:
    """This device's stars, as an earlier game would have left them."""
    page.evaluate(
        f"localStorage.setItem('{SETTINGS}', {json.dumps(json.dumps({'legenden': stars}))})"
    )


def test_a_whole_game_against_the_first_opponent_offline(browser: Any, console: Any) -> None:
    with offline(browser, console, "/legenden", path_shown) as (page, server):
        expect(page.locator("#legenden-progress")).to_contain_text("0 von 50")
        # only the first is open: one link on the path
        path = page.locator("#legenden-path")
        expect(path.get_by_role("link")).to_have_count(1)
        path.get_by_role("link", name=f"1. {name(FIRST)}").click()
        wait_idle(page, BOOT_TIMEOUT_MS)
        expect(page.locator("#game-title")).to_have_text(f"Legenden: {name(FIRST)}")
        expect(page.locator("#legende-sketch")).not_to_be_empty()
        # the same game every time: the opponent's random choices from ?los=
        page.goto(server.url + f"/legenden?gegner={FIRST}&los=4")
        wait_idle(page, BOOT_TIMEOUT_MS)
        while (shown := view(page))["result"] is None:
            square = max(shown["legal"], key=lambda sq: (shown["legal"][sq], sq))
            before = shown["ply"]
            page.click(f"[data-square={square}]")
            expect(page.locator("#game")).not_to_have_attribute("data-ply", str(before))
            wait_idle(page)
        black, white = shown["result"]["black"], shown["result"]["white"]
        assert black > white, "the greedy player should beat the first from this seed"
        stars = sum(black - white >= least for least in (1, 10, 24))
        expect(page.locator("#legende-stars")).to_contain_text(f"{stars} von 3 Sternen")
        page.get_by_role("link", name=f"Weiter gegen {name(SECOND)}").click()
        wait_idle(page, BOOT_TIMEOUT_MS)
        expect(page.locator("#game-title")).to_have_text(f"Legenden: {name(SECOND)}")
        page.goto(server.url + "/legenden")
        path_shown(page)
        expect(page.locator("#legenden-progress")).to_contain_text(
            f"1 von 50 Gegnern besiegt, Sterne gesamt: {stars}."
        )
        kept = page.evaluate(f"JSON.parse(localStorage.getItem('{SETTINGS}')).legenden")
        assert kept == stored(stars)
        # the game counts as a computer game on this device, under Leicht
        results = page.evaluate("JSON.parse(localStorage.getItem('reversi.results.v1'))")
        assert results[-1]["level"] == "leicht" and results[-1]["legende"] == FIRST


def test_beaten_opponents_open_the_next_and_no_more(
    browser: Any, console: Any, server: Server
) -> None:
    with look_page(browser, console) as (page, _):
        page.goto(server.url + "/legenden")
        progress(page, stored(2, 1))
        page.goto(server.url + "/legenden")
        path_shown(page)
        path = page.locator("#legenden-path")
        expect(path.get_by_role("link")).to_have_count(3)
        expect(path.locator(f"[data-key={LEGENDEN[3].key}]")).to_have_attribute(
            "data-state", "locked"
        )
        expect(path.locator(f"[data-key={LEGENDEN[0].key}]")).to_contain_text("★★☆")
        # a locked opponent's address shows the path, not a game
        page.goto(server.url + f"/legenden?gegner={LEGENDEN[3].key}")
        path_shown(page)
        page.goto(server.url + "/legenden?gegner=niemand")
        path_shown(page)


def test_stars_stored_before_the_path_changed_stay_with_their_opponents(
    browser: Any, console: Any, server: Server
) -> None:
    """Progress from the path of 2026-12-02 (Flocke first): two stars on Flocke and one on
    Krumm stay theirs, and everything up to the one after Krumm is open."""
    with look_page(browser, console) as (page, _):
        page.goto(server.url + "/legenden")
        progress(page, "21")
        page.goto(server.url + "/legenden")
        path_shown(page)
        path = page.locator("#legenden-path")
        expect(path.locator("[data-key=flocke]")).to_contain_text("★★☆")
        expect(path.locator("[data-key=krumm]")).to_contain_text("★☆☆")
        krumm = [lg.key for lg in LEGENDEN].index("krumm")
        expect(path.get_by_role("link")).to_have_count(krumm + 2)
        expect(page.locator("#legenden-next")).to_contain_text(name(FIRST))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_path_and_a_game_look_right(
    browser: Any, console: Any, server: Server, size: str, scheme: str
) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        page.goto(server.url + "/legenden")
        progress(page, stored(3, 2, 1, *[0] * 18, 1))
        page.goto(server.url + "/legenden")
        path_shown(page)
        fits_the_screen(page, size)
        assert_accessible(page, "/legenden")
        shot("legenden")
        page.locator("#legenden-next").click()
        wait_idle(page, BOOT_TIMEOUT_MS)
        expect(page.locator("#game-info")).to_contain_text("Gegner 4 von 50")
        fits_the_screen(page, size)
        assert_accessible(page, "/legenden?gegner=…")
        shot("legenden-game", full=True)


def test_the_progress_is_merged_with_the_servers(players: Any, duel_server: Any) -> None:
    """Stars won on another device (the server's, newer) and on this one: both are kept,
    each opponent's best, and the merged progress goes back to the server."""
    page = players()
    page.goto(duel_server.url + "/legenden")
    path_shown(page)
    later = page.evaluate("Date.now() / 1000 + 30")
    saved = api(
        page, "PUT", "/api/settings", {"settings": {"legenden": "0003"}, "changed_at": later}
    )
    assert saved["status"] == 200, saved
    progress(page, "21")
    page.evaluate("localStorage.setItem('reversi.settings-at.v1', '1')")
    page.goto(duel_server.url + "/legenden")
    path_shown(page)
    assert page.evaluate("""async () => {
      for (let i = 0; i < 200; i += 1) {
        const s = await (await fetch("/api/settings")).json();
        if ((s.settings || {}).legenden === "2103") return true;
        await new Promise((resolve) => { setTimeout(resolve, 100); });
      }
      return false;
    }""")
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{SETTINGS}')).legenden")
    assert kept == "2103"
