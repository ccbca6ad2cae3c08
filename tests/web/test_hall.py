"""The hall in the browser: two players finish a duel and each sees the new points,
level and leaderboard place; computer games played offline reach the server later,
exactly once; settings follow the player to another device.

The duels are played on the table page, as people play them: "zu 2", the invitation
link, a move each, "Aufgeben".
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.helpers import COUNTED_LINE

from .conftest import ARTIFACTS
from .duel_helpers import TIMEOUT_MS, DuelServer, join, open_table, play_one, wait_table
from .helpers import api
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page


def finish_duel(base: str, winner: Any, loser: Any, line: tuple[str, ...] = COUNTED_LINE) -> str:
    """Through the table page: the winner opens with "zu 2", the loser follows the
    link, the moves of ``line`` are played (by default five each: the game counts in
    the hall), and the loser resigns."""
    code = open_table(winner, base)
    join(loser, base, code)
    pages = [winner, loser]
    for page in pages:
        wait_table(page, "t.status === 'playing'")
    for square in line:
        play_one(pages, square)
    loser.click("#resign")
    loser.click("#confirm-yes")
    for page in pages:
        wait_table(page, "t.status === 'finished'")
    return code


def name(page: Any, base: str, nickname: str) -> None:
    """A new player with a name (the leaderboard page makes no player by itself)."""
    page.goto(base + "/rangliste")
    page.wait_for_selector("#board-you, #board-empty", timeout=TIMEOUT_MS)
    assert api(page, "POST", "/api/me", {"nickname": nickname})["status"] == 200


def board_rows(page: Any) -> list[list[str]]:
    page.wait_for_selector("#board-table tbody tr", timeout=TIMEOUT_MS)
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        "#board-table tbody tr:not(.gap)",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))",
    )


def test_two_players_finish_a_duel_and_see_points_level_and_place(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    anna, ben, cleo = players(), players(), players()
    for page, nickname in ((anna, "Anna"), (ben, "Ben"), (cleo, "Cleo")):
        name(page, base, nickname)
    finish_duel(base, cleo, ben)  # Cleo 10, Ben 1
    finish_duel(base, anna, ben)  # Anna 10, Ben 2
    # Anna's first duel: a notice at the table's end, level 3 (first game, first win)
    notice = anna.wait_for_selector("#milestone-notice", timeout=TIMEOUT_MS)
    assert "Erste Partie gegen einen Menschen" in notice.text_content()
    assert "Stufe ⭐ 3" in notice.text_content()
    finish_duel(base, anna, cleo)  # Anna 20, Cleo 11

    # Anna: first on the week's board; the notice is not shown again
    anna.goto(base + "/rangliste")
    rows = board_rows(anna)
    assert anna.locator("#milestone-notice").count() == 0
    assert [[*r[:2], r[3]] for r in rows] == [
        ["1", "Anna (du)", "20"],
        ["2", "Cleo", "11"],
        ["3", "Ben", "2"],
    ]
    assert rows[0][2].startswith("⭐ 3") and rows[1][2].startswith("⭐ 3")
    assert rows[2][2].startswith("⭐ 2")
    assert anna.get_attribute("#board-table tr.you", "aria-current") == "true"
    assert "Platz 1 mit 20 Punkten" in anna.text_content("#board-you")
    anna.click("#tab-month")
    anna.wait_for_selector("#tab-month[aria-selected=true]")
    assert board_rows(anna)[0][1] == "Anna (du)"
    anna.keyboard.press("ArrowRight")  # the tabs work with the keyboard
    anna.wait_for_selector("#tab-year[aria-selected=true]")
    # the notice is shown once
    anna.goto(base + "/meilensteine")
    anna.wait_for_selector("#milestones li", timeout=TIMEOUT_MS)
    assert anna.locator("#milestone-notice").count() == 0
    assert "Stufe ⭐ 3" in anna.text_content("#my-level")
    done = anna.eval_on_selector_all(
        "#milestones li", "ls => ls.map(l => l.classList.contains('done'))"
    )
    assert done == [True, True, False, False, False]
    assert anna.text_content("[data-milestone=five_wins] .milestone-progress") == "2 von 5"
    assert anna.text_content("#my-points tr[data-period=week] .points") == "20"

    # Ben: third, level 2, one point per loss; his row is his own
    ben.goto(base + "/rangliste")
    rows = board_rows(ben)
    assert rows[2][:2] == ["3", "Ben (du)"] and rows[2][3] == "2"
    assert "Platz 3 mit 2 Punkten" in ben.text_content("#board-you")
    ben.goto(base + "/bilanz")
    ben.wait_for_selector("#duels-table", timeout=TIMEOUT_MS)
    assert "Stufe: ⭐ 2" in ben.text_content("#duels-summary")
    assert "Woche: 2" in ben.text_content("#duels-summary")
    all_duels = ben.eval_on_selector_all("#duels-all td", "tds => tds.map(t => t.textContent)")
    assert all_duels == ["2", "0", "0", "2"]
    opponents = ben.eval_on_selector_all(
        "#duels-table tbody tr:not(.all) th", "ths => ths.map(t => t.textContent)"
    )
    assert sorted(o.split(" ")[0] for o in opponents) == ["Anna", "Cleo"]

    # Cleo: one win, one loss against two people: level 3
    cleo.goto(base + "/meilensteine")
    cleo.wait_for_selector("#milestones li", timeout=TIMEOUT_MS)
    assert "Stufe ⭐ 3" in cleo.text_content("#my-level")
    progress = cleo.text_content("[data-milestone=three_opponents] .milestone-progress")
    assert progress == "2 von 3"


def test_offline_computer_games_are_sent_later_exactly_once(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    page = players()
    page.goto(base + "/bilanz")
    page.wait_for_selector("#bilanz-sync", timeout=TIMEOUT_MS)  # the player is made
    page.context.set_offline(True)
    # two solo games end while offline (as the game page records them)
    page.evaluate("""async () => {
      const app = document.querySelector('link[href$="js/app.js"]').href;
      const store = await import(app.replace("js/app.js", "js/core/store.js"));
      store.saveResult({ mode: "solo", level: "mittel", human: "black", outcome: "win",
                         black: 40, white: 24, winner: "black" });
      store.saveResult({ mode: "solo", level: "schwer", human: "white", outcome: "loss",
                         black: 50, white: 14, winner: "black" });
      window.hallStore = store;
    }""")
    assert page.evaluate("window.hallStore.outbox().length") == 2
    page.context.set_offline(False)
    page.evaluate("dispatchEvent(new Event('online'))")
    page.wait_for_function("window.hallStore.outbox().length === 0", timeout=TIMEOUT_MS)
    # sent again (as if the answer had been lost): acknowledged, stored once
    ids = page.evaluate("window.hallStore.results().map(r => r.id)")
    again = api(
        page,
        "POST",
        "/api/results",
        {
            "results": [
                {"id": ids[0], "level": "mittel", "outcome": "win", "finished_at": 1_764_000_000}
            ]
        },
    )
    assert again["status"] == 200 and again["body"]["new"] == []
    me = api(page, "GET", "/api/me")["body"]
    assert me["record"]["computer"]["games"] == 2 and me["points"]["week"]["points"] == 0
    page.reload()
    page.wait_for_selector("#bilanz-sync", timeout=TIMEOUT_MS)
    assert page.text_content("#bilanz-table tr[data-level=mittel] .wins") == "1"
    assert page.text_content("#bilanz-table tr[data-level=schwer] .losses") == "1"


def test_settings_follow_the_player_to_another_device(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    phone, laptop = players(), players()
    phone.goto(base + "/allein")
    phone.wait_for_selector("#setting-counts", timeout=TIMEOUT_MS)
    phone.check("#setting-counts")
    phone.check("input[name=level][value=schwer]")
    # the end of a game saves them on the server
    phone.evaluate("dispatchEvent(new CustomEvent('reversi:result'))")
    assert phone.evaluate("""async () => {
      for (let i = 0; i < 200; i += 1) {
        const s = await (await fetch("/api/settings")).json();
        const got = s.settings || {};
        if (got.counts === true && got.level === "schwer") return true;
        await new Promise((resolve) => { setTimeout(resolve, 100); });
      }
      return false;
    }""")
    transfer = api(phone, "POST", "/api/transfer")
    assert transfer["status"] == 200, transfer
    transfer = transfer["body"]
    laptop.goto(base + "/weiter")
    assert api(laptop, "POST", "/api/transfer/redeem", {"code": transfer["code"]})["status"] == 200
    laptop.goto(base + "/allein")
    laptop.wait_for_selector("#setting-counts", timeout=TIMEOUT_MS)
    assert laptop.is_checked("#setting-counts")
    assert laptop.is_checked("input[name=level][value=schwer]")


def test_a_seven_move_resignation_says_it_does_not_count(
    players: Any, duel_server: DuelServer
) -> None:
    """A 7-move duel ended by resignation gave the winner +10 and a new level.
    Now both see why it gives nothing, and the rule is on the leaderboard page."""
    base = duel_server.url
    winner, loser = players(), players()
    finish_duel(base, winner, loser, COUNTED_LINE[:7])
    for page in (winner, loser):
        box = page.locator("#duel-result")
        expect(box.locator("#result-uncounted")).to_have_text(
            "Diese Partie zählt nicht für Punkte und Meilensteine, weil nicht beide mindestens"
            " 5 Züge gemacht haben. Was zählt?",
            timeout=TIMEOUT_MS,
        )
        expect(box.locator("#result-points")).to_have_count(0)
        expect(box.get_by_text("Das Ergebnis zählt für die Bilanz")).to_have_count(0)
        expect(page.locator("#result-level")).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)  # for a person to look at
    winner.locator("#duel-result").screenshot(path=str(ARTIFACTS / "duel-result-uncounted.png"))
    winner.locator("#duel-result").get_by_role("link", name="Was zählt?").click()
    rule = winner.get_by_role("region", name="Was zählt")
    expect(rule).to_contain_text("mindestens 5 Züge")
    expect(rule).to_contain_text("nur die ersten 3 Partien eines Tages")
    me = api(winner, "GET", "/api/me")["body"]
    assert me["level"] == 1 and me["points"]["week"]["points"] == 0


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_rule_of_what_counts_looks_right(
    browser: Any, duel_server: DuelServer, console: Any, size: str, scheme: str
) -> None:
    with look_page(browser, console, size, scheme) as (page, shot):
        page.goto(duel_server.url + "/rangliste#was-zaehlt")
        rule = page.get_by_role("region", name="Was zählt")
        expect(rule).to_contain_text("mindestens 5 Züge", timeout=TIMEOUT_MS)
        rule.scroll_into_view_if_needed()
        fits_the_screen(page, size)
        assert_accessible(page, "/rangliste")
        shot("leaderboard-counting")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_uncounted_notice_looks_right(
    browser: Any, duel_server: DuelServer, console: Any, size: str, scheme: str
) -> None:
    with (
        look_page(browser, console, size, scheme) as (winner, shot),
        look_page(browser, console, size, scheme) as (loser, _),
    ):
        finish_duel(duel_server.url, winner, loser, COUNTED_LINE[:7])
        box = winner.locator("#duel-result")
        expect(box.locator("#result-uncounted")).to_be_visible(timeout=TIMEOUT_MS)
        box.scroll_into_view_if_needed()
        fits_the_screen(winner, size)
        assert_accessible(winner, "the result box")
        shot("duel-result-uncounted")
