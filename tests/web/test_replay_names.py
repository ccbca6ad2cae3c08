"""Who played, as the replay names them ("Ebenholz (Ebenholz) gegen Computer
(Leicht) (Perlmutt)" and "Ebenholz (Ebenholz): verliert …"): this device's player against
the computer is "Du", two on one device are their colours."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from .archive_helpers import device, solo_record
from .replay_helpers import wait_replay


def test_a_solo_game_is_du_against_the_computer_and_two_on_one_device_are_colours(
    page: Any, server: Any
) -> None:
    page.goto(server.url + "/bilanz")
    page.wait_for_selector("#bilanz-duels", timeout=30_000)
    now = time.time()
    solo = solo_record("solo-names-1", now)
    duo = {**solo_record("duo-names-1", now + 1), "mode": "duo", "you": "both"}
    duo["white"] = {"name": None, "level": None}
    for record in (solo, duo):
        device(page, "saveGame", record)

    page.goto(server.url + "/partie/solo-names-1")
    wait_replay(page)
    expect(page.locator("#replay-players")).to_have_text(
        "Du (Ebenholz) gegen Computer Leicht (Perlmutt)"
    )
    expect(page.locator("#fact-black")).to_have_text("Du")
    expect(page.locator("#fact-white")).to_have_text("Computer (Leicht)")

    page.goto(server.url + "/partie/duo-names-1")
    wait_replay(page)
    expect(page.locator("#replay-players")).to_have_text("Ebenholz gegen Perlmutt")
    expect(page.locator("#fact-black")).to_have_text("–")
