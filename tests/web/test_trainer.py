"""/eroeffnungstrainer in headless Chromium: a line drilled offline through the DOM on
a turned board and in another move order, a wrong move shown and scheduled for the next
day, the line's return by spaced repetition under a controlled clock, and the game
against the computer from the line's end at the level chosen."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from typing import Any

from playwright.sync_api import expect

from reversi.engine import Board
from tests.processes import REPO
from tools.book.trainer import SQUARES, image

from .conftest import Server
from .look import offline_after_one_visit
from .study_helpers import boards, engine_board

START = datetime(2026, 12, 2, 10, 0)
TIGER = ["f5", "d6", "c3", "d3", "c4"]


def turned(square: str, k: int) -> str:
    return SQUARES[image(SQUARES.index(square), k)]


def wait_ask(page: Any, ply: int | None = None) -> None:
    selector = (
        "#trainer[data-phase=ask]" if ply is None else f"#trainer[data-phase=ask][data-ply='{ply}']"
    )
    page.wait_for_selector(selector, state="attached", timeout=60_000)


def wait_done(page: Any) -> None:
    page.wait_for_selector("#trainer[data-phase=done]", state="attached", timeout=60_000)


def shown(page: Any) -> str:
    [board] = boards(page)
    return engine_board(board).obf()


def tap(page: Any, square: str) -> None:
    page.click(f".liveboard .sq[data-square={square}]")


def test_a_turned_line_in_another_order_offline_then_the_computer(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(browser, console, "/eroeffnungstrainer#tiger", wait_ask) as (
        page,
        server,
    ):
        page.goto(server.url + "/eroeffnungstrainer#tiger")
        wait_ask(page, 0)
        expect(page.locator("#trainer-line-heading")).to_have_text("Tiger")
        # d3 instead of f5: the board turned (the mirror on the other diagonal keeps the start)
        k = 7
        assert turned("f5", k) == "d3"
        tap(page, "d3")
        wait_ask(page, 2)
        assert shown(page) == Board(moves="".join(turned(m, k) for m in TIGER[:2])).obf()
        # a move off the line: the right one is named and ringed, the drill waits
        tap(page, turned("c5", k))
        expect(page.locator("#trainer-feedback")).to_contain_text(f"Richtig ist {turned('c3', k)}")
        expect(page.locator(".liveboard .sq.found")).to_have_count(1)
        expect(page.locator(f".liveboard .sq[data-square={turned('c3', k)}]")).to_have_class(
            re.compile("found")
        )
        # c4 before c3: the trainer answers d3, and c3 reaches the Tiger's position
        tap(page, turned("c4", k))
        expect(page.locator("#trainer-feedback")).to_contain_text("vertauschter Zugfolge")
        wait_ask(page, 4)
        tap(page, turned("c3", k))
        wait_done(page)
        assert shown(page) == Board(moves="".join(turned(m, k) for m in TIGER)).obf()
        expect(page.locator("#trainer-feedback")).to_contain_text("mit einem Fehler")
        expect(page.locator("#trainer-line")).to_contain_text("Tiger – morgen")
        # the computer game from the line's end, at Schwer, offline
        page.select_option("#trainer-level", "schwer")
        page.click("#trainer-computer")
        page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=120_000)
        game = page.locator("#game")
        expect(game).to_have_attribute("data-level", "schwer")
        expect(game).to_have_attribute("data-human", "white")
        expect(game).to_have_attribute("data-ply", "5")


def test_a_line_comes_back_by_the_schedule(server: Server, page: Any) -> None:
    page.clock.install(time=START)

    def drill(wrong: str | None = None) -> None:
        page.goto(server.url + "/eroeffnungstrainer#cat")
        for ply in (0, 2, 4):
            wait_ask(page, ply)
            if wrong and ply == 2:
                tap(page, wrong)
                expect(page.locator("#trainer-feedback")).to_contain_text("Richtig ist c4")
            tap(page, ["f5", "d6", "c4", "d3", "c5"][ply])
        wait_done(page)

    def due(days: float) -> str:
        page.clock.set_system_time(START + timedelta(days=days, hours=1))
        page.goto(server.url + "/eroeffnungstrainer#tiger")
        page.reload()  # the same address: a new day's page
        wait_ask(page, 0)
        return str(page.locator("#trainer-due-count").text_content())

    assert "keine geübte Linie" in due(0)
    drill()
    expect(page.locator("#trainer-feedback")).to_contain_text("ohne Fehler! Sie kommt morgen")
    # the card went to the server (/api/openings), to follow the player
    page.wait_for_function(
        """() => fetch('/api/openings').then((r) => r.json())
          .then((b) => b.items.some((i) => i.id === 'cat:black' && i.streak === 1))""",
        timeout=30_000,
    )
    assert "keine" in due(0.5)
    assert "1 Linie" in due(1)
    page.click("#trainer-due")
    page.wait_for_selector("#trainer[data-line=cat]", state="attached")
    drill()  # the second time right: in 3 days
    expect(page.locator("#trainer-feedback")).to_contain_text("in 3 Tagen")
    assert "keine" in due(3)
    assert "1 Linie" in due(4)
    drill(wrong="c3")  # a mistake: back tomorrow
    expect(page.locator("#trainer-feedback")).to_contain_text("mit einem Fehler")
    assert "1 Linie" in due(5)
    # Perlmutt is another card: nothing due for that side
    page.check("input[name=trainer-color][value=white]")
    expect(page.locator("#trainer-due-count")).to_contain_text("keine")


def test_a_book_line_as_perlmutt(server: Server, page: Any) -> None:
    """As Perlmutt the trainer opens; the book line's own moves are the answers."""
    data = json.loads((REPO / "reversi/web/static/data/trainer.json").read_text())
    line = next(x for x in data["lines"] if x["source"] == "book")
    moves = line["moves"].split()
    page.goto(server.url + f"/eroeffnungstrainer#{line['id']}")
    wait_ask(page, 0)
    expect(page.locator("#trainer-line-heading")).to_contain_text("Buchlinie 1 (über ")
    page.check("input[name=trainer-color][value=white]")
    for ply in range(1, len(moves), 2):
        wait_ask(page, ply)
        assert shown(page) == Board(moves="".join(moves[:ply])).obf()
        tap(page, moves[ply])
    wait_done(page)
    expect(page.locator("#trainer-feedback")).to_contain_text("ohne Fehler")
    expect(page.locator("#trainer-line")).to_contain_text("Buchlinie 1")
    assert page.evaluate("Object.keys(JSON.parse(localStorage['reversi.eroeffnungen.v1']))") == [
        f"{line['id']}:white"
    ]
