"""Links to the learning pages: the start page's "Lernen" group, "Regeln" in the header,
and the game's refusal and pass notices that link to the matching FAQ entry."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .helpers import open_game, play, tap
from .learn_helpers import text

GROUP = {
    "/regeln": "learn.rules",
    "/lernen": "learn.lesson",
    "/tipps": "learn.tips",
    "/eroeffnungen": "learn.openings",
    "/eroeffnungstrainer": "learn.trainer",
    "/aufgaben": "learn.puzzles",
}


def test_the_start_page_has_a_lernen_group(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    group = page.get_by_role("region", name=text("learn.heading"))
    links = group.get_by_role("link")
    expect(links).to_have_count(len(GROUP))  # the page draws itself after its texts load
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == list(GROUP)
    for href, key in GROUP.items():
        expect(group.locator(f"a[href='{href}'] .card-title")).to_have_text(text(key))
    group.get_by_role("link", name=text("learn.lesson")).click()
    page.wait_for_selector("#lesson")
    assert page.url.split("#")[0].endswith("/lernen")  # with its step: /lernen#schritt-1


def test_the_header_links_the_rules(page: Any, server: Any) -> None:
    page.goto(server.url + "/bilanz")
    nav = page.get_by_role("navigation", name="Hauptnavigation")
    nav.get_by_role("link", name="Regeln").click()
    page.wait_for_selector("#rules-title")
    assert nav.get_by_role("link", name="Regeln").get_attribute("aria-current") == "page"


def test_a_refused_tap_links_its_faq_entry(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    tap(page, "d4")
    expect(page.locator("#notice")).to_contain_text(text("reason.occupied", square="d4"))
    link = page.locator("#notice a")
    expect(link).to_have_attribute("href", "/regeln#faq-feld-nimmt-nicht")
    tap(page, "a1")
    expect(page.locator("#notice")).to_contain_text(text("reason.no_flips", square="a1"))
    expect(link).to_have_text(text("learn.faq.why"))
    link.click()
    page.wait_for_function("document.getElementById('faq-feld-nimmt-nicht')?.open === true")


def test_the_pass_notice_links_the_faq_entry_on_passing(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    for square in ["f5", "f6", "e6", "f4", "f3", "d6", "g4", "h4", "h5", "g2", "h3"]:
        play(page, square)
    notice = page.locator("#notice")
    expect(notice).to_contain_text(text("notice.pass", color="Perlmutt", other="Ebenholz"))
    expect(notice.locator("a")).to_have_attribute("href", "/regeln#faq-passen")
