"""The "🎯 Duell-Ecke" (/duell-ecke) that seed 002 points to: every topic of a duel,
linked from the start page's "zu 2" card, from every table page and from /regeln, and
there offline after one visit, as the rules are."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import TIMEOUT_MS, DuelServer, join, open_table, wait_table
from .learn_helpers import text
from .look import (
    SCHEMES,
    SIZES,
    assert_accessible,
    fits_the_screen,
    look_page,
    offline_after_one_visit,
)

TOPICS = [
    "Einen Tisch öffnen",
    "Tisch-Code und Einladen",
    "Die Regeln des Tisches",
    "Bedenkzeit",
    "Fernpartien",
    "📣 Rückruf",
    "Chat und Stummschalten",
    "Zug zurücknehmen",
    "Aufgeben und Abbrechen",
    "Revanche",
    "Die Halle: offene Tische und laufende Partien",
    "Schnelle Partie",
    "Zuschauen",
    "Auf einem anderen Gerät weiterspielen",
    "Was zählt",
    "Wertungszahl",
]


def check_guide(page: Any) -> None:
    """The guide as a reader meets it: its heading, a contents list and every topic."""
    expect(page.get_by_role("heading", name="🎯 Duell-Ecke", level=1)).to_be_visible(
        timeout=TIMEOUT_MS
    )
    assert page.url.endswith("/duell-ecke")
    contents = page.get_by_role("navigation", name="Inhalt").get_by_role("link")
    expect(contents).to_have_text(TOPICS)
    for topic in TOPICS:
        expect(page.get_by_role("region", name=topic)).to_be_visible()
    rule = page.get_by_role("region", name="Was zählt")
    expect(rule).to_contain_text("mindestens 5 Züge")
    expect(page.get_by_role("region", name="Bedenkzeit")).to_contain_text("mindestens eine Minute")
    expect(page.get_by_role("region", name="Bedenkzeit")).to_contain_text("3+2")
    expect(page.get_by_role("region", name="Fernpartien")).to_contain_text("7 Tagen pro Zug")
    expect(page.get_by_role("region", name="Wertungszahl")).to_contain_text("Glicko-2")


def test_the_start_pages_zu_2_card_links_the_guide(page: Any, duel_server: DuelServer) -> None:
    page.goto(duel_server.url + "/")
    card = page.locator("#duel-slot")
    card.get_by_role("link", name=text("guide.link")).click()
    check_guide(page)
    page.get_by_role("navigation", name="Inhalt").get_by_role("link", name="📣 Rückruf").click()
    assert page.url.endswith("/duell-ecke#rueckruf")


def test_every_table_page_links_the_guide(players: Any, duel_server: DuelServer) -> None:
    base = duel_server.url
    opener, guest, onlooker = players(), players(), players()
    code = open_table(opener, base)
    guide = text("guide.link")
    # waiting, for the opener (beside the rules form)
    rules = opener.get_by_role("region", name="Regeln des Tisches")
    expect(rules.get_by_role("link", name=guide)).to_have_attribute("href", "/duell-ecke")
    join(guest, base, code)
    wait_table(opener, "t.status === 'playing'")
    onlooker.goto(f"{base}/tisch/{code}")
    # playing, for both players and for an onlooker
    for page in (opener, guest, onlooker):
        rules = page.get_by_role("region", name="Regeln des Tisches")
        expect(rules.get_by_role("link", name=guide)).to_be_visible(timeout=TIMEOUT_MS)
    onlooker.get_by_role("link", name=guide).click()
    check_guide(onlooker)


def test_the_rules_page_links_the_guide(page: Any, duel_server: DuelServer) -> None:
    page.goto(duel_server.url + "/regeln")
    page.get_by_role("link", name="🎯 Duell-Ecke").click()
    check_guide(page)


def test_the_guide_works_offline_after_one_visit(browser: Any, built: None, console: Any) -> None:
    def started(page: Any) -> None:
        page.wait_for_selector("#start-heading", timeout=TIMEOUT_MS)

    with offline_after_one_visit(browser, console, "/", started) as (page, server):
        page.goto(server.url + "/duell-ecke")
        check_guide(page)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_guide_looks_right(
    browser: Any, server: Any, console: Any, size: str, scheme: str
) -> None:
    """axe-core finds nothing serious; screenshots in tests/web/artifacts/."""
    with look_page(browser, console, size, scheme) as (page, shot):
        page.goto(server.url + "/duell-ecke")
        check_guide(page)
        fits_the_screen(page, size)
        assert_accessible(page, "/duell-ecke")
        shot("duel-guide-top")
        page.goto(server.url + "/duell-ecke#punkte")
        page.get_by_role("region", name="Was zählt").wait_for()
        shot("duel-guide-points")
