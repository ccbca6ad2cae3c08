"""The Wertungszahl in the browser: two named players play a rated duel to the end on
the table page and both ratings move the right way; the seat card shows the number
with "?" while provisional; the Rangliste has a rating table beside the points, the
Bilanz a rating graph (SVG) — at 360×640 and 1280×800, light and dark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import ARTIFACTS
from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    play_one,
    seat_two,
    seed_rated_games,
    shown,
    wait_table,
)
from .helpers import api
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page


def named(page: Any, base: str, nickname: str) -> None:
    page.goto(base + "/rangliste")
    page.wait_for_selector("#board-you, #board-empty", timeout=TIMEOUT_MS)
    assert api(page, "POST", "/api/me", {"nickname": nickname})["status"] == 200


def ratings(page: Any) -> dict[str, Any]:
    return api(page, "GET", "/api/me")["body"]["ratings"]["schnell"]  # type: ignore[no-any-return]


def seed(server: DuelServer, a: str, b: str, games: int) -> None:
    """Rated games of ``a`` and ``b`` (a wins all but every third), one a day."""
    outcomes = ["loss" if i % 3 == 2 else "win" for i in range(games)]
    seed_rated_games(server, "schnell", a, b, outcomes)


def test_a_rated_duel_played_to_the_end_moves_both_ratings(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    a, b = players(), players()
    named(a, base, "Anna")
    named(b, base, "Bruno")
    seat_two(a, b, base)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
    expect(a.locator("#rule-rated-text")).to_have_text("gewertet")
    for _ in range(70):
        if shown(a)["status"] != "playing":
            break
        play_one(pages)
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        # the hall's record follows the end (the event booked): the rating changes show
        expect(page.locator("#result-ratings")).to_be_visible(timeout=TIMEOUT_MS)
    end = api(a, "GET", f"/api/tables/{a.url.rsplit('/', 1)[1]}")["body"]["table"]["end"]
    assert "unrated" not in end, end
    after = {"a": ratings(a), "b": ratings(b)}
    assert after["a"]["games"] == after["b"]["games"] == 1
    before = end["ratings_before"]
    moved = [end["ratings"][s]["deviation"] < before[s]["deviation"] for s in (0, 1)]
    assert moved == [True, True]
    seat_of_a = shown(a)["seat"]
    winner = end["winner_seat"]
    hist_a = api(a, "GET", "/api/me")["body"]["rating_history"]["schnell"]
    hist_b = api(b, "GET", "/api/me")["body"]["rating_history"]["schnell"]
    if winner is None:
        assert abs(hist_a[0]["value"] - hist_b[0]["value"]) < 1
    else:
        up, down = (hist_a, hist_b) if winner == seat_of_a else (hist_b, hist_a)
        assert up[0]["value"] > 1500 > down[0]["value"]


def test_the_seat_card_the_rangliste_and_the_bilanz_show_the_rating(
    players: Any, browser: Any, console: Any, tmp_path: Path
) -> None:
    data = tmp_path / "hall"
    data.mkdir()
    server = DuelServer(data).start()
    try:
        base = server.url
        a, b = players(), players()
        named(a, base, "Clara")
        named(b, base, "Dieter")
        seed(server, "Clara", "Dieter", 6)
        seat_two(a, b, base)
        mine = ratings(a)
        assert mine["games"] == 6 and mine["provisional"] is True
        wait_table(a, "t.status === 'playing'")
        rating = a.locator(f"#seat-{shown(a)['seat']} .rating")
        expect(rating).to_have_text(f"{mine['value']}?")
        expect(a.get_by_label(f"Wertungszahl {mine['value']}, vorläufig").first).to_be_visible()
        cookies = a.context.cookies()
        for size in SIZES:
            for scheme in SCHEMES:
                with look_page(browser, console, size, scheme) as (page, shots):
                    page.context.add_cookies(cookies)
                    page.goto(base + "/rangliste")
                    page.wait_for_selector("#rating-table tbody tr", timeout=TIMEOUT_MS)
                    names = page.eval_on_selector_all(
                        "#rating-table tbody th", "cells => cells.map(c => c.textContent.trim())"
                    )
                    assert names[0].startswith("Clara") and len(names) == 2
                    fits_the_screen(page, size)
                    page.locator("#rating-board").scroll_into_view_if_needed()
                    shots("rating-board")
                    page.goto(base + "/bilanz")
                    graph = page.locator("#rating-graph svg")
                    expect(graph).to_be_visible(timeout=TIMEOUT_MS)
                    expect(page.locator("#rating-graph-caption")).to_contain_text(
                        "Verlauf der gewerteten Partien (6)"
                    )
                    expect(page.locator("#rating-schnell")).to_contain_text(f"{mine['value']}?")
                    fits_the_screen(page, size)
                    page.locator("#bilanz-rating").scroll_into_view_if_needed()
                    shots("rating-bilanz")
                    assert_accessible(page, f"bilanz {size} {scheme}")
                    page.goto(base + "/rangliste")
                    page.wait_for_selector("#rating-table", timeout=TIMEOUT_MS)
                    assert_accessible(page, f"rangliste {size} {scheme}")
        a.set_viewport_size({"width": 360, "height": 640})
        a.screenshot(path=str(ARTIFACTS / "rating-seats-phone.png"))
    finally:
        server.stop()


def test_the_opener_opens_an_unrated_table_and_the_lobby_says_so(
    players: Any, duel_server: DuelServer
) -> None:
    import re

    from .duel_helpers import wait_ready

    base = duel_server.url
    a, b = players(), players()
    a.goto(base + "/")
    rated = a.get_by_label(re.compile("Gewertet"))
    expect(rated).to_be_checked(timeout=TIMEOUT_MS)
    rated.uncheck()
    a.click("#open-table")
    a.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(a)
    expect(a.locator("#rule-rated")).not_to_be_checked()
    b.goto(base + "/halle")
    expect(b.locator(".halle-rated").first).to_have_text("ungewertet", timeout=TIMEOUT_MS)
    a.get_by_label(re.compile("Gewertet")).check()  # the opener changes it while waiting
    expect(b.locator(".halle-rated").first).to_have_text("gewertet", timeout=TIMEOUT_MS)
