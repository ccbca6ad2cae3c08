"""The rules page /regeln in a real browser: every seed FAQ question has its <details>
entry and anchor, every live board's dots are the engine's legal moves, and a tap on a
board plays through the engine (flips in flip order, refusals with the game's reasons)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .learn_helpers import board_line, board_state, engine_legal, text, visit, wait_boards

REPO = Path(__file__).resolve().parents[2]
FAQ = json.loads((REPO / "tests/data/seed_faq.json").read_text())
#: the project's source documents, beside the checkout (or beside its worktrees' folder)
SEEDS = next(
    (
        folder / "shared/seeds"
        for folder in (REPO.parent, REPO.parent.parent)
        if (folder / "shared/seeds").is_dir()
    ),
    REPO.parent / "shared/seeds",
)


def seed_questions(name: str) -> list[str]:
    """The questions of a seed's "Häufige Fragen": the lines ending in "?" after that heading."""
    body = (SEEDS / name).read_text().split("Häufige Fragen", 1)[1]
    return [line.strip() for line in body.splitlines() if line.strip().endswith("?")]


@pytest.mark.skipif(not SEEDS.exists(), reason=f"the seeds are not at {SEEDS}")
def test_the_faq_list_holds_every_question_of_seeds_000_and_001() -> None:
    for seed in ("000_bbc5c8439e727a63.txt", "001_a16c2bdafc7f0c9e.txt"):
        listed = [entry["question"] for entry in FAQ if entry["seed"] == seed]
        assert listed == seed_questions(seed)


def test_every_seed_question_has_an_entry_and_its_anchor_opens_it(page: Any, server: Any) -> None:
    page.goto(server.url + "/regeln")
    page.wait_for_selector("#fragen details")
    ids = page.eval_on_selector_all("#fragen details.faq", "els => els.map(e => e.id)")
    assert len(ids) == len(set(ids))
    for entry in FAQ:
        assert entry["id"] in ids, entry
        summary = page.locator(f"#{entry['id']} > summary").inner_text()
        assert summary.endswith("?") and len(summary) > 10
        assert not page.evaluate(f"document.getElementById('{entry['id']}').open")
    # each anchor, opened as an address, opens its entry and shows its answer
    for entry in FAQ:
        page.goto(f"{server.url}/regeln#{entry['id']}")
        page.wait_for_function(f"document.getElementById('{entry['id']}')?.open === true")
        answer = page.locator(f"#{entry['id']} .faq-answer")
        assert answer.is_visible() and len(answer.inner_text()) > 80
        top = f"document.getElementById('{entry['id']}').getBoundingClientRect().top"
        assert page.evaluate(top) < 200
    # and a link on the page to another entry opens that one too
    page.goto(server.url + "/regeln#faq-dame")
    page.wait_for_function("document.getElementById('faq-dame').open")
    page.evaluate("location.hash = '#faq-remis'")
    page.wait_for_function("document.getElementById('faq-remis').open")


def test_every_mini_board_shows_the_engines_legal_moves(page: Any, server: Any) -> None:
    visit(page, server.url + "/regeln")
    boards = page.locator(".liveboard")
    assert boards.count() >= 10
    for i in range(boards.count()):
        state = board_state(boards.nth(i))
        assert sorted(state["dots"]) == sorted(engine_legal(state)), i
        assert board_line(state) in state["figure"]

    # the boards whose text names the squares: the engine agrees with the prose
    def dots(rule: str) -> list[str]:
        return sorted(board_state(page.locator(f"#{rule} .liveboard"))["dots"])

    assert dots("regel-brett") == ["c4", "d3", "e6", "f5"]
    assert dots("regel-erlaubt") == ["c3", "c4", "c5", "c6", "c7"]
    assert "b4" in dots("regel-linie") and "b6" not in dots("regel-linie")
    for over in ("regel-ende", "regel-remis", "regel-leere-felder"):
        assert dots(over) == []


