"""/tipps in headless Chromium: every tip on a live board whose dots are the engine's,
and both moves of each tip judged by Schwer's analysis in the worker."""

from __future__ import annotations

import re
from typing import Any

from .study_helpers import assert_dots_are_the_engines, visit, wait_boards

TIP_IDS = ["ecken", "xc", "beweglichkeit", "front", "kanten", "paritaet", "stabil"]
#: what a verdict line says: "+22 Steine für Ebenholz", "−1 Stein für …" or "ausgeglichen"
SCORE = re.compile(r"([+−])(\d+) Steine? für (Ebenholz|Perlmutt)|ausgeglichen")


def score(text: str) -> int:
    found = SCORE.search(text)
    assert found, text
    if found.group(0) == "ausgeglichen":
        return 0
    return int(found.group(2)) * (1 if found.group(1) == "+" else -1)


def test_every_tip_has_a_live_board_with_the_engines_dots(page: Any, server: Any) -> None:
    page.goto(server.url + "/tipps")
    assert page.locator("h1").inner_text() == "Reversi-Strategie und Tipps"
    wait_boards(page)
    for tip in TIP_IDS:
        assert page.locator(f"section#{tip} .liveboard").count() >= 1, tip
    assert assert_dots_are_the_engines(page) == 8
    # the table of contents leads to each tip
    page.click("nav.study-toc a[href='#paritaet']")
    page.wait_for_url("**/tipps#paritaet")


def test_both_moves_of_every_tip_are_judged_and_the_good_one_is_better(
    page: Any, server: Any
) -> None:
    visit(page, server.url + "/tipps")
    for figure in page.locator("figure.tip-board").all():
        buttons = figure.locator(".tip-buttons button")
        good, weak = [b.inner_text().split()[0] for b in buttons.all()]
        figure.locator(".tip-buttons button").nth(1).click()  # the weak move, played
        verdict = figure.locator(".tip-verdict")
        verdict.locator(f"li[data-square={weak}]").wait_for(timeout=60_000)
        lines = {
            li.get_attribute("data-square"): li.inner_text() for li in verdict.locator("li").all()
        }
        assert set(lines) == {good, weak}
        assert "Schwacher Zug" in lines[weak] and "Guter Zug" in lines[good]
        assert score(lines[good]) > score(lines[weak]), lines
        # the weak move was played: its square holds a disc now, and the flips are announced
        placed = f".sq[data-square={weak}]:is([data-disc=black], [data-disc=white])"
        figure.locator(placed).wait_for()
        notice = figure.locator(".lb-notice").inner_text()
        assert re.search(rf"setzt {weak}, dreht \d+ Stein", notice)
        # and the reset brings the position back, with the engine's dots
        figure.locator(".lb-reset").click()
        figure.locator(f".sq[data-square={weak}].show-dot").wait_for()
    wait_boards(page)
    assert_dots_are_the_engines(page)


def test_an_illegal_tap_is_refused_with_the_reason(page: Any, server: Any) -> None:
    visit(page, server.url + "/tipps")
    board = page.locator("section#ecken .liveboard")
    board.locator(".sq[data-square=a8]").click()
    notice = board.locator(".lb-notice")
    notice.wait_for(timeout=60_000)
    assert "a8" in notice.inner_text() and "schließt keinen Stein ein" in notice.inner_text()
    assert board.locator(".sq[data-square=a8][data-disc=black]").count() == 0
