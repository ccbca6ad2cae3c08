""" "Aus Fehlern lernen" in headless Chromium with a controlled clock: an analysed game's
Patzer becomes a drill item, a better move counts as solved, and the item comes back
after 1 and then 3 days (docs/study.md)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from playwright.sync_api import expect

from reversi.engine import Board

from .conftest import Server

#: a game of two on one device whose 8th move, Perlmutt's e6, throws away every disc
WIPEOUT = "f5d6c5f4e3f6g5e6e7"
START = datetime(2026, 12, 2, 10, 0)


def drill_task(page: Any, server: Server) -> str:
    page.goto(server.url + "/aus-fehlern-lernen")
    page.wait_for_selector("#drill:not([data-phase=loading])", state="attached", timeout=60_000)
    task = page.locator("#drill-task")
    return str(task.text_content()) if task.count() else ""


def test_a_patzer_comes_back_on_the_right_days(server: Server, page: Any) -> None:
    page.clock.install(time=START)
    page.goto(server.url + "/aus-fehlern-lernen")
    expect(page.locator("#drill-none")).to_contain_text("Noch nichts zu üben")
    page.goto(server.url + "/zu-zweit")
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=60_000)
    for square in re.findall("..", WIPEOUT):
        before = page.get_attribute("#game", "data-ply")
        page.click(f"[data-square={square}]")
        expect(page.locator("#game")).not_to_have_attribute("data-ply", str(before))
    page.get_by_role("link", name="Analyse", exact=True).click()
    expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=180_000)
    # the best move the game's analysis found instead of e6 (always counts in the drill)
    page.get_by_role("button", name=re.compile("^Zug 8, ")).click()
    found = re.search(r"besser war ([a-h][1-8])", page.text_content("#judgement-move") or "")
    assert found is not None
    best = found.group(1)
    page.get_by_role("link", name="Aus Fehlern lernen").click()
    page.wait_for_selector("#drill[data-phase=ask]", state="attached", timeout=60_000)
    expect(page.locator("#drill-task")).to_have_text(
        "Hier hast du e6 gespielt (−64). Finde einen besseren Zug für Perlmutt."
    )
    page.click(".board [data-square=e6]")
    expect(page.locator("#drill-feedback")).to_contain_text("e6 hast du in der Partie gespielt")
    page.click(f".board [data-square={best}]")
    expect(page.locator("#drill-feedback")).to_contain_text("Gelöst!", timeout=60_000)
    # solved today: not before tomorrow, then after 3 more days
    assert "e6" not in drill_task(page, server)
    for days, due in ((1, True),):
        page.clock.set_system_time(START + timedelta(days=days, hours=1))
        assert ("e6" in drill_task(page, server)) is due
    page.click(f".board [data-square={best}]")
    expect(page.locator("#drill-feedback")).to_contain_text("Gelöst!", timeout=60_000)
    for days, due in ((3, False), (4, True)):
        page.clock.set_system_time(START + timedelta(days=days, hours=2))
        assert ("e6" in drill_task(page, server)) is due, days


def test_a_missed_answer_rings_the_best_move_and_writes_its_line(server: Server, page: Any) -> None:
    before = Board(moves=WIPEOUT[:14])  # Perlmutt to move, who played e6 (−64)
    item = {
        "id": "g:8", "game": "g", "ply": 8, "obf": before.obf(), "color": "white",
        "played": "e6", "playedScore": -64, "best": "c6", "bestScore": 10, "loss": 74,
        "mark": "blunder", "due": 0, "streak": 0,
    }  # fmt: skip
    page.goto(server.url + "/")
    page.evaluate(
        "item => localStorage.setItem('reversi.fehler.v1', JSON.stringify({[item.id]: item}))", item
    )
    page.goto(server.url + "/aus-fehlern-lernen")
    page.wait_for_selector("#drill[data-phase=ask]", state="attached", timeout=60_000)
    page.click(".board [data-square=h4]")  # about 16 discs worse than the best move
    expect(page.locator("#drill")).to_have_attribute("data-phase", "missed", timeout=60_000)
    feedback = str(page.text_content("#drill-feedback"))
    found = re.search(r"Noch nicht: h4 bringt .*Besser ist ([a-h][1-8])", feedback)
    assert found is not None, feedback
    best = found.group(1)
    expect(page.locator(f".board [data-square={best}]")).to_have_attribute("data-top", "")
    expect(page.locator(".board [data-top]")).to_have_count(1)
    text = str(page.text_content("#drill-line"))
    assert text.startswith("So geht es mit dem besten Zug weiter: ")
    line = text.split(": ", 1)[1].split()
    assert line[0] == best and len(line) > 1
    position = before.copy()
    for square in line:  # legal, passes left out
        position.push(square)
    page.get_by_role("button", name="Nächste Stellung").click()
    expect(page.locator("#drill")).to_have_attribute("data-phase", "none")
