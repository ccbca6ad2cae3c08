"""/aufgaben in headless Chromium: the puzzle of the day by the Berlin calendar, a wrong
try refused with its exact result, a solved puzzle remembered, and the play-out against
the exact solver."""

from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.processes import REPO

from .study_helpers import assert_dots_are_the_engines, boards, visit, wait_boards

THEME_NAMES = {"ecke": "Ecke", "paritaet": "Parität", "keil": "Keil"}

DATA = json.loads((REPO / "reversi/web/static/data/puzzles.json").read_text())
PUZZLES = DATA["puzzles"]
#: a puzzle with a unique winning move and a move that loses
WIN = next(
    p for p in PUZZLES if p["kind"] == "win" and p["empties"] <= 8 and min(p["scores"].values()) < 0
)
#: a midgame puzzle ("finde den besten Zug")
MID = next(p for p in PUZZLES if p["phase"] == "midgame")


def puzzle_of_the_day(utc: str) -> dict[str, Any]:
    """The page's rule, said again: Berlin's calendar day walks the set in a stride of 7
    (or the next number coprime to the set's size)."""
    day = datetime.fromisoformat(utc).astimezone(ZoneInfo("Europe/Berlin")).date()
    number = (day - datetime(1970, 1, 1).date()).days
    stride = 7
    while math.gcd(stride, len(PUZZLES)) != 1:
        stride += 1
    return PUZZLES[number * stride % len(PUZZLES)]  # type: ignore[no-any-return]


def result(score: int, turn: str) -> str:
    """The end of "Mit g8 …" / "Damit …": the side to move by name (the
    sentence had no subject, "Mit e7 gewinnt mit 36 Steinen Vorsprung")."""
    color = {"black": "Ebenholz", "white": "Perlmutt"}[turn]
    if score == 0:
        return "endet die Partie unentschieden"
    n = abs(score)
    margin = "einem Stein" if n == 1 else f"{n} Steinen"
    return (
        f"gewinnt {color} mit {margin} Vorsprung"
        if score > 0
        else f"verliert {color} mit {margin} Rückstand"
    )


@pytest.mark.parametrize(
    "utc",
    [
        "2026-12-01T22:59:00+00:00",
        "2026-12-01T23:00:00+00:00",
        "2027-06-30T21:59:00+00:00",
        "2027-06-30T22:00:00+00:00",
    ],
)
def test_the_puzzle_of_the_day_follows_the_berlin_calendar(
    page: Any, server: Any, utc: str
) -> None:
    page.clock.set_fixed_time(utc)
    page.goto(server.url + "/aufgaben")
    expected = puzzle_of_the_day(utc)
    page.wait_for_selector(f"section.puzzle[data-puzzle='{expected['id']}']")
    assert page.locator("#puzzle-heading").inner_text().startswith("Aufgabe des Tages")
    berlin = datetime.fromisoformat(utc).astimezone(ZoneInfo("Europe/Berlin")).date()
    assert page.locator("#go-today").inner_text() == f"Aufgabe des Tages ({berlin.isoformat()})"


def test_a_wrong_try_is_refused_with_its_exact_result_then_solved_and_remembered(
    page: Any, server: Any
) -> None:
    visit(page, server.url + f"/aufgaben#{WIN['id']}")
    # no developer's path on the page
    expect(page.locator("main")).not_to_contain_text("generate_puzzles")
    expect(page.locator("main")).to_contain_text("Endspiele exakt durchgerechnet")
    # a live board shows the start until the puzzle's position is set
    page.wait_for_function(
        f"document.querySelectorAll('.liveboard .sq[data-disc=black], .liveboard"
        f" .sq[data-disc=white]').length === {64 - WIN['empties']}"
    )
    color = "Ebenholz" if WIN["turn"] == "black" else "Perlmutt"
    assert page.locator("#puzzle-task").inner_text().startswith(f"{color} ist am Zug und gewinnt")
    assert_dots_are_the_engines(page)
    before = boards(page)[0]["discs"]
    wrong = min(WIN["scores"], key=WIN["scores"].get)
    page.click(f".liveboard .sq[data-square={wrong}]")
    notice = page.locator(".lb-notice")
    notice.wait_for(timeout=60_000)
    assert notice.inner_text() == (
        f"Nicht dieser: Mit {wrong} {result(WIN['scores'][wrong], WIN['turn'])}, "
        "wenn beide Seiten danach fehlerfrei spielen. "
        "Versuche einen anderen Zug."
    )
    wait_boards(page)
    assert boards(page)[0]["discs"] == before  # refused: nothing was set
    assert page.locator("#play-wrong").inner_text().endswith(f"{wrong} gegen Schwer ausspielen")

    # the answer typed on the keyboard, file then rank
    page.keyboard.type(WIN["answer"])
    feedback = page.locator("#puzzle-feedback .ok")
    feedback.wait_for(timeout=60_000)
    assert feedback.inner_text() == (
        f"Richtig! Mit {WIN['answer']} {result(WIN['score'], WIN['turn'])}, "
        "wenn beide Seiten danach fehlerfrei spielen."
    )
    # the first try was wrong: the rating counts a miss, and says so after a reload
    expect(page.locator("#puzzle-rating")).to_contain_text("vorläufig) nach einer Aufgabe")
    missed = float(page.locator("#puzzle-rating").get_attribute("data-value"))
    assert missed < 1500
    assert "Themen:" in page.locator("#puzzle-meta").inner_text() or not WIN["themes"]
    page.reload()
    page.wait_for_selector(f"section.puzzle[data-puzzle='{WIN['id']}']")
    expect(page.locator("#puzzle-rating")).to_have_attribute("data-value", str(round(missed)))