def test_a_tap_plays_through_the_engine_and_a_wrong_tap_says_why(page: Any, server: Any) -> None:
    visit(page, server.url + "/regeln")
    first = page.locator("#regel-erster-zug .liveboard")
    first.locator("[data-square=d4]").click()
    notice = first.locator(".lb-notice")
    expect(notice).to_contain_text(text("reason.occupied", square="d4"))
    assert notice.locator("a").get_attribute("href") == "/regeln#faq-feld-nimmt-nicht"
    first.locator("[data-square=a1]").click()
    expect(notice).to_contain_text(text("reason.no_flips", square="a1"))
    assert board_state(first)["discs"][19] == ""  # nothing was played
    first.locator("[data-square=d3]").click()
    wait_boards(page)
    state = board_state(first)
    assert state["discs"][19] == "black" and state["discs"][27] == "black"  # d3 placed, d4 flipped
    expect(notice).to_have_text(
        text("announce.move", color="Ebenholz", square="d3", count="1 Stein", flipped="d4")
    )
    assert sorted(state["dots"]) == sorted(engine_legal(state)) == ["c3", "c5", "e3"]
    # three lines at once, flipped in flip order (clockwise from the top, nearest first)
    lines = page.locator("#regel-mehrere .liveboard")
    lines.locator("[data-square=c5]").click()
    wait_boards(page)
    expect(lines.locator(".lb-notice")).to_have_text(
        text("announce.move", color="Ebenholz", square="c5", count="3 Steine", flipped="c4 d4 d5")
    )
    # the pass example: after h3 Perlmutt must pass, with the link to the FAQ entry
    passing = page.locator("#regel-passen .liveboard")
    passing.locator("[data-square=h3]").click()
    wait_boards(page)
    expect(passing.locator(".lb-notice")).to_contain_text(
        text("notice.pass", color="Perlmutt", other="Ebenholz")
    )
    assert passing.locator(".lb-notice a").get_attribute("href") == "/regeln#faq-passen"
    assert board_state(passing)["turn"] == "black"
    # flipping back: after d3, Perlmutt's c3 turns d4 back
    back = page.locator("#regel-zurueck .liveboard")
    back.locator("[data-square=c3]").click()
    wait_boards(page)
    assert board_state(back)["discs"][27] == "white"
    back.locator(".lb-reset").click()
    wait_boards(page)
    assert board_state(back)["discs"][27] == "black" and board_state(back)["turn"] == "white"


def test_the_keyboard_plays_a_mini_board(page: Any, server: Any) -> None:
    visit(page, server.url + "/regeln")
    board = page.locator("#regel-erster-zug .liveboard")
    board.locator("[data-square=d3]").focus()  # each board is one tab stop, starting on d3
    assert board.locator(".sq[tabindex='0']").count() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # e4: occupied
    page.keyboard.press("Enter")
    expect(board.locator(".lb-notice")).to_contain_text(text("reason.occupied", square="e4"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # c4
    page.keyboard.press("Enter")
    wait_boards(page)
    assert board_state(board)["discs"][26] == "black"
    label = board.locator("[data-square=c4]").get_attribute("aria-label")
    assert label is not None and re.search(r"c4, Ebenholz", label)


def test_the_rules_page_covers_glossary_and_settings(page: Any, server: Any) -> None:
    page.goto(server.url + "/regeln")
    page.wait_for_selector("#begriffe dl")
    terms = page.eval_on_selector_all("#begriffe dt", "els => els.map(e => e.textContent)")
    for term in (
        "Einschließen",
        "Umdrehen",
        "Aussetzen",
        "Ecke",
        "Stabil",
        "Beweglichkeit",
        "X-Feld",
        "C-Feld",
        "Parität",
        "Front",
    ):
        assert any(term.lower() in t.lower() for t in terms), term
    rows = page.eval_on_selector_all(
        "#einstellungen tbody th", "els => els.map(e => e.textContent)"
    )
    assert {"Zählweise", "Hilfen", "Zugzeit im Duell"} <= set(rows)
    assert page.title().startswith("Reversi: Regeln")


# records each square as it starts to turn ("+" the placed disc), in order, once each
WATCH_TURNS = """el => {
  window.turned = [];
  const note = (entry) => { if (!window.turned.includes(entry)) window.turned.push(entry); };
  new MutationObserver((changes) => changes.forEach((c) => {
    if (c.target.classList.contains('turning')) note(c.target.dataset.square);
    if (c.target.classList.contains('placing')) note('+' + c.target.dataset.square);
  })).observe(el, {attributes: true, subtree: true, attributeFilter: ['class']});
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_flips_turn_one_after_another_in_flip_order_unless_motion_is_reduced(
    browser: Any, server: Any, console: Any, motion: str
) -> None:
    context = browser.new_context(reduced_motion=motion)
    page = context.new_page()
    console.attach(page)
    try:
        visit(page, server.url + "/regeln")
        board = page.locator("#regel-mehrere .liveboard")
        board.evaluate(WATCH_TURNS)
        board.locator("[data-square=c5]").click()
        expect(board.locator(".lb-notice")).to_contain_text("c4 d4 d5")
        wait_boards(page)
        turned = page.evaluate("window.turned")
        assert turned == (["+c5", "c4", "d4", "d5"] if motion == "no-preference" else [])
        assert [board_state(board)["discs"][i] for i in (26, 27, 35)] == ["black"] * 3
    finally:
        context.close()
    assert console.errors == []
