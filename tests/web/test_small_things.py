"""A long paste into the chat is cut with a word, not silently; the
second click of a double-click on a square is no second move; Ctrl+Z and Ctrl+Y take
back and replay (and the keyboard help says so); the buttons that start a game have
names of their own; the count bar keeps its edge in the dark; the start page's two
ways to play have a button and no stretched empty box on a desktop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import DuelServer, at_a_table
from .helpers import BOOT_TIMEOUT_MS, open_game, play, view

#: the shortest game: the ninth move, f4, ends it
SHORTEST = "d3c3b3d2e1d6d7e3"

#: WCAG's contrast ratio of two CSS colours "rgb(r, g, b)"
CONTRAST = """([a, b]) => {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}"""


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


def test_a_long_paste_into_the_chat_is_cut_with_a_word(duels: DuelServer, players: Any) -> None:
    a, _ = at_a_table(players, duels.url)
    a.context.grant_permissions(["clipboard-read", "clipboard-write"])
    a.evaluate("text => navigator.clipboard.writeText(text)", "x" * 5000)
    field = a.get_by_label("Nachricht")
    field.focus()
    a.keyboard.press("Control+V")
    expect(field).to_have_value("x" * 200)
    expect(a.locator("#chat-error")).to_have_text(
        "Nur die ersten 200 Zeichen passen in eine Nachricht – der Rest wurde abgeschnitten."
    )
    # a paste that fits says nothing
    field.fill("")
    a.evaluate("text => navigator.clipboard.writeText(text)", "Hallo!")
    a.keyboard.press("Control+V")
    expect(field).to_have_value("Hallo!")
    expect(a.locator("#chat-error")).to_have_text("")


def test_a_double_click_on_a_square_plays_it_once_without_complaint(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    page.dblclick("[data-square=d3]")
    expect(page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(page.locator("#game")).to_have_attribute("data-state", "idle")
    page.wait_for_timeout(500)
    assert "besetzt" not in page.inner_text("#notice")
    assert view(page)["ply"] == 1


def test_ctrl_z_takes_back_and_ctrl_y_replays(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    assert "Strg+Z" in page.inner_text("#game .play-under .hint")
    play(page, "d3")
    play(page, "c5")
    page.locator("body").press("Control+z")
    expect(page.locator("#game")).to_have_attribute("data-ply", "1")
    page.locator("body").press("Control+z")
    expect(page.locator("#game")).to_have_attribute("data-ply", "0")
    page.locator("body").press("Control+y")
    expect(page.locator("#game")).to_have_attribute("data-ply", "1")
    assert view(page)["squares"][19] == "B"  # d3 again


def test_the_buttons_that_start_a_game_have_names_of_their_own(page: Any, server: Any) -> None:
    page.goto(server.url + "/allein")
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=BOOT_TIMEOUT_MS)
    names = page.get_by_role("button").all_inner_texts()
    assert "Von vorn beginnen" in names and "Neues Spiel starten" in names
    open_game(page, server.url, "/zu-zweit?zuege=" + SHORTEST)
    play(page, "f4")
    page.wait_for_selector("#result")
    names = [n.strip() for n in page.get_by_role("button").all_inner_texts() if n.strip()]
    assert "Noch eine Partie" in names and "Von vorn beginnen" in names
    assert len(names) == len(set(names)), names


def test_the_count_bar_keeps_its_edge_in_the_dark(browser: Any, server: Any) -> None:
    context = browser.new_context(color_scheme="dark", reduced_motion="reduce")
    try:
        page = context.new_page()
        open_game(page, server.url, "/zu-zweit")
        edge = page.eval_on_selector("#scorebar", "e => getComputedStyle(e).borderTopColor")
        back = page.evaluate("getComputedStyle(document.body).backgroundColor")
        black = page.eval_on_selector(
            "#scorebar .score.black", "e => getComputedStyle(e).backgroundColor"
        )
        # the bar's outline stands out from the page (WCAG's 3:1 for parts of a graphic)
        assert page.evaluate(CONTRAST, [edge, back]) >= 3
        assert page.evaluate(CONTRAST, [edge, black]) >= 3
    finally:
        context.close()


def test_the_start_cards_have_a_button_and_no_empty_box_on_a_desktop(
    browser: Any, server: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        for name, href in (("Alleinspiel starten", "/allein"), ("Zu zweit starten", "/zu-zweit")):
            link = page.get_by_role("link", name=name)
            expect(link).to_have_attribute("href", href)
            go = link.locator(".card-go")
            expect(go).to_have_text(name)
            card = link.bounding_box()
            button = go.bounding_box()
            assert card and button
            # the button closes the card: no empty stretch below it
            assert card["y"] + card["height"] - (button["y"] + button["height"]) <= 40
            assert card["height"] <= 320
    finally:
        context.close()
