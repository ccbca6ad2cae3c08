"""The faults a new player hit, each as the player met it.

Solo games run on the hall's own server; duels on a duel server of their own. Every
test here failed before its fix (see the commit that brought it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .duel_helpers import TIMEOUT_MS, DuelServer, join, open_table, play_one, wait_table
from .helpers import open_game, play, start_solo, view, wait_idle
from .test_browser import needs_ai
from .test_hall import finish_duel

#: Leicht with ?los=8 (its choices among equal moves): the human (Ebenholz) plays these,
#: must pass after the computer's reply to the last one, and the computer's next move
#: ends the game (found with reversi.web.session, the worker's own code).
PASS_THEN_END = [
    "c4",
    "c2",
    "d3",
    "a5",
    "b1",
    "b3",
    "a2",
    "b5",
    "a3",
    "a6",
    "b7",
    "c6",
    "b8",
    "d7",
    "d2",
    "a8",
    "d8",
    "d1",
    "e8",
    "f1",
    "f2",
    "f5",
    "f6",
    "g2",
    "g3",
    "f8",
    "g6",
    "h2",
    "h4",
    "h7",
]


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(
        tmp_path_factory.mktemp("duels"), settings={"default_move_time": 30}
    ).start()
    yield server
    server.stop()


def start_leicht_with_lot_8(page: Any, base: str) -> None:
    """A new game against Leicht, the human begins, the lot is 8 (PASS_THEN_END)."""
    start_solo(page, base, "leicht", "?los=8")


@needs_ai
def test_the_pass_notice_goes_when_the_computer_ends_the_game(page: Any, server: Any) -> None:
    """Fault 3: "… Perlmutt ist wieder am Zug." stayed under "Die Partie ist vorbei."."""
    start_leicht_with_lot_8(page, server.url)
    for square in PASS_THEN_END[:-1]:
        play(page, square)
    page.click(f"[data-square={PASS_THEN_END[-1]}]")
    page.wait_for_selector("#result", timeout=TIMEOUT_MS)
    wait_idle(page)
    assert view(page)["result"] is not None
    assert page.inner_text("#status") == "Die Partie ist vorbei."
    assert "wieder am Zug" not in page.inner_text("#notice")


def test_drehzahl_is_off_and_says_why_while_the_dots_are_off(page: Any, server: Any) -> None:
    """Fault 8: "🔢 Drehzahl zeigen" stayed ticked but showed nothing without the dots."""
    open_game(page, server.url, "/zu-zweit")
    page.check("#setting-counts")
    assert page.locator(".sq.show-count").count() == 4
    page.uncheck("#setting-dots")
    counts = page.locator("#setting-counts")
    assert counts.is_disabled() and not counts.is_checked()
    why = page.get_attribute("#setting-counts", "aria-describedby")
    assert why and "Erlaubte Züge zeigen" in page.inner_text(f"#{why}")
    page.check("#setting-dots")  # back on: the flip counts come back as they were
    assert page.is_checked("#setting-counts") and not counts.is_disabled()
    assert page.locator(".sq.show-count").count() == 4
    assert page.locator("#counts-why").count() == 0


def test_the_text_figure_keeps_each_row_on_one_line(
    browser: Any, server: Any, console: Any
) -> None:
    """Fault 10: the board line wrapped in the middle of a row in the panel."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    page = context.new_page()
    console.attach(page)
    try:
        open_game(page, server.url, "/zu-zweit")
        for square in ("f5", "d6", "c3"):
            play(page, square)
        page.click("#figure summary")
        # whatever width the panel has (phone, desktop side column): rows stay whole
        found = page.evaluate("""() => {
          const pre = document.querySelector('#figure-text');
          const text = pre.textContent;
          const start = text.indexOf('Brett (ab Reihe 1): ') + 'Brett (ab Reihe 1): '.length;
          const broken = [];
          for (let width = 180; width <= 420; width += 7) {
            pre.style.width = `${width}px`;
            // …and nothing runs out of the panel either: the line breaks between rows
            if (pre.scrollWidth > pre.clientWidth + 1) broken.push(`${width}px: too wide`);
            const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
            let offset = 0;
            while (walker.nextNode()) {
              const node = walker.currentNode;
              for (let i = 0; i < node.textContent.length; i += 1) {
                const at = offset + i;
                if (at < start || (at - start) % 9 !== 0) continue;
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, Math.min(node.textContent.length, i + 8));
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (tops.size > 1) broken.push(`${width}px: ${range.toString()}`);
              }
              offset += node.textContent.length;
            }
          }
          pre.style.width = '';
          return {broken, rows: text.slice(start).split('/').length};
        }""")
        assert found["rows"] == 8
        assert found["broken"] == []
        assert "Brett (ab Reihe 1): " in page.inner_text("#figure-text")
    finally:
        context.close()


