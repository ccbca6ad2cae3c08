""" "Aus Fehlern lernen" on two devices of one player (two browser profiles, the player
moved by a transfer code): an item solved on the phone is done and scheduled on the
laptop, even though the laptop holds an older copy of it; and the drill answers
offline, its progress kept on the device (docs/api.md, ``/api/drill``)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from reversi.engine import Board

from .duel_helpers import DuelServer
from .helpers import api
from .look import offline_after_one_visit

#: Perlmutt to move, who played e6 (−64) in the game; c6 the game analysis's best move
ITEM = {
    "id": "g7:8", "game": "g7", "ply": 8, "obf": Board(moves="f5d6c5f4e3f6g5").obf(),
    "color": "white", "played": "e6", "playedScore": -64, "best": "c6", "bestScore": 10,
    "loss": 74, "mark": "blunder", "due": 0, "streak": 0,
}  # fmt: skip
SEED = "item => localStorage.setItem('reversi.fehler.v1', JSON.stringify({[item.id]: item}))"
DRILL = "/aus-fehlern-lernen"


def open_drill(page: Any, url: str) -> None:
    page.goto(url + DRILL)
    page.wait_for_selector("#drill:not([data-phase=loading])", state="attached", timeout=60_000)


def solve(page: Any) -> None:
    page.wait_for_selector("#drill[data-phase=ask]", state="attached", timeout=60_000)
    page.click(".board [data-square=c6]")
    expect(page.locator("#drill-feedback")).to_contain_text("Gelöst!", timeout=60_000)


def test_an_item_solved_on_one_device_is_done_on_the_other(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    phone, laptop = players(), players()
    phone.goto(base + "/")
    phone.evaluate(SEED, {**ITEM, "changed_at": 1_764_000_000})
    laptop.goto(base + "/")  # the same item, not yet answered there
    laptop.evaluate(SEED, {**ITEM, "changed_at": 1_764_000_000})
    open_drill(phone, base)
    solve(phone)
    assert phone.evaluate("""async () => {
      for (let i = 0; i < 200; i += 1) {
        const {items} = await (await fetch("/api/drill")).json();
        if (items.some((i) => i.id === "g7:8" && i.streak === 1)) return true;
        await new Promise((resolve) => { setTimeout(resolve, 100); });
      }
      return false;
    }""")
    transfer = api(phone, "POST", "/api/transfer")
    assert transfer["status"] == 200, transfer
    laptop.goto(base + "/weiter")
    assert (
        api(laptop, "POST", "/api/transfer/redeem", {"code": transfer["body"]["code"]})["status"]
        == 200
    )
    open_drill(laptop, base)
    expect(laptop.locator("#drill-none")).to_contain_text("Für heute ist alles geübt")
    expect(laptop.locator("#drill-count")).to_have_text("Heute fällig: 0 von 1.")
    kept = laptop.evaluate("JSON.parse(localStorage.getItem('reversi.fehler.v1'))['g7:8']")
    today = laptop.evaluate(
        "Math.floor((Date.now() - new Date().getTimezoneOffset() * 60000) / 864e5)"
    )
    assert (kept["streak"], kept["solved"], kept["due"]) == (1, 1, today + 1)


def test_the_drill_answers_offline(browser: Any, built: None, console: Any) -> None:
    ready = lambda page: page.wait_for_selector(  # noqa: E731
        "#drill:not([data-phase=loading])", state="attached", timeout=60_000
    )
    with offline_after_one_visit(browser, console, DRILL, ready) as (page, server):
        page.evaluate(SEED, ITEM)
        open_drill(page, server.url)
        solve(page)
        page.get_by_role("button", name="Nächste Stellung").click()
        expect(page.locator("#drill-none")).to_contain_text("Für heute ist alles geübt")
        expect(page.locator("#drill-count")).to_have_text("Heute fällig: 0 von 1.")
