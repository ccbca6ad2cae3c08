"""Duels against the clock, and the call-back's browser notification, in real Chromium.

The clock tests run on their own server with a move time of a few seconds (the server
enforces it; the page only shows it), so that a timeout and an abort for a missing
first move happen within the test. The tests wait for conditions on the page, never for
fixed times, and assert no durations.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    at_a_table,
    mover,
    open_table,
    play_one,
    seat_of,
    seat_two,
    table,
    wait_hall_open,
    wait_ready,
    wait_recorded,
    wait_table,
)

SHOTS = Path(os.environ.get("DUEL_SHOTS", str(ARTIFACTS)))

#: the move time (s) and the latency grace of the clock tests' server; the first moves
#: have no more time than the others there
MOVE_TIME = 4
GRACE = 1.0
MOVE_TIMES = (MOVE_TIME, 15, 30, 60, 120, 300)
QUICK = {
    "move_times": MOVE_TIMES,
    "default_move_time": MOVE_TIME,
    "first_move_time": float(MOVE_TIME),
    "grace": GRACE,
}

DE = json.loads((Path(__file__).parents[2] / "reversi/web/static/de.json").read_text())


def german(key: str, **params: object) -> str:
    """The page's text for ``key``, as i18n.js's ``t`` fills it in."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), DE[key])


# Wraps window.Notification before the page's scripts run: every notification made is
# recorded (title, body, tag and the object itself); `permission` is the real one;
# `requestPermission` is the real one, or (ANSWER not null) a stub that records the
# call and answers ANSWER.
NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  if (!Real) return;
  const made = (window.__notifications = []);
  const asked = (window.__permissionRequests = []);
  const answer = ANSWER;
  function Recorded(title, options = {}) {
    const record = { title, body: options.body, tag: options.tag, note: null };
    made.push(record);
    record.note = new Real(title, options);
    return record.note;
  }
  Recorded.prototype = Real.prototype;
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  Recorded.requestPermission = answer === null ? Real.requestPermission.bind(Real)
    : (...args) => { asked.push(args.length); return Promise.resolve(answer); };
  window.Notification = Recorded;
})();
"""

# Records every text the two clocks show (#clock-0, #clock-1), in order, from now on.
CLOCK_RECORDER = """
() => {
  const seen = (window.__clocks = [[], []]);
  const read = () => {
    for (const seat of [0, 1]) {
      const text = document.getElementById(`clock-${seat}`)?.textContent ?? null;
      const log = seen[seat];
      if (log[log.length - 1] !== text) log.push(text);
    }
  };
  read();
  // every change to the seats (a redraw, a tick, a class): how each clock looked then
  const drawn = (window.__clocksDrawn = []);
  new MutationObserver(() => {
    for (const clock of document.querySelectorAll("#seats .clock")) {
      drawn.push({ id: clock.id, text: clock.textContent, low: clock.classList.contains("low") });
    }
    read();
}).observe(document.getElementById("seats"),
    { childList: true, subtree: true, characterData: true });
}
"""

COUNTED_DOWN = """
(seat) => {
  const secs = window.__clocks[seat].filter(Boolean).map((text) => {
    const [m, s] = text.split(":");
    return Number(m) * 60 + Number(s);
  });
  return secs.length >= 2 && secs[secs.length - 1] < secs[0];
}
"""


def start_server(data_dir: Path, **settings: object) -> Iterator[DuelServer]:
    server = DuelServer(data_dir, settings=settings).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def quick_server(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """Move time MOVE_TIME seconds, for everyone's first move too."""
    yield from start_server(tmp_path_factory.mktemp("duels-quick"), **QUICK)


