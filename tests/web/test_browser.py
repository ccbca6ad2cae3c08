"""The hall in real headless Chromium: the board, solo, two on one device.

Sync Playwright only (no asyncio here). Contexts use reduced motion so the tests need no
waits for animations; one test plays with animations on and checks the flip order.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from .helpers import (
    BOOT_TIMEOUT_MS,
    disc_counts,
    numbers,
    open_game,
    play,
    squares,
    start_solo,
    tap,
    view,
    wait_idle,
    wait_ply,
)

SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


def has_ai() -> bool:
    try:
        return hasattr(importlib.import_module("reversi.ai"), "choose_move")
    except ImportError:
        return False


needs_ai = pytest.mark.skipif(not has_ai(), reason="reversi.ai.choose_move is not there yet")


def test_start_page_links(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    assert page.locator("#go-solo").inner_text().startswith("Alleinspiel")
    assert page.locator("#go-duo").inner_text().startswith("Zu zweit an einem Gerät")
    assert page.locator("#duel-slot").is_visible()
    page.click("#go-duo")
    wait_idle(page, 60_000)
    assert page.url.endswith("/zu-zweit")


def test_dots_are_the_legal_moves_and_drehzahl_the_flip_counts(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    for square in ("f5", "d6", "c3"):
        play(page, square)
    v = view(page)
    assert sorted(squares(page, ".sq.show-dot")) == sorted(v["legal"])
    assert sorted(squares(page, "[data-legal]")) == sorted(v["legal"])
    assert page.locator(".sq.show-count").count() == 0
    page.click("#setting-counts")
    shown = {sq: page.text_content(f"[data-square={sq}] .count") for sq in v["legal"]}
    assert {sq: int(n) for sq, n in shown.items()} == v["legal"]
    # the squares' names say it too, starting with the coordinate
    for sq, n in v["legal"].items():
        assert (
            page.get_attribute(f"[data-square={sq}]", "aria-label")
            == f"{sq}, leer, erlaubt, dreht {n}"
        )
    # dots can be switched off; the squares stay playable
    page.click("#setting-dots")
    assert page.locator(".sq.show-dot").count() == 0
    assert sorted(squares(page, "[data-legal]")) == sorted(v["legal"])


def test_drehzahl_switch_survives_a_reload(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    assert not page.is_checked("#setting-counts")
    assert page.locator(".sq.show-count").count() == 0
    page.click("#setting-counts")
    page.reload()
    wait_idle(page, 60_000)
    assert page.is_checked("#setting-counts")
    counts = {sq: page.text_content(f"[data-square={sq}] .count") for sq in ("d3", "c4", "f5")}
    assert counts == {"d3": "1", "c4": "1", "f5": "1"}
    page.click("#setting-counts")
    page.reload()
    wait_idle(page, 60_000)
    assert not page.is_checked("#setting-counts")


@pytest.mark.parametrize(
    ("square", "reason"), [("d4", "d4 ist schon besetzt."), ("a1", "a1 schließt keinen Stein ein")]
)
def test_an_illegal_tap_says_why_and_the_move_stays(
    page: Any, server: Any, square: str, reason: str
) -> None:
    open_game(page, server.url, "/zu-zweit")
    before = view(page)
    tap(page, square)
    page.wait_for_function("document.querySelector('#notice').textContent.length > 0")
    assert reason in page.inner_text("#notice")
    assert view(page) == before
    assert "Ebenholz ist am Zug" in page.inner_text("#status")
    play(page, "d3")  # still Ebenholz's move
    assert view(page)["last"]["square"] == "d3"


def test_copper_ring_moves_with_the_last_disc(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    assert page.locator(".sq[data-last]").count() == 0
    play(page, "d3")
    assert squares(page, ".sq[data-last]") == ["d3"]
    assert "letzter Zug" in (page.get_attribute("[data-square=d3]", "aria-label") or "")
    play(page, "c5")
    assert squares(page, ".sq[data-last]") == ["c5"]


def test_a_forced_pass_is_announced(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    for square in ["f5", "f6", "c4", "g5", "h5", "h4", "g7", "h6"]:
        play(page, square)
    notice = page.inner_text("#notice")
    assert "Ebenholz kann nicht ziehen und muss passen" in notice
    assert "Ebenholz kann nicht ziehen und muss passen" in page.inner_text("#announce")
    assert view(page)["turn"] == "white"
    assert "Perlmutt ist am Zug" in page.inner_text("#status")


def test_undo_redo_and_back_to_the_start(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    assert page.is_disabled("#undo")
    for square in ("f5", "d6", "c3"):
        play(page, square)
    after = view(page)
    page.click("#undo")
    wait_ply(page, "=== 2")
    wait_idle(page)
    assert view(page)["last"]["square"] == "d6"
    page.click("#undo-all")
    wait_ply(page, "=== 0")
    wait_idle(page)
    assert disc_counts(page) == (2, 2)
    assert page.is_disabled("#undo") and page.is_enabled("#redo")
    page.click("#redo-all")
    wait_ply(page, "=== 3")
    wait_idle(page)
    assert view(page)["squares"] == after["squares"]
    assert page.is_disabled("#redo")


def test_a_two_on_one_device_game_to_the_end(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    for square in ["c4", "c5", "c6", "c3", "c2", "d6", "e6", "f4", "g4"]:
        play(page, square)
    page.wait_for_selector("#result:not([hidden])")
    v = view(page)
    assert v["result"] is not None and v["turn"] is None
    black, white = disc_counts(page)
    assert (
        (v["result"]["black"], v["result"]["white"])
        == (black, white)
        == (v["counts"]["black"], v["counts"]["white"])
    )
    text = page.inner_text("#result-text")
    assert numbers(text) == [black, white]
    assert ("Ebenholz" if black > white else "Perlmutt") in text
    tap(page, "a1")
    page.wait_for_function("document.querySelector('#notice').textContent.includes('vorbei')")
    saved = page.evaluate("JSON.parse(localStorage.getItem('reversi.results.v1'))")
    assert saved[-1]["mode"] == "duo" and (saved[-1]["black"], saved[-1]["white"]) == (black, white)


def test_keyboard_arrows_enter_and_typed_coordinates(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    page.focus("[data-square=d3]")
    page.keyboard.press("ArrowRight")  # e3
    page.keyboard.press("ArrowRight")  # f3
    page.keyboard.press("ArrowDown")  # f4
    page.keyboard.press("ArrowDown")  # f5
    assert page.evaluate("document.activeElement.dataset.square") == "f5"
    page.keyboard.press("Enter")
    wait_ply(page, "=== 1")
    wait_idle(page)
    assert view(page)["last"]["square"] == "f5"
    assert "Ebenholz setzt f5, dreht 1 Stein: e5." in page.inner_text("#announce")
    page.keyboard.type("d6")
    wait_ply(page, "=== 2")
    wait_idle(page)
    assert view(page)["last"]["square"] == "d6"
    assert "Perlmutt setzt d6" in page.inner_text("#announce")


def test_flips_turn_one_after_another_in_flip_order(moving_page: Any, server: Any) -> None:
    page = moving_page
    open_game(page, server.url, "/zu-zweit")
    # after these moves d3 flips e4 (down-right), d4 d5 (down) and c4 (down-left)
    for square in ["c4", "c5", "b6", "e3", "d6", "b5", "a6", "c3", "f5", "e6"]:
        play(page, square)
    page.evaluate("""() => {
        window.__turned = [];
        new MutationObserver((records) => {
          for (const r of records) {
            const el = r.target;
            if (el.dataset.disc && el.dataset.disc !== r.oldValue) {
              window.__turned.push(el.dataset.square);
            }
          }
        }).observe(document.querySelector('.board'), {
          subtree: true, attributes: true, attributeOldValue: true,
          attributeFilter: ['data-disc'],
        });
    }""")
    play(page, "d3")
    assert sorted(view(page)["last"]["flipped"]) == ["c4", "d4", "d5", "e4"]
    assert page.evaluate("window.__turned") == ["d3", "e4", "d4", "d5", "c4"]


def test_the_text_figure_panel(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    play(page, "f5")
    play(page, "d6")
    page.click("#figure summary")
    assert page.inner_text("#figure-text") == (
        "Schwarze Steine (3): e4 e5 f5\n"
        "Weiße Steine (3): d4 d5 d6\n"
        "Am Zug: Schwarz\n"
        "Letzter Zug: d6\n"
        "Brett (ab Reihe 1): "
        "......../......../......../...WB.../...WBB../...W..../......../........"
    )
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#copy-figure")
    page.wait_for_function("document.querySelector('#notice').textContent.includes('kopiert')")


def play_solo_to_the_end(page: Any) -> dict[str, Any]:
    """The human always takes the first dotted square until the game ends."""
    for _ in range(70):
        v = view(page)
        if v["result"] is not None:
            return v
        dots = squares(page, "[data-legal]")
        assert dots == list(v["legal"])
        play(page, dots[0])
    raise AssertionError("the game did not end")


@needs_ai
def test_a_full_solo_game_against_leicht(page: Any, server: Any) -> None:
    start_solo(page, server.url, "leicht")
    v = play_solo_to_the_end(page)
    page.wait_for_selector("#result:not([hidden])")
    black, white = disc_counts(page)
    assert (v["result"]["black"], v["result"]["white"]) == (black, white)
    assert numbers(page.inner_text("#result-text")) == [black, white]
    # the result is kept on the device and shows in the Bilanz under Leicht
    page.goto(server.url + "/bilanz")
    row = page.locator("tr[data-level=leicht]")
    outcome = "wins" if black > white else "draws" if black == white else "losses"
    assert row.locator(f".{outcome}").inner_text() == "1"
    assert row.locator(".games").inner_text() == "1"


@needs_ai
@pytest.mark.parametrize("level", ["mittel", "schwer"])
def test_the_computer_answers_at_every_level(page: Any, server: Any, level: str) -> None:
    page.goto(server.url + "/allein")
    wait_idle(page, 60_000)
    page.check(f"input[name=level][value={level}]")
    page.check("input[name=begins][value=computer]")
    page.click("#setting-motion")  # switched on: the choices are kept across a reload
    page.reload()
    wait_idle(page, 60_000)
    assert page.is_checked(f"input[name=level][value={level}]")
    assert page.is_checked("input[name=begins][value=computer]")
    assert page.is_checked("#setting-motion")
    page.click("#setting-motion")
    # a running solo game is not kept: the reload started a new one with the choices
    page.wait_for_selector(f"#game[data-level={level}][data-ply='1']", state="attached")
    wait_idle(page)
    v = view(page)
    assert v["players"] == {"black": "computer", "white": "human"}
    assert "Du bist am Zug" in page.inner_text("#status")
    play(page, squares(page, "[data-legal]")[0])
    assert view(page)["ply"] == 3
    # undo takes back the computer's reply and the human's move together
    page.click("#undo")
    wait_ply(page, "=== 1")
    wait_idle(page)
    assert page.is_disabled("#undo")


@needs_ai
def test_not_your_turn_while_the_computer_thinks(page: Any, server: Any) -> None:
    # out of the opening book after d3 (tests/ai/test_book.py), so Schwer thinks its
    # full time instead of answering from the book at once
    page.goto(server.url + "/allein")
    wait_idle(page, BOOT_TIMEOUT_MS)
    page.check("input[name=level][value=schwer]")  # the level the next game starts with
    page.goto(server.url + "/allein?zuege=f5f4e3f6")
    wait_idle(page, BOOT_TIMEOUT_MS)
    page.wait_for_selector("#game[data-level=schwer][data-ply='4']", state="attached")
    wait_idle(page)
    tap(page, "d3")
    page.wait_for_selector("#game[data-state=thinking]", state="attached")
    tap(page, "c5")
    page.wait_for_function("document.querySelector('#notice').textContent.includes('nicht am Zug')")
    wait_idle(page)
    assert view(page)["ply"] == 6


def test_a_hanging_engine_ends_in_a_german_error(browser: Any, server: Any) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        page.add_init_script("window.REVERSI_BOOT_TIMEOUT_MS = 1500")
        page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
        page.goto(server.url + "/zu-zweit")
        page.wait_for_selector("#game[data-state=error]", state="attached", timeout=30_000)
        assert page.get_attribute("#error", "role") == "alert"
        assert "nicht rechtzeitig gestartet" in page.inner_text("#error")
        assert page.is_disabled("#new-game")
    finally:
        context.close()
