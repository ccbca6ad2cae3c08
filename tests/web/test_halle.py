"""The Halle's lobby in Chromium: three profiles (A opens, B sits with one tap, C watches);
two profiles tap "Schnelle Partie" and meet at one table; the onlooker count."""

from __future__ import annotations

import re
from typing import Any

from .conftest import ARTIFACTS
from .duel_helpers import TIMEOUT_MS, DuelServer, play_one, shown, wait_ready, wait_table


def open_from_start(page: Any, base: str, private: bool = False) -> str:
    page.goto(base + "/")
    if private:
        page.get_by_label(re.compile("Privat")).check()
    page.click("#open-table")
    page.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(page)
    return str(page.url.rsplit("/", 1)[1])


def test_a_stranger_sits_with_one_tap_and_a_third_watches(
    duel_server: DuelServer, players: Any
) -> None:
    base = duel_server.url
    a, b, c = players(), players(), players()
    b.goto(base + "/halle")
    b.wait_for_selector("#halle-online", timeout=TIMEOUT_MS)
    private = open_from_start(a, base, private=True)
    public = open_from_start(a, base)
    # B's lobby shows the public table live, within 2 s, and never the private one
    row = b.locator(f"#halle-tables li[data-code='{public}']")
    row.wait_for(timeout=2000)
    assert b.locator(f"[data-code='{private}']").count() == 0
    assert private not in b.inner_text("#halle")
    row.get_by_role("button", name=re.compile("^Mitspielen")).click()
    b.wait_for_url(f"**/tisch/{public}", timeout=TIMEOUT_MS)
    wait_ready(b)
    for page in (a, b):
        wait_table(page, "t.status === 'playing'")
    assert {shown(a)["seat"], shown(b)["seat"]} == {0, 1}
    # C sees the running duel on the start page's "In der Halle" and watches it
    c.goto(base + "/")
    duel = c.locator(f"#halle-duels li[data-code='{public}']")
    duel.wait_for(timeout=TIMEOUT_MS)
    assert c.locator(f"[data-code='{private}']").count() == 0
    duel.get_by_role("link", name=re.compile("^Zuschauen")).click()
    c.wait_for_url(f"**/tisch/{public}", timeout=TIMEOUT_MS)
    wait_ready(c)
    assert shown(c)["seat"] is None
    d = players()  # a lobby open while the duel moves on (its "moved" batches)
    d.goto(base + "/halle")
    row = d.locator(f"#halle-duels li[data-code='{public}']")
    row.get_by_text("Züge: 0").wait_for(timeout=TIMEOUT_MS)
    play_one([a, b])
    wait_table(c, "t.ply === 1")
    row.get_by_text("Züge: 1").wait_for(timeout=TIMEOUT_MS)


def test_two_taps_on_schnelle_partie_meet_at_one_table(
    duel_server: DuelServer, players: Any
) -> None:
    base = duel_server.url
    a, b, c = players(), players(), players()
    a.goto(base + "/halle")
    a.get_by_role("button", name="Schnelle Partie").click()
    a.get_by_role("status").filter(has_text="Suche Gegner").wait_for(timeout=TIMEOUT_MS)
    cancel = a.get_by_role("button", name="Abbrechen")
    cancel.click()  # the search can be cancelled …
    a.get_by_text("Suche abgebrochen.").wait_for(timeout=TIMEOUT_MS)
    a.get_by_role("button", name="Schnelle Partie").click()  # … and started again
    cancel.wait_for(timeout=TIMEOUT_MS)
    b.goto(base + "/")
    b.get_by_role("button", name="Schnelle Partie").click()
    for page in (a, b):
        page.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
        wait_ready(page)
        wait_table(page, "t.status === 'playing'")
    assert a.url == b.url
    assert {shown(a)["seat"], shown(b)["seat"]} == {0, 1}
    # an onlooker is counted on the players' page
    c.goto(a.url)
    wait_ready(c)
    assert shown(c)["seat"] is None
    a.get_by_text("Zuschauer: 1").wait_for(timeout=TIMEOUT_MS)
    c.get_by_text("Den Chat der beiden lesen Zuschauer an diesem Tisch nicht.").wait_for(
        timeout=TIMEOUT_MS
    )


def test_the_lobby_looks_right(duel_server: DuelServer, players: Any) -> None:
    base = duel_server.url
    a, b, c = players(), players(), players()
    open_from_start(a, base)
    code = open_from_start(b, base)
    c.goto(f"{base}/tisch/{code}")  # c sits at b's table: a running duel
    wait_ready(c)
    wait_table(c, "t.status === 'playing'")
    for width, height in ((360, 640), (1280, 800)):
        for scheme in ("light", "dark"):
            page = players(viewport={"width": width, "height": height}, color_scheme=scheme)
            page.goto(base + "/halle")
            page.wait_for_selector("#halle-tables li", timeout=TIMEOUT_MS)
            page.wait_for_selector("#halle-duels li", timeout=TIMEOUT_MS)
            page.screenshot(path=ARTIFACTS / f"halle-{width}-{scheme}.png", full_page=True)
            page.get_by_role("button", name="Schnelle Partie").click()
            page.get_by_role("button", name="Abbrechen").wait_for(timeout=TIMEOUT_MS)
            page.screenshot(path=ARTIFACTS / f"halle-search-{width}-{scheme}.png")
            page.get_by_role("button", name="Abbrechen").click()
            page.get_by_text("Suche abgebrochen.").wait_for(timeout=TIMEOUT_MS)


def test_a_table_without_its_opener_leaves_the_lobby_and_pairing_skips_the_absent(
    duel_server: DuelServer, players: Any
) -> None:
    """With two profiles: A's waiting table leaves B's lobby within
    seconds of A closing the tab and comes back when A returns; a search whose player
    left is not paired with B's tap."""
    base = duel_server.url
    a, b = players(), players()
    code = open_from_start(a, base)
    b.goto(base + "/halle")
    row = b.locator(f"#halle-tables li[data-code='{code}']")
    row.wait_for(timeout=TIMEOUT_MS)
    a.goto("about:blank")  # A closes the tab: no page of A's is open
    row.wait_for(state="detached", timeout=10_000)
    a.goto(f"{base}/tisch/{code}")  # A is back
    wait_ready(a)
    row.wait_for(timeout=10_000)
    a.goto(base + "/halle")
    a.get_by_role("button", name="Schnelle Partie").click()
    a.get_by_role("status").filter(has_text="Suche Gegner").wait_for(timeout=TIMEOUT_MS)
    a.goto("about:blank")  # A leaves while searching
    row.wait_for(state="detached", timeout=10_000)  # the hall knows A is gone
    b.get_by_role("button", name="Schnelle Partie").click()
    b.get_by_role("status").filter(has_text="Suche Gegner").wait_for(timeout=TIMEOUT_MS)
    b.wait_for_timeout(1500)
    assert "/tisch/" not in b.url  # B waits for someone who is here
