"""/eroeffnungen in headless Chromium: every named line on the stepper board (buttons,
arrow keys, each step announced), dots from the engine, and the game from its end."""

from __future__ import annotations

import json
from typing import Any

from reversi.engine import Board
from tests.processes import REPO

from .helpers import view, wait_idle
from .study_helpers import assert_dots_are_the_engines, boards, engine_board, visit, wait_boards

OPENINGS = json.loads((REPO / "reversi/web/static/data/openings.json").read_text())["openings"]


def shown_position(page: Any) -> str:
    [board] = boards(page)
    return engine_board(board).obf()


def step_to(page: Any, text: str) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('.stepper-announce').textContent === t",
        arg=text,
        timeout=60_000,
    )
    wait_boards(page)


def test_the_tiger_step_by_step_with_buttons_and_keys(page: Any, server: Any) -> None:
    visit(page, server.url + "/eroeffnungen#tiger")
    step_to(page, "Zug 5 von 5: Ebenholz setzt c4.")
    assert page.locator("#stepper-heading").inner_text() == "Tiger"
    assert shown_position(page) == Board(moves="f5d6c3d3c4").obf()
    page.click("#step-first")
    step_to(page, "Tiger: Startstellung, 5 Züge.")
    assert shown_position(page) == Board().obf()
    moves = ["f5", "d6", "c3", "d3", "c4"]
    for n, square in enumerate(moves, 1):
        page.click("#step-next")
        color = "Ebenholz" if n % 2 else "Perlmutt"
        step_to(page, f"Zug {n} von 5: {color} setzt {square}.")
        assert shown_position(page) == Board(moves="".join(moves[:n])).obf()
        assert_dots_are_the_engines(page)
    assert page.locator("#step-next").get_attribute("aria-disabled") == "true"
    # the arrow keys step too, while the focus is in the stepper (on its buttons)
    page.focus("#step-back")
    page.keyboard.press("ArrowLeft")
    step_to(page, "Zug 4 von 5: Perlmutt setzt d3.")
    page.keyboard.press("Home")
    step_to(page, "Tiger: Startstellung, 5 Züge.")
    page.keyboard.press("End")
    step_to(page, "Zug 5 von 5: Ebenholz setzt c4.")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    step_to(page, "Zug 3 von 5: Ebenholz setzt c3.")
    # the next move may be tapped on the board; another legal move is refused with the book's
    page.click(".liveboard .sq[data-square=f4]")
    notice = page.locator(".lb-notice")
    notice.wait_for(timeout=60_000)
    text = notice.inner_text()
    assert "f4 gehört nicht zu dieser Eröffnung" in text and "hier folgt d3" in text
    assert shown_position(page) == Board(moves="f5d6c3").obf()
    page.click(".liveboard .sq[data-square=d3]")
    step_to(page, "Zug 4 von 5: Perlmutt setzt d3.")


def test_every_opening_is_shown_at_the_end_of_its_line(page: Any, server: Any) -> None:
    visit(page, server.url + "/eroeffnungen")
    assert page.locator("button.opening").count() == len(OPENINGS) >= 20
    source = page.locator("#quelle").inner_text()
    assert "Zebra" in source and "opname.c" in source
    # German names, the international one beside them
    names = page.locator("button.opening .opening-name").all_inner_texts()
    assert "Marderhund (Raccoon Dog)" in names and "Kuh (Cow)" in names
    assert "Tiger" in names and "Tiger (Tiger)" not in names
    assert "Tanida-Variante" in names  # the player's name is in it already
    assert "Raccoon Dog" not in names and "X-square Opening" not in names
    for opening in OPENINGS:
        page.click(f"button.opening[data-opening='{opening['id']}']")
        n = len(opening["moves"].split())
        # the announcement alone may still be the previous line's (same length, same last
        # square); the played line under the heading is drawn once this one is reached
        page.wait_for_function(
            "([id, n, moves]) => location.hash === '#' + id && document.querySelector("
            "'.stepper-announce').textContent.startsWith(`Zug ${n} von ${n}:`) && [...document"
            ".querySelectorAll('.line .played')].map((s) => s.textContent).join(' ') === moves",
            arg=[opening["id"], n, opening["moves"]],
        )
        wait_boards(page)
        assert shown_position(page) == Board(moves=opening["moves"].replace(" ", "")).obf()
        assert_dots_are_the_engines(page)


def test_continue_against_the_computer_from_the_end_of_the_line(page: Any, server: Any) -> None:
    visit(page, server.url + "/eroeffnungen#tiger")
    step_to(page, "Zug 5 von 5: Ebenholz setzt c4.")
    link = page.locator("#continue")
    assert link.get_attribute("href") == "/allein?zuege=f5d6c3d3c4"
    assert "du spielst Perlmutt" in page.locator(".continue-note").inner_text()
    link.click()
    wait_idle(page, 90_000)
    shown = view(page)  # as the game page draws it (the component client has no page global)
    assert shown["mode"] == "solo" and shown["ply"] == 5
    assert shown["players"]["white"] == "human" and shown["turn"] == "white"
    discs = Board(moves="f5d6c3d3c4").obf().split()[0]
    assert shown["squares"] == discs.translate(str.maketrans("XO-", "BW."))
