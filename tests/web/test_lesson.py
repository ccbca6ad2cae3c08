"""The lesson /lernen in a real browser, clicked through as a beginner would: every step
refuses a wrong square with a reason and stays, the right answer moves on by itself,
the progress is kept on the device and the lesson can be restarted."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .learn_helpers import board_state, engine_legal, text, wait_boards

STEP_TIMEOUT_MS = 30_000
FOUND = re.compile(r"\bfound\b")


def wait_step(page: Any, step: str) -> None:
    """The lesson shows `step`; its board's dots (when it shows any) are the engine's moves."""
    page.wait_for_selector(
        f"#lesson[data-step='{step}'][data-finished=no][data-loaded=yes]", timeout=STEP_TIMEOUT_MS
    )
    wait_boards(page)
    state = board_state(page.locator("#lesson .liveboard"))
    if step in ("1", "3", "5", "7"):
        page.wait_for_selector("#lesson .sq.show-dot")
        state = board_state(page.locator("#lesson .liveboard"))
        assert sorted(state["dots"]) == sorted(engine_legal(state)) != [], step
    else:
        assert state["dots"] == [], step  # a step without dots: finding the squares is the task


def tap(page: Any, square: str) -> None:
    page.click(f"#lesson .liveboard [data-square={square}]")


def refused(page: Any, square: str, *parts: str, step: str) -> None:
    """A tap on `square` is answered with every text of `parts` and changes nothing."""
    notice = page.locator("#lesson .lb-notice")
    before = board_state(page.locator("#lesson .liveboard"))["discs"]
    tap(page, square)
    for part in parts:
        expect(notice).to_contain_text(part)
    page.wait_for_timeout(300)
    assert page.locator("#lesson").get_attribute("data-step") == step
    assert board_state(page.locator("#lesson .liveboard"))["discs"] == before


def play_the_game_out(page: Any) -> None:
    """The last step: tap a dotted square until the game against Leicht is over."""
    for _ in range(40):
        page.wait_for_function(
            """() => document.querySelector('#lesson').dataset.finished === 'yes'
            || (document.querySelector('#lesson .liveboard').dataset.state === 'idle'
                && document.querySelectorAll('#lesson .sq.show-dot').length > 0)""",
            timeout=STEP_TIMEOUT_MS,
        )
        if page.locator("#lesson").get_attribute("data-finished") == "yes":
            return
        state = board_state(page.locator("#lesson .liveboard"))
        assert sorted(state["dots"]) == sorted(engine_legal(state))
        page.locator("#lesson .sq.show-dot").first.click()
        page.wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_the_lesson_from_start_to_end(page: Any, server: Any) -> None:
    missing: list[str] = []  # i18n.t() warns about a key de.json lacks
    page.on("console", lambda m: missing.append(m.text) if "missing text" in m.text else None)
    page.goto(server.url + "/lernen")
    wait_step(page, "1")
    expect(page.locator("#lesson-step")).to_have_text(text("lesson.progress", i=1, n=7))
    # 1: d3 – an occupied square, an empty one that encloses nothing, another legal first move
    refused(page, "d4", text("reason.occupied", square="d4"), text("lesson.d3.hint"), step="1")
    expect(page.locator("#lesson .lb-notice a")).to_have_attribute(
        "href", "/regeln#faq-feld-nimmt-nicht"
    )
    refused(page, "a1", text("reason.no_flips", square="a1"), step="1")
    refused(page, "c4", text("lesson.d3.other", square="c4"), step="1")
    tap(page, "d3")
    expect(page.locator("#lesson .lb-notice")).to_have_text(text("lesson.d3.done"))
    wait_step(page, "2")
    # 2: the other three first moves, without dots; found squares are marked, nothing is played
    assert board_state(page.locator("#lesson .liveboard"))["dots"] == []
    refused(page, "e3", text("reason.no_flips", square="e3"), text("lesson.find.hint"), step="2")
    refused(page, "d3", text("lesson.find.d3"), step="2")
    for square in ("c4", "f5"):
        tap(page, square)
        expect(page.locator(f"#lesson [data-square={square}]")).to_have_class(FOUND)
    refused(page, "c4", text("lesson.find.again", square="c4"), step="2")
    assert "gefunden" in page.locator("#lesson [data-square=f5]").get_attribute("aria-label")
    tap(page, "e6")
    wait_step(page, "3")
    # 3: several lines at once
    refused(page, "b3", text("lesson.lines.one", square="b3"), step="3")
    refused(page, "h8", text("reason.no_flips", square="h8"), step="3")
    tap(page, "c5")
    wait_step(page, "4")
    # 4: a gap does not close a line
    refused(page, "b6", text("reason.no_flips", square="b6"), text("lesson.gap.b6"), step="4")
    refused(page, "b5", text("lesson.gap.hint"), step="4")
    tap(page, "b4")
    wait_step(page, "5")
    # 5: the pass – a legal move that lets Perlmutt move is refused, h3 makes Perlmutt pass
    refused(page, "e2", text("lesson.pass.nopass", square="e2"), step="5")
    tap(page, "h3")
    expect(page.locator("#lesson .lb-notice")).to_contain_text(
        text("notice.pass", color="Perlmutt", other="Ebenholz")
    )
    expect(page.locator("#lesson-task")).to_have_text(text("lesson.pass.task2"))
    wait_boards(page)
    refused(page, "a1", text("reason.no_flips", square="a1"), text("lesson.pass.again"), step="5")
    page.locator("#lesson .sq.show-dot").first.click()
    wait_step(page, "6")
    # 6: count a finished position; the board takes no disc, a wrong answer is explained
    refused(page, "a8", text("reason.game_over"), text("lesson.count.hint"), step="6")
    page.click("[data-choice=white]")
    expect(page.locator("#lesson .lb-notice")).to_contain_text(
        text("lesson.count.wrong", choice="Perlmutt gewinnt")
    )
    assert page.locator("#lesson").get_attribute("data-step") == "6"
    page.click("[data-choice=black]")
    expect(page.locator("#lesson .lb-notice")).to_have_text(
        text("lesson.count.done", black=27, white=1, empty=36)
    )
    wait_step(page, "7")
    # 7: a short endgame against Leicht, with the dots on and the game's reasons
    page.wait_for_selector("#lesson .sq.show-dot")
    refused(page, "d4", text("reason.occupied", square="d4"), step="7")
    play_the_game_out(page)
    page.wait_for_selector("#lesson[data-step=done]", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#lesson-step")).to_have_text(text("lesson.progress.done", n=7))
    assert page.locator(".lesson-done a[href='/regeln']").count() == 1
    assert missing == []


def test_progress_is_kept_on_the_device_and_the_lesson_restarts(page: Any, server: Any) -> None:
    page.goto(server.url + "/lernen")
    wait_step(page, "1")
    tap(page, "d3")
    wait_step(page, "2")
    page.reload()
    wait_step(page, "2")
    expect(page.locator("#lesson-step")).to_have_text(text("lesson.progress", i=2, n=7))
    page.click("#lesson-restart")
    wait_step(page, "1")
    # a restart right after a finished step is not overtaken by that step's "go on"
    tap(page, "d3")
    page.wait_for_selector("#lesson[data-finished=yes]")
    page.click("#lesson-restart")
    page.wait_for_timeout(2500)
    wait_step(page, "1")
    page.reload()
    wait_step(page, "1")
    state = board_state(page.locator("#lesson .liveboard"))
    assert sorted(state["dots"]) == ["c4", "d3", "e6", "f5"]


def test_the_keyboard_plays_the_lesson(page: Any, server: Any) -> None:
    page.goto(server.url + "/lernen")
    wait_step(page, "1")
    page.keyboard.press("d")
    page.keyboard.press("3")  # typing a square's name plays it, as on the game board
    wait_step(page, "2")
    page.focus("#lesson [data-square=d3]")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")  # c4
    page.keyboard.press("Enter")
    expect(page.locator("#lesson [data-square=c4]")).to_have_class(FOUND)
