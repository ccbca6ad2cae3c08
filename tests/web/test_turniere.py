"""/turniere and /turniere/{id} in Chromium against answers of the API made up in the
test (turniere_helpers.Mock): the lists with their countdowns, an arena's table with
its streaks, a Swiss table with its tie-breaks, the podium, joining and leaving, being
taken to one's table, the creation form, the start page's card, and the look at phone
and desktop size, light and dark."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from reversi.texts import text

from .conftest import Server
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page
from .turniere_helpers import ARENA_DETAIL, FINISHED_DETAIL, SWISS_DETAIL, UPCOMING, Mock


def mocked(page: Any, **details: Any) -> Mock:
    return Mock(
        arena7Hq2=ARENA_DETAIL, gestern9=FINISHED_DETAIL, swiss3Rd=SWISS_DETAIL, **details
    ).attach(page)


def test_the_list_shows_running_coming_and_finished_tournaments(page: Any, server: Server) -> None:
    mocked(page)
    page.goto(server.url + "/turniere")
    running = page.locator("#turniere-running")
    expect(running.get_by_role("link")).to_have_count(2)
    expect(running.get_by_role("link").first).to_contain_text("läuft – noch")
    upcoming = page.locator("#turniere-upcoming .turnier-when")
    expect(upcoming).to_contain_text(re.compile(r"beginnt in 1:0\d:\d\d"))
    before = upcoming.inner_text()
    expect(upcoming).not_to_have_text(before)  # it counts down
    expect(page.locator("#turniere-finished")).to_contain_text("beendet am")
    expect(page.locator("#turniere-upcoming")).to_contain_text(
        "Schweizer System · 5 min + 3 s pro Zug · 7 Runden"
    )
    page.locator("#turniere-running").get_by_role("link", name=re.compile("Herbst-Swiss")).click()
    expect(page.locator("#turnier-heading")).to_have_text("Herbst-Swiss")


def test_an_arena_shows_its_table_streaks_games_and_scoring(page: Any, server: Server) -> None:
    mocked(page)
    page.goto(server.url + "/turniere/arena7Hq2")
    expect(page.locator("#turnier-heading")).to_have_text("Abendarena")
    expect(page.locator("#turnier-state")).to_contain_text("läuft – noch 4")
    rows = page.locator("#turnier-table tbody tr")
    expect(rows).to_have_count(6)
    first = rows.first
    expect(first.get_by_role("img", name=text("turniere.on_fire"))).to_be_visible()
    expect(first.locator(".turnier-results")).to_have_attribute(
        "aria-label", "Punkte je Partie: 2, 2, 4, 4"
    )
    expect(first.locator(".turnier-results .doubled")).to_have_count(2)
    expect(first.locator("td.points")).to_have_text("12")
    expect(first).to_contain_text("spielt")
    expect(rows.nth(3)).to_contain_text("pausiert")
    expect(rows.nth(5).locator("td.performance")).to_have_text("–")
    # the running games can be watched, the finished replayed
    watch = page.get_by_role("link", name="Zuschauen: Ebenholz-Eva gegen Mo")
    expect(watch).to_have_attribute("href", "/tisch/K7MXRT")
    expect(page.get_by_role("link", name="Partie ansehen: Turmbauer gegen Anna")).to_have_attribute(
        "href", "/partie/Z9YXWV"
    )
    expect(page.locator("[data-table=A1B2C3]")).to_contain_text("½:½")
    scoring = page.locator("#so-wird-gezaehlt")
    expect(scoring.get_by_role("heading")).to_have_text("So wird gezählt")
    expect(scoring).to_contain_text(
        "Ein Sieg bringt 2 Punkte, ein Unentschieden 1, eine Niederlage 0."
    )
    expect(scoring).to_contain_text("ein Sieg 4 Punkte, ein Unentschieden 2")
    expect(scoring).to_contain_text("2 + 2 + 4 + 2 + 2 = 12 Punkte")
    rules = page.locator("#turnier-rules")
    expect(rules).to_contain_text("3 min + 2 s pro Zug")
    expect(rules).to_contain_text("60 Minuten")
    expect(rules).to_contain_text("der Halle")


def test_joining_and_leaving_with_the_keyboard(page: Any, server: Server) -> None:
    mock = mocked(page)
    page.goto(server.url + "/turniere/arena7Hq2")
    join = page.get_by_role("button", name="Mitmachen")
    join.focus()
    page.keyboard.press("Enter")
    leave = page.get_by_role("button", name="Aussteigen")
    expect(leave).to_be_focused()
    expect(page.locator("#turnier-me")).to_have_text(text("turniere.joined.running"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Mitmachen")).to_be_focused()
    posts = [(method, path) for method, path, _ in mock.seen if method == "POST"]
    assert posts == [
        ("POST", "/api/tournaments/arena7Hq2/join"),
        ("POST", "/api/tournaments/arena7Hq2/leave"),
    ]


def refused_in_console(console: Any, status: int) -> None:
    """The browser logs each refused request: the ones the test asked for are no error."""
    console.errors[:] = [e for e in console.errors if f"status of {status}" not in e]


def test_a_refused_join_says_why(page: Any, console: Any, server: Server) -> None:
    mocked(page)
    page.route(
        "**/api/tournaments/arena7Hq2/join",
        lambda route: route.fulfill(
            status=409,
            content_type="application/json",
            body='{"error": "tournament_finished", "message": "Das Turnier ist schon vorbei."}',
        ),
    )
    page.goto(server.url + "/turniere/arena7Hq2")
    page.get_by_role("button", name="Mitmachen").click()
    expect(page.locator("#turnier-msg")).to_have_text("Das Turnier ist schon vorbei.")
    refused_in_console(console, 409)


def test_a_player_whose_game_begins_is_taken_to_the_table(page: Any, server: Server) -> None:
    page.route(
        "**/tisch/**",
        lambda route: route.fulfill(content_type="text/html", body="<title>Tisch</title>"),
    )
    detail = {**ARENA_DETAIL, "me": {"joined": True, "table": "K7MXRT"}}
    mocked(page, meinTisch=detail)
    page.goto(server.url + "/turniere/meinTisch")
    expect(page.locator("#turnier-notice")).to_contain_text(text("turniere.to_table"))
    expect(page.locator("#turnier-to-table")).to_have_attribute("href", "/tisch/K7MXRT")
    page.wait_for_url("**/tisch/K7MXRT")
    # back on the tournament's page the same game takes nobody anywhere again
    page.go_back()
    expect(page.locator("#turnier-notice")).to_contain_text(text("turniere.at_table"))
    page.wait_for_timeout(2500)
    assert page.url.endswith("/turniere/meinTisch")


def test_a_finished_tournament_shows_its_podium_and_no_buttons(page: Any, server: Server) -> None:
    mocked(page)
    page.goto(server.url + "/turniere/gestern9")
    podium = page.locator("#turnier-podium li")
    expect(podium).to_have_count(3)
    expect(podium.first).to_contain_text("1. Platz")
    expect(podium.first).to_contain_text("Ebenholz-Eva")
    expect(podium.first).to_contain_text("12 Punkte · Leistung 2000")
    expect(page.locator("#turnier-state")).to_contain_text("beendet am")
    expect(page.locator("#turnier-actions")).to_have_count(0)


def test_a_swiss_tournament_shows_its_round_and_tie_breaks(page: Any, server: Server) -> None:
    mocked(page)
    page.goto(server.url + "/turniere/swiss3Rd")
    expect(page.locator("#turnier-state")).to_have_text("Runde 3 von 7")
    table = page.locator("#turnier-table")
    expect(table.locator("thead")).to_contain_text("BH")
    expect(table.get_by_role("columnheader", name="Sonneborn-Berger")).to_be_visible()
    expect(table.get_by_role("columnheader", name="Buchholz")).to_be_visible()
    first = table.locator("tbody tr").first
    expect(first.locator("td.points")).to_have_text("2½")
    expect(first.locator("td.sb")).to_have_text("3,25")
    expect(page.locator("[data-table=R3AAAA]")).to_contain_text("Runde 3 · läuft")
    scoring = page.locator("#so-wird-gezaehlt")
    expect(scoring).to_contain_text(
        "Buchholz-Wertung (BH): die Summe der Punkte aller deiner Gegner"
    )
    expect(scoring).to_contain_text("Sonneborn-Berger-Wertung (SB)")
    expect(scoring).to_contain_text("bekommt dafür 1 Punkt (Freilos)")
    expect(page.locator("#turnier-rules")).to_contain_text("Zufallseröffnung (XOT)")
    expect(page.locator("#turnier-rules")).to_contain_text("Anna")


def test_an_unknown_tournament_says_so(page: Any, console: Any, server: Server) -> None:
    page.route(
        "**/api/tournaments/gibtsnicht",
        lambda route: route.fulfill(
            status=404,
            content_type="application/json",
            body='{"error": "unknown_tournament", "message": "Unbekannt."}',
        ),
    )
    page.goto(server.url + "/turniere/gibtsnicht")
    expect(page.locator("#turnier-missing")).to_have_text(text("turniere.missing"))
    refused_in_console(console, 404)


def test_creating_a_tournament(page: Any, console: Any, server: Server) -> None:
    mock = mocked(page)
    page.goto(server.url + "/turniere")
    page.get_by_text("Turnier anlegen").first.click()
    form = page.locator("#turnier-create")
    form.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator("#turnier-create-msg")).to_have_text(text("turniere.create.name.missing"))
    expect(form.get_by_label("Name des Turniers")).to_be_focused()
    form.get_by_label("Name des Turniers").fill("Donnerstagsblitz")
    form.get_by_label("Schweizer System").check()
    form.get_by_label("Runden").select_option("7")
    form.get_by_label("Bedenkzeit").select_option("5+3")
    form.get_by_label("Zufallseröffnung (XOT)").check()
    form.get_by_label("Privat (nur mit dem Link zu finden)").check()
    mock.create = (
        403,
        {"error": "tournament_not_allowed", "message": "Dafür brauchst du einen Namen."},
    )
    form.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator("#turnier-create-msg")).to_have_text("Dafür brauchst du einen Namen.")
    mock.create = (201, {**UPCOMING, "id": "neu12345", "url": "/turniere/neu12345"})
    mock.details["neu12345"] = {**SWISS_DETAIL, "id": "neu12345", "status": "upcoming"}
    form.get_by_role("button", name="Turnier anlegen").click()
    page.wait_for_url("**/turniere/neu12345")
    refused_in_console(console, 403)
    sent = [body for method, path, body in mock.seen if method == "POST"]
    assert len(sent) == 2 and sent[0] == sent[1]
    body = sent[1]
    assert body["starts_at"] > 0 and "minutes" not in body
    del body["starts_at"]
    assert body == {
        "name": "Donnerstagsblitz",
        "kind": "swiss",
        "rounds": 7,
        "clock": "5+3",
        "xot": True,
        "rated": True,
        "private": True,
    }


def test_the_start_page_counts_down_to_the_next_tournament(page: Any, server: Server) -> None:
    Mock({"upcoming": [UPCOMING], "running": [], "finished": []}).attach(page)
    page.goto(server.url + "/")
    card = page.locator("#go-turniere")
    expect(card).to_have_attribute("href", "/turniere/sonntag1")
    expect(card).to_contain_text(re.compile(r"Sonntagsturnier: beginnt in 1:0\d:\d\d"))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_tournament_pages_look_right(
    browser: Any, console: Any, server: Server, size: str, scheme: str
) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        mocked(page)
        page.goto(server.url + "/turniere")
        expect(page.locator("#turniere-running .turnier-item")).to_have_count(2)
        page.locator("#turniere-create summary").click()
        fits_the_screen(page, size)
        assert_accessible(page, "/turniere")
        shot("turniere", full=True)
        for name in ("arena7Hq2", "gestern9", "swiss3Rd"):
            page.goto(server.url + f"/turniere/{name}")
            expect(page.locator("#turnier-table")).to_be_visible()
            fits_the_screen(page, size)
            assert_accessible(page, f"/turniere/{name}")
            shot(f"turnier-{name}", full=True)
