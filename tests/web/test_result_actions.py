"""After a duel the result box shows the points and links to the game's replay and
analysis; the Bilanz's "Letzte Partien" lists duels and device games once each, newest
first, each linking to its replay, paged through the server's list with "Mehr"."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from .archive_helpers import device, load_error, open_bilanz, outbox_entry, recent, solo_record
from .duel_helpers import TIMEOUT_MS, DuelServer, new_player
from .helpers import api
from .test_hall import finish_duel


def test_a_duel_links_to_its_replay_and_the_bilanz_lists_every_game_once(
    duel_server: DuelServer, browser: Any, console: Any
) -> None:
    base = duel_server.url
    anna, ben = new_player(browser, console), new_player(browser, console)
    try:
        code = finish_duel(base, anna, ben)
        for page, points in ((anna, "+10 Punkte"), (ben, "+1 Punkt")):
            box = page.locator("#duel-result")
            expect(box.locator("#result-points")).to_contain_text(points, timeout=TIMEOUT_MS)
            replay = box.get_by_role("link", name="Wiederholung")
            expect(replay).to_have_attribute("href", f"/partie/{code}")
            expect(box.get_by_role("link", name="Analyse", exact=True)).to_have_attribute(
                "href", f"/partie/{code}#analyse"
            )
            # keyboard: from the rematch offer to the replay, then the analysis
            box.get_by_role("button", name="Revanche anbieten").focus()
            page.keyboard.press("Tab")
            expect(replay).to_be_focused()
        expect(anna.locator("#result-level")).to_contain_text("⭐ 3")

        # Anna's games: this device's (kept here and sent), one of another device (only
        # on the server), the duel; newest first
        now = time.time()
        anna.goto(base + "/bilanz")
        open_bilanz(anna)
        here, there = "here-game-1", "other-device-1"
        device(anna, "saveGame", solo_record(here, now + 120))
        sent = api(
            anna,
            "POST",
            "/api/results",
            {"results": [outbox_entry(here, now + 120), outbox_entry(there, now - 120)]},
        )
        assert sent["status"] == 200, sent
        games = api(anna, "GET", "/api/games?player=me")["body"]["games"]
        other = next(g["id"] for g in games if g.get("client_id") == there)

        open_bilanz(anna, base)
        listed = recent(anna)
        assert [href for _, href in listed] == [
            f"/partie/{here}",
            f"/partie/{code}",
            f"/partie/{other}",
        ]
        assert "Gegen Computer (Leicht) als Ebenholz, gewonnen 13:0" in listed[0][0]
        assert "Duell gegen" in listed[1][0] and "gewonnen" in listed[1][0]
        assert "(+10)" in listed[1][0]
        assert "Gegen Computer (Leicht)" in listed[2][0]
        assert anna.get_by_role("button", name="Mehr").count() == 0

        # Ben sees the duel from his side
        open_bilanz(ben, base)
        [(text, href)] = recent(ben)
        assert href == f"/partie/{code}" and "verloren" in text and "(+1)" in text

        # more than a page on the server: "Mehr" asks for the next one
        old = [outbox_entry(f"older-game-{n:02d}", now - 3600 - 60 * n) for n in range(25)]
        assert api(anna, "POST", "/api/results", {"results": old})["status"] == 200
        open_bilanz(anna, base)
        expect(anna.locator("#recent li")).to_have_count(20)
        anna.get_by_role("button", name="Mehr").click()
        expect(anna.locator("#recent li")).to_have_count(28)
        expect(anna.get_by_role("button", name="Mehr")).to_have_count(0)
        hrefs = [href for _, href in recent(anna)]
        assert len(set(hrefs)) == 28
        assert hrefs[:3] == [f"/partie/{here}", f"/partie/{code}", f"/partie/{other}"]

        # the replay page's loader: the device's copy, else the server's; typed errors
        assert device(anna, "loadGame", here)["mode"] == "solo"
        duel = device(anna, "loadGame", code)
        assert duel["id"] == code and duel["kind"] == "duel" and duel["clocks"] is True
        assert device(anna, "loadGame", other)["client_id"] == there
        assert load_error(anna, "ZZZZZZ") == {
            "typed": True,
            "code": "unknown",
            "message": "Diese Partie gibt es nicht – weder auf diesem Gerät noch auf dem Server.",
        }
        assert load_error(ben, other) == {
            "typed": True,
            "code": "foreign",
            "message": "Diese Partie gehört einem anderen Spieler.",
        }
        anna.context.set_offline(True)
        assert load_error(anna, "ZZZZZZ") == {
            "typed": True,
            "code": "offline",
            "message": "Diese Partie ist nicht auf diesem Gerät, und der Server ist gerade "
            "nicht erreichbar.",
        }
        assert device(anna, "loadGame", here)["id"] == here  # offline too
    finally:
        for page in (anna, ben):
            page.context.close()
