"""At a duel table too, a refused tap and the pass notice link the matching entry of
the rules page's "Häufige Fragen"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .duel_helpers import DuelServer, join, mover, open_table, play_one
from .learn_helpers import text


def test_refusals_and_the_pass_notice_link_the_faq(duel_server: DuelServer, players: Any) -> None:
    a, b = players(), players()
    code = open_table(a, duel_server.url)
    join(b, duel_server.url, code)
    pages = [a, b]
    page = mover(pages)
    page.wait_for_selector("#duel[data-state=idle][data-mine='1']", state="attached")
    page.click("[data-square=d4]")
    notice = page.locator("#duel-notice")
    expect(notice).to_contain_text(text("reason.occupied", square="d4"))
    expect(notice.locator("a")).to_have_attribute("href", "/regeln#faq-feld-nimmt-nicht")
    page.click("[data-square=a1]")
    expect(notice).to_contain_text(text("reason.no_flips", square="a1"))
    expect(notice.locator("a")).to_have_text(text("learn.faq.why"))
    for square in ["f5", "f6", "e6", "f4", "f3", "d6", "g4", "h4", "h5", "g2", "h3"]:
        play_one(pages, square)
    for page in pages:  # Perlmutt had to pass: both sides read it, with the link
        notice = page.locator("#duel-notice")
        expect(notice).to_contain_text(text("notice.pass", color="Perlmutt", other="Ebenholz"))
        expect(notice.locator("a")).to_have_attribute("href", "/regeln#faq-passen")
