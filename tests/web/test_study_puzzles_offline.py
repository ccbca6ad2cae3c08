"""/aufgaben after one visit, with the server gone: the page and its puzzles load from the
service worker's cache, a puzzle is solved and rated on the device; when the server is
back and the device online again, the attempt goes to the server (/api/puzzles)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from tests.processes import REPO

from .look import offline_after_one_visit
from .study_helpers import wait_boards

PUZZLES = json.loads((REPO / "reversi/web/static/data/puzzles.json").read_text())["puzzles"]
PUZZLE = PUZZLES[len(PUZZLES) // 2]


def ready(page: Any) -> None:
    page.wait_for_selector("section.puzzle[data-puzzle]:not([data-puzzle=''])", timeout=60_000)
    wait_boards(page)


def test_a_puzzle_solved_offline_is_rated_and_sent_when_online(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(browser, console, "/aufgaben", ready) as (page, server):
        page.goto(server.url + f"/aufgaben#{PUZZLE['id']}")
        ready(page)
        expect(page.locator("section.puzzle")).to_have_attribute("data-puzzle", PUZZLE["id"])
        page.keyboard.type(PUZZLE["answer"])
        page.locator("#puzzle-feedback .ok").wait_for(timeout=60_000)
        expect(page.locator("#puzzle-rating")).to_contain_text("nach einer Aufgabe")
        assert int(page.locator("#puzzle-rating").get_attribute("data-value")) > 1500
        expect(page.locator("#puzzle-offline")).to_contain_text("sobald es wieder online ist")

        server.start()
        page.evaluate("dispatchEvent(new Event('online'))")
        expect(page.locator("#puzzle-offline")).to_have_count(0, timeout=30_000)
        sent = page.evaluate("async () => (await (await fetch('/api/puzzles')).json()).items")
        assert [(a["puzzle"], a["ok"]) for a in sent] == [(PUZZLE["id"], True)]