@pytest.fixture(scope="module")
def duel_server(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """The usual move times: nothing runs out while the call-back is tested."""
    yield from start_server(tmp_path_factory.mktemp("duels-time"))


def seconds(text: str) -> int:
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def test_running_out_of_time_loses(quick_server: DuelServer, players: Any, console: Any) -> None:
    pages = at_a_table(players, quick_server.url)
    assert table(pages[0])["rules"]["move_time"] == MOVE_TIME
    # both move once: a real game, no longer one that is aborted
    play_one(pages)
    play_one(pages)
    loser = mover(pages)
    winner = pages[1] if loser is pages[0] else pages[0]
    seat = seat_of(loser)
    for page in pages:
        wait_table(page, f"t.ply === 2 && t.toMove === {seat} && !t.firstMoves")
        page.evaluate(CLOCK_RECORDER)

    # the side to move does nothing; both pages see its clock count down (shown as low),
    # the other clock stands
    for page in pages:
        page.wait_for_function(COUNTED_DOWN, arg=seat, timeout=TIMEOUT_MS)
        page.wait_for_selector(f"#clock-{seat}.low", timeout=TIMEOUT_MS)
        assert page.inner_text(f"#clock-{1 - seat}") == f"0:{MOVE_TIME:02d}"
    # a chat line redraws the seats: the running clock stays marked low, no flicker
    winner.fill("#chat-input", "Die Zeit läuft!")
    winner.press("#chat-input", "Enter")
    for page in pages:
        page.wait_for_function("document.querySelectorAll('#chat-log li').length === 1")
        drawn = page.evaluate("window.__clocksDrawn")
        running = [clock for clock in drawn if clock["id"] == f"clock-{seat}" and clock["text"]]
        assert running and all(clock["low"] for clock in running), drawn

    # the server ends the game: lost on time
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        wait_recorded(page)
    end = table(loser)["end"]
    assert table(winner)["end"] == end
    assert end["reason"] == "timeout"
    assert end["winner_seat"] == 1 - seat
    assert table(loser)["game"]["ply"] == 2

    # each page's clock ran down to 0:00 and stood there until the end (the grace);
    # then the clocks are cleared
    for page in pages:
        shown = page.evaluate(f"window.__clocks[{seat}]")
        assert shown[-1] == "", shown
        readings = [seconds(text) for text in shown[:-1]]
        assert readings[0] <= MOVE_TIME and readings[-1] == 0, shown
        assert readings == sorted(readings, reverse=True), shown
        assert page.inner_text("#duel-result-heading") == german("result.heading")

    score = {"black": end["black"], "white": end["white"]}
    # a loss on time: the discs are the standing when it ended, not a score
    standing = german("end.standing", **score)
    assert loser.inner_text("#result-text") == (
        f"{german('end.you.loss.early')} {german('end.why.timeout.you')} {standing}"
    )
    loser_name = table(winner)["seats"][seat]["name"]
    assert winner.inner_text("#result-text") == (
        f"{german('end.you.win.early')} {german('end.why.timeout', name=loser_name)} {standing}"
    )
    assert not loser.is_visible("#resign") and not loser.is_visible("#abort")
    SHOTS.mkdir(parents=True, exist_ok=True)
    loser.screenshot(path=str(SHOTS / "duel-timeout-end.png"), full_page=True)
    assert console.errors == []


def test_a_game_without_a_first_move_is_aborted(
    quick_server: DuelServer, players: Any, console: Any
) -> None:
    pages = at_a_table(players, quick_server.url)
    for page in pages:
        assert table(page)["clock"]["first_moves"] is True
        assert page.is_visible("#abort")
    # nobody moves
    for page in pages:
        wait_table(page, "t.status === 'aborted'")
        page.wait_for_selector("#duel-result:not([hidden])", timeout=TIMEOUT_MS)
    end = table(pages[0])["end"]
    assert table(pages[1])["end"] == end
    assert end["reason"] == "no_first_move"
    assert end["winner_seat"] is None
    for page in pages:
        assert table(page)["game"]["ply"] == 0
        assert page.inner_text("#duel-result-heading") == german("end.heading.aborted")
        assert page.inner_text("#result-text") == german("end.no_first_move")
        assert not page.is_visible("#abort")
    assert console.errors == []


def test_a_callback_makes_a_browser_notification(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    # B allowed notifications for the hall
    b.context.grant_permissions(["notifications"], origin=base)
    b.context.add_init_script(NOTIFICATIONS.replace("ANSWER", "null"))
    code = seat_two(a, b, base)
    # allowed already: the table page asks no more
    assert b.evaluate("Notification.permission") == "granted"
    assert b.locator("#notify").count() == 0

    # B leaves for the start page; A calls B back
    b.goto(base + "/")
    wait_hall_open(b)
    a.wait_for_selector("#seat-1 .presence.off", timeout=TIMEOUT_MS)
    a.click("#callback")
    b.wait_for_selector("#callback-notice", timeout=TIMEOUT_MS)
    b.wait_for_function("window.__notifications.length > 0", timeout=TIMEOUT_MS)
    made = b.evaluate("window.__notifications.map(({title, body, tag}) => ({title, body, tag}))")
    a_name = table(a)["seats"][0]["name"]
    assert made == [
        {
            "title": german("hall.title"),
            "body": german("callback.notice", name=a_name),
            "tag": f"callback-{code}",
        }
    ]
    assert b.inner_text("#callback-notice span") == german("callback.notice", name=a_name)

    # a click on the notification leads to the table
    b.evaluate(
        "setTimeout(() => window.__notifications[0].note.dispatchEvent(new Event('click')), 0)"
    )
    b.wait_for_url(f"**/tisch/{code}", timeout=TIMEOUT_MS)
    wait_ready(b)
    a.wait_for_selector("#seat-1 .presence.on", timeout=TIMEOUT_MS)
    assert console.errors == []


@pytest.mark.parametrize("answer", ["granted", "denied"])
def test_the_table_page_asks_for_notifications(
    duel_server: DuelServer, players: Any, console: Any, answer: str
) -> None:
    page = players()
    page.context.add_init_script(NOTIFICATIONS.replace("ANSWER", json.dumps(answer)))
    open_table(page, duel_server.url)
    # not asked yet ("default"): the player panel offers to ask
    assert page.evaluate("Notification.permission") == "default"
    assert page.inner_text("#notify") == german("notify.ask")
    assert page.evaluate("window.__permissionRequests.length") == 0
    page.click("#notify")
    page.wait_for_selector("#notify", state="detached", timeout=TIMEOUT_MS)
    assert page.evaluate("window.__permissionRequests.length") == 1
    assert page.inner_text("#duel-notice") == german(f"notify.{answer}")
    assert page.evaluate("window.__notifications.length") == 0
    assert console.errors == []


def test_the_opener_chooses_among_the_servers_move_times(
    quick_server: DuelServer, players: Any, console: Any
) -> None:
    a = players()
    open_table(a, quick_server.url)
    choices = a.eval_on_selector_all(
        "input[name=move_time]", "inputs => inputs.map(i => [Number(i.value), i.checked])"
    )
    assert choices == [[s, s == MOVE_TIME] for s in MOVE_TIMES]
    a.check("input[name=move_time][value='15']")
    wait_table(a, "t.moveTime === 15")
    assert a.is_checked("input[name=move_time][value='15']")
    assert console.errors == []
