"""Fernpartien in real Chromium: a profile opens a table with two days per move from
the start page, it waits in the lobby's own group, a second profile sits down; the
player to move sees the header's count and "/fernpartien" with the game first, the
seat clock in days and hours; closing the page ends nothing."""

from __future__ import annotations

import re
from typing import Any

from .duel_helpers import TIMEOUT_MS, DuelServer, shown, wait_ready, wait_table
from .look import assert_accessible
from .test_duel_time import german


def test_a_fernpartie_waits_in_its_group_and_the_mover_is_told(
    duel_server: DuelServer, players: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    a.goto(base + "/")
    choice = a.get_by_label(german("rules.clock"))
    choice.wait_for(timeout=TIMEOUT_MS)
    choice.select_option(label=f"{german('rules.clock.correspondence')}: 2 Tage pro Zug")
    a.click("#open-table")
    a.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(a)
    code = a.url.rsplit("/", 1)[1]
    assert "2 Tage pro Zug" in a.locator("#rules").inner_text()
    a.close()  # the opener leaves: the table waits all the same
    b.goto(base + "/halle")
    group = b.locator(f"#halle-fern li[data-code='{code}']")
    group.wait_for(timeout=TIMEOUT_MS)
    assert b.locator(f"#halle-tables li[data-code='{code}']").count() == 0
    assert "2 Tage pro Zug" in group.inner_text()
    group.get_by_role("button").click()
    b.wait_for_url(re.compile(rf".*/tisch/{code}$"), timeout=TIMEOUT_MS)
    wait_ready(b)
    wait_table(b, "t.status === 'playing'")
    timers = b.get_by_role("timer", name=german("seat.clock.correspondence"))
    for shown_clock in timers.all_inner_texts():
        assert re.fullmatch(r"[12] Tg\. \d+ Std\.", shown_clock), shown_clock
    state = shown(b)
    mine = state["toMove"] == state["seat"]
    b.goto(base + "/fernpartien")
    entry = b.locator(f"#fern-list li[data-code='{code}']")
    entry.wait_for(timeout=TIMEOUT_MS)
    badge = b.locator("#nav-fern")
    badge.wait_for(timeout=TIMEOUT_MS)
    assert_accessible(b, "/fernpartien")
    if mine:
        assert b.locator("#nav-fern-count").inner_text() == "1"
        assert german("fern.yours") in entry.inner_text()
    else:
        assert b.locator("#nav-fern-count").count() == 0
        assert "ist dran" in entry.inner_text()
    entry.get_by_role("link").click()
    b.wait_for_url(re.compile(rf".*/tisch/{code}$"), timeout=TIMEOUT_MS)
    wait_ready(b)
    wait_table(b, "t.status === 'playing'")


def test_quick_pairing_with_a_clock_and_xot_meets_the_same_choice(
    duel_server: DuelServer, players: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    for page in (a, b):
        page.goto(base + "/halle")
        choice = page.locator("#quick-clock")
        choice.wait_for(timeout=TIMEOUT_MS)  # the clocks come with the socket's hello
        labels = choice.locator("option").all_inner_texts()
        assert not any("Fernpartie" in label for label in labels), labels
        choice.select_option(label=f"{german('rules.clock.total')}: 5 min + 3 s pro Zug")
        page.get_by_label(german("rules.xot")).check()
        page.get_by_role("button", name="Schnelle Partie").click()
    for page in (a, b):
        page.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
        wait_ready(page)
        wait_table(page, "t.status === 'playing'")
    assert a.url == b.url
    rules = a.locator("#rules").inner_text()
    assert "5 min + 3 s pro Zug" in rules and german("rules.xot") in rules