def test_the_rest_is_played_out_against_the_exact_solver(page: Any, server: Any) -> None:
    visit(page, server.url + f"/aufgaben#{WIN['id']}")
    page.click("#show-answer")
    page.click("#play-out")
    human = WIN["turn"]
    for _ in range(WIN["empties"] + 2):
        page.wait_for_function(
            "() => { const lb = document.querySelector('.liveboard');"
            " return lb.dataset.state === 'idle' && (lb.querySelector('.show-dot') ||"
            " document.querySelector('#puzzle-feedback').textContent.includes('zu Ende')); }",
            timeout=60_000,
        )
        if "zu Ende" in page.locator("#puzzle-feedback").inner_text():
            break
        page.locator(".liveboard .sq.show-dot").first.click()
        page.wait_for_timeout(200)
    assert "Die Partie ist zu Ende" in page.locator("#puzzle-feedback").inner_text()
    discs = list(boards(page)[0]["discs"].values())
    margin = discs.count(human) - discs.count("white" if human == "black" else "black")
    # the solver defends perfectly: whatever the human plays after the answer, no better
    # result than the puzzle's exact score is possible
    assert margin <= WIN["score"]


def test_a_midgame_puzzle_says_what_a_wrong_move_costs(page: Any, server: Any) -> None:
    visit(page, server.url + f"/aufgaben#{MID['id']}")
    assert page.locator("#puzzle-task").inner_text().endswith("deutlich besser als jeder andere.")
    wrong = min(MID["scores"], key=MID["scores"].get)
    page.click(f".liveboard .sq[data-square={wrong}]")
    notice = page.locator(".lb-notice")
    notice.wait_for(timeout=60_000)
    cost = round(MID["score"] - MID["scores"][wrong])
    assert f"etwa {cost} Steine gegenüber dem besten Zug" in notice.inner_text()


def test_a_mix_by_theme_and_step_and_a_streak(page: Any, server: Any) -> None:
    visit(page, server.url + "/aufgaben")
    page.check("input[name=theme][value=ecke]")
    page.check("input[name=step][value='2']")
    wanted = [p for p in PUZZLES if "ecke" in p["themes"] and p["step"] == 2]
    expect(page.locator("#mix-count")).to_have_text(f"{len(wanted)} Aufgaben passen dazu.")
    page.click("#start-mix")
    shown = page.locator("section.puzzle").get_attribute("data-puzzle")
    assert shown in {p["id"] for p in wanted}
    puzzle = next(p for p in PUZZLES if p["id"] == shown)
    wait_boards(page)
    page.keyboard.type(puzzle["answer"])
    page.locator("#puzzle-feedback .ok").wait_for(timeout=60_000)
    page.click("#next-puzzle")
    expect(page.locator("section.puzzle")).not_to_have_attribute("data-puzzle", shown)
    assert page.locator("section.puzzle").get_attribute("data-puzzle") in {p["id"] for p in wanted}

    # the streak: easy first, and a wrong first try ends it
    page.uncheck("input[name=theme][value=ecke]")
    page.uncheck("input[name=step][value='2']")
    page.click("#start-streak")
    first = next(
        p for p in PUZZLES if p["id"] == page.locator("section.puzzle").get_attribute("data-puzzle")
    )
    assert first["rating"] == min(p["rating"] for p in PUZZLES if p["rating"] >= 900)
    wait_boards(page)
    page.keyboard.type(first["answer"])
    expect(page.locator("#streak-status")).to_have_text("Serie: 1 gelöst · Bestwert 1")
    page.click("#next-puzzle")
    second = next(
        p for p in PUZZLES if p["id"] == page.locator("section.puzzle").get_attribute("data-puzzle")
    )
    assert second["rating"] >= first["rating"]
    wait_boards(page)
    wrong = next(sq for sq in second["scores"] if sq != second["answer"])
    page.click(f".liveboard .sq[data-square={wrong}]")
    expect(page.locator("#streak-status")).to_have_text(
        "Serie beendet mit einer gelösten Aufgabe. Bestwert: 1."
    )
    expect(page.locator("#next-puzzle")).to_have_count(0)


def test_the_themes_dashboard_names_strong_and_weak_themes(page: Any, server: Any) -> None:
    """A fresh player, so the server holds no attempts of theirs that the page's sync
    would add: three of three corner puzzles solved, three parity puzzles missed."""
    visit(page, server.url + "/aufgaben")
    corner = [p for p in PUZZLES if "ecke" in p["themes"] and "paritaet" not in p["themes"]][:3]
    parity = [p for p in PUZZLES if "paritaet" in p["themes"] and "ecke" not in p["themes"]][:3]
    attempts = [
        {"id": f"{p['id']}@{n}", "puzzle": p["id"], "ok": p in corner, "changed_at": n / 1000}
        for n, p in enumerate(corner + parity, start=1)
    ]
    page.evaluate("a => localStorage.setItem('reversi.aufgaben.v2', JSON.stringify(a))", attempts)
    page.reload()
    page.wait_for_selector("section.puzzle[data-puzzle]")
    expect(page.locator(".theme[data-theme=ecke]")).to_have_attribute("data-verdict", "strong")
    expect(page.locator(".theme[data-theme=ecke] .theme-result")).to_have_text(
        "3 von 3 gelöst · Stärke"
    )
    expect(page.locator(".theme[data-theme=paritaet]")).to_have_attribute("data-verdict", "weak")
    page.click(".theme[data-theme=paritaet] .theme-practise")
    shown = page.locator("section.puzzle").get_attribute("data-puzzle")
    assert "paritaet" in next(p for p in PUZZLES if p["id"] == shown)["themes"]
    expect(page.locator("input[name=theme][value=paritaet]")).to_be_checked()
