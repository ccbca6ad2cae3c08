"""Tournaments in Chromium against the real hall: a named player with rated games makes
one through the form; four profiles join an arena, are taken to their tables (no
take-back, no rematch there), play and resign, and a fifth watches the table change on
the tournament's page without a reload."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .duel_helpers import TIMEOUT_MS, DuelServer, mover, other, play_one, wait_ready, wait_table
from .helpers import api
from .test_rating import named, seed

TABLE_URL = re.compile(r".*/tisch/[A-Z0-9]{6}$")


def test_four_profiles_join_an_arena_play_and_see_the_standings_change(
    players: Any, tmp_path: Path
) -> None:
    data = tmp_path / "hall"
    data.mkdir()
    server = DuelServer(data).start()
    try:
        base = server.url
        anna, bruno, clara, dieter, onlooker = (players() for _ in range(5))
        named(anna, base, "Anna")
        named(bruno, base, "Bruno")
        seed(server, "Anna", "Bruno", 5)

        # Anna makes a tournament with the form: it starts at the next quarter hour
        anna.goto(base + "/turniere")
        anna.locator("#turniere-create summary").click()
        form = anna.locator("#turnier-create")
        form.get_by_label("Name des Turniers").fill("Donnerstagsarena")
        form.get_by_label("Dauer").select_option("30")
        form.get_by_role("button", name="Turnier anlegen").click()
        anna.wait_for_url(re.compile(r".*/turniere/[A-Za-z0-9_-]+$"), timeout=TIMEOUT_MS)
        expect(anna.locator("#turnier-heading")).to_have_text("Donnerstagsarena")
        expect(anna.locator("#turnier-state")).to_contain_text("beginnt in")
        expect(anna.locator("#turnier-rules")).to_contain_text("Anna")
        # a guest may not: the server's reason under the button
        clara.goto(base + "/turniere")
        clara.locator("#turniere-create summary").click()
        clara.get_by_label("Name des Turniers").fill("Gastturnier")
        clara.get_by_role("button", name="Turnier anlegen").click()
        expect(clara.locator("#turnier-create-msg")).not_to_have_text(re.compile(r"^$|angelegt"))
        assert clara.url.endswith("/turniere")

        # and one that runs now (a start in the past starts at once)
        made = api(
            anna,
            "POST",
            "/api/tournaments",
            {
                "name": "Jetzt-Arena",
                "kind": "arena",
                "starts_at": time.time() - 5,
                "minutes": 15,
                "clock": "3+2",
                "xot": False,
                "rated": False,
                "private": False,
            },
        )
        assert made["status"] == 201, made
        url = base + made["body"]["url"]
        onlooker.goto(url)
        expect(onlooker.locator("#turnier-state")).to_contain_text("läuft – noch 1")
        expect(onlooker.locator("#turnier-standings-empty")).to_be_visible()

        four = [anna, bruno, clara, dieter]
        for page in four:
            page.goto(url)
            page.get_by_role("button", name="Mitmachen").click()
            expect(page.get_by_role("button", name="Aussteigen")).to_be_visible()
        # paired two by two, each is taken to their table
        for page in four:
            page.wait_for_url(TABLE_URL, timeout=TIMEOUT_MS)
        expect(onlooker.locator("#turnier-table tbody tr")).to_have_count(4)
        expect(onlooker.get_by_role("link", name=re.compile("^Zuschauen: "))).to_have_count(2)
        expect(onlooker.locator("#turnier-table .turnier-tag.playing")).to_have_count(4)

        tables: dict[str, list[Any]] = {}
        for page in four:
            tables.setdefault(page.url, []).append(page)
        assert sorted(map(len, tables.values())) == [2, 2]
        winners = []
        for pages in tables.values():
            for page in pages:
                wait_ready(page)
                wait_table(page, "t.status === 'playing' && t.state === 'idle'")
            play_one(pages)
            play_one(pages)
            for page in pages:  # no take-back at a tournament table
                expect(page.get_by_role("button", name="Aufgeben")).to_be_visible()
                expect(page.get_by_role("button", name=re.compile("Zurücknehmen"))).to_have_count(0)
            loser = mover(pages)
            loser.click("#resign")
            loser.click("#confirm-yes")
            for page in pages:
                wait_table(page, "t.status === 'finished'")
                expect(page.locator("#to-tournament")).to_have_attribute(
                    "href", made["body"]["url"]
                )
                expect(page.get_by_role("link", name="Zum Turnier")).to_be_visible()
                expect(page.get_by_role("button", name=re.compile("Revanche"))).to_have_count(0)
            winners.append(api(other(pages, loser), "GET", "/api/me")["body"]["nickname"])

        # the onlooker's page follows by itself: two wins of 2 points, two losses
        points = onlooker.locator("#turnier-table tbody td.points")
        expect(points).to_have_text(["2", "2", "0", "0"], timeout=TIMEOUT_MS)
        names = onlooker.locator("#turnier-table tbody .turnier-player").all_inner_texts()
        assert set(names[:2]) == set(winners)
        expect(onlooker.get_by_role("link", name=re.compile("^Partie ansehen: "))).to_have_count(2)
        # everyone is paired again at once (not with the last opponent), and the table
        # page takes each to the new table
        for url, pages in tables.items():
            moved_on = re.compile(
                rf".*/tisch/(?!{re.escape(url.rsplit('/', 1)[1])}$)[A-Z0-9]{{6}}$"
            )
            for page in pages:
                page.wait_for_url(moved_on, timeout=TIMEOUT_MS)
        again: dict[str, set[Any]] = {}
        for page in four:
            again.setdefault(page.url, set()).add(page)
        assert sorted(map(len, again.values())) == [2, 2]
        assert not {frozenset(p) for p in again.values()} & {frozenset(p) for p in tables.values()}
    finally:
        server.stop()


def test_the_halls_own_tournaments_are_listed_and_the_start_page_counts_down(
    page: Any, duel_server: DuelServer
) -> None:
    # the hall plans its regular tournaments two days ahead (reversi.tournament.schedule)
    page.goto(duel_server.url + "/turniere")
    upcoming = page.locator("#turniere-upcoming .turnier-item")
    expect(upcoming.first).to_be_visible(timeout=TIMEOUT_MS)
    expect(upcoming.first).to_contain_text(re.compile(r"(Abendarena|Sonntagsturnier)"))
    expect(upcoming.first.locator(".turnier-when")).to_contain_text(
        re.compile(r"beginnt (in \d+:\d\d|morgen|in \d Tagen)")
    )
    first = upcoming.first.get_by_role("link").get_attribute("href")
    page.goto(duel_server.url + "/")
    card = page.locator("#go-turniere")
    expect(card).to_have_attribute("href", str(first))
    expect(card).to_contain_text(re.compile(r"(Abendarena|Sonntagsturnier): beginnt"))
    card.click()
    expect(page.locator("#turnier-heading")).to_have_text(re.compile(r"Abendarena|Sonntagsturnier"))
    expect(page.locator("#so-wird-gezaehlt")).to_be_visible()
    expect(page.get_by_role("button", name="Mitmachen")).to_be_visible()