@needs_ai
def test_whose_turn_changes_as_the_own_move_is_drawn(moving_page: Any, server: Any) -> None:
    """Fault 11: "Du bist am Zug" stayed on for ~0.3 s during the own move's animation."""
    page = moving_page
    page.goto(server.url + "/allein")
    wait_idle(page, 60_000)
    assert page.is_checked("#setting-motion")
    page.evaluate("""() => {
      window.__seen = [];
      const status = document.querySelector('#status');
      new MutationObserver(() => {
        window.__seen.push([document.querySelector('#game').dataset.state, status.textContent]);
      }).observe(document.querySelector('#game'), {subtree: true, childList: true,
                                                  characterData: true, attributes: true});
    }""")
    play(page, "d3")
    seen = page.evaluate("window.__seen")
    animating = [text for state, text in seen if state == "animating"]
    assert animating, seen
    assert not any("Du bist am Zug" in text for text in animating[:3]), seen


@needs_ai
def test_the_solo_result_box_shows_the_counts_and_what_next(page: Any, server: Any) -> None:
    """Fault 13 (solo): the result box was bare."""
    start_leicht_with_lot_8(page, server.url)
    for square in PASS_THEN_END:
        play(page, square)
    page.wait_for_selector("#result")
    v = view(page)
    assert (
        page.get_attribute("#result-bar", "aria-label")
        == f"Steine: Ebenholz {v['result']['black']}, Perlmutt {v['result']['white']}"
    )
    assert page.is_visible("#result-new")
    assert page.get_attribute("#result a[href='/bilanz']", "href") == "/bilanz"


def test_after_a_duel_the_box_the_seats_and_the_bilanz_agree(
    duels: DuelServer, players: Any
) -> None:
    """Faults 4, 5 and 13 (duel): the Bilanz said "Noch keine Partie beendet." next to
    finished duels, the seats kept the old level, and the result box was bare."""
    base = duels.url
    winner, loser = players(), players()
    finish_duel(base, winner, loser)
    for page, points, level in ((winner, "+10 Punkte", "⭐ 3"), (loser, "+1 Punkt", "⭐ 2")):
        page.wait_for_selector("#result-points", timeout=TIMEOUT_MS)
        assert page.inner_text("#result-points").startswith(points)
        assert f"Neue Stufe: {level}" in page.inner_text("#result-points")
        assert page.is_visible("#result-bar")
        mine = page.get_attribute("#duel", "data-seat")
        page.wait_for_function(
            f"document.querySelector('#seat-{mine} .level')?.textContent === '{level}'",
            timeout=TIMEOUT_MS,
        )
        other = 1 - int(str(mine))
        assert page.inner_text(f"#seat-{other} .level") == ("⭐ 2" if page is winner else "⭐ 3")
    winner.goto(base + "/bilanz")
    winner.wait_for_selector("#duels-summary", timeout=TIMEOUT_MS)
    assert winner.locator("#recent-none").count() == 0
    recent = winner.inner_text("#recent")
    assert "Duell gegen" in recent and "gewonnen" in recent and "+10" in recent


def test_the_first_moves_longer_time_is_explained_at_the_clock(
    duels: DuelServer, players: Any
) -> None:
    """Fault 6: a 30 s table showed 1:00 for the first move without saying why."""
    base = duels.url
    a, b = players(), players()
    code = open_table(a, base)
    join(b, base, code)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
        assert page.get_attribute("#duel", "data-move-time") == "30"
        note = page.locator(".clock-note")
        assert note.count() == 1 and note.inner_text() == "erster Zug: 1:00"
    play_one(pages)
    play_one(pages)
    for page in pages:
        wait_table(page, "t.ply === 2 && !t.firstMoves")
        assert page.locator(".clock-note").count() == 0
