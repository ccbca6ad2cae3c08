"""A whole duel ("zu 2") through the table page, in two real Chromium profiles (each its
own cookie): the opener's rules, the invitation link, the draw, the clock, the chat,
a take-back, a dropped socket and the end. The test waits for conditions on the page,
never for fixed times."""

from __future__ import annotations

import re
from typing import Any

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    Sockets,
    discs,
    mover,
    other,
    play_one,
    seat_of,
    sync,
    table,
    wait_ready,
    wait_recorded,
    wait_socket,
    wait_table,
    wait_text,
)

PAYLOADS = ["<script>window.pwned = 1</script>", '<img src=x onerror="window.pwned = 1">']


def clock_seconds(page: Any, seat: int) -> int:
    minutes, seconds = page.inner_text(f"#clock-{seat}").split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_whole_duel_through_the_ui(duel_server: DuelServer, players: Any, console: Any) -> None:
    base = duel_server.url
    a = players()
    a_sockets = Sockets(a)
    # "zu 2" above the board of the two-on-one-device page opens a table at once
    a.goto(base + "/zu-zweit")
    a.click("#zu2")
    a.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(a)
    code = a.url.rsplit("/", 1)[1]

    # waiting: nothing is set up, not even the start cross; the free seat says so
    assert table(a)["status"] == "waiting"
    assert discs(a) == "." * 64
    assert a.is_visible("#board-wait")
    assert a.inner_text("#seat-1 .seat-label") == "🪑 noch frei"
    assert a.inner_text("#table-code") == code
    link = a.inner_text("#table-link")
    assert link == f"{base}/tisch/{code}"
    assert a.locator("#copy-code").is_visible() and a.locator("#copy-link").is_visible()
    # a tap on the empty board says why nothing happens
    a.click("[data-square=a1]", force=True)
    assert "Warte" in a.inner_text("#duel-notice")

    # the opener sets the rules before the start
    a.check("input[name=move_time][value='120']")
    wait_table(a, "t.moveTime === 120")
    a.uncheck("#rule-hints")
    wait_table(a, "t.hints === false")
    a.check("#rule-hints")
    wait_table(a, "t.hints === true")

    # B follows the invitation link and sits down; both see the server's draw
    b = players()
    b_sockets = Sockets(b)
    b.goto(link)
    wait_ready(b)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
        assert page.inner_text("#draw").startswith("🎲 Das Los hat entschieden:")
        assert "spielt Ebenholz und beginnt" in page.inner_text("#draw")
        assert discs(page) == "." * 27 + "WB" + "." * 6 + "BW" + "." * 27
        assert not page.is_visible("#board-wait")
    assert a.inner_text("#draw") == b.inner_text("#draw")
    # the rules are B's to read, not to change
    assert not b.is_visible("#rules-form")
    assert "2 min" in b.inner_text("#rules-text")
    assert {seat_of(a), seat_of(b)} == {0, 1}

    # the clock of the side to move counts down
    first = mover(pages)
    seat = seat_of(first)
    start = clock_seconds(first, seat)
    assert start > 0
    first.wait_for_function(
        f"(() => {{ const [m, s] = document.getElementById('clock-{seat}').textContent.split(':');"
        f" return Number(m) * 60 + Number(s) < {start}; }})()",
        timeout=TIMEOUT_MS,
    )
    assert clock_seconds(other(pages, first), seat) < start + 1

    # chat: HTML and script stay text
    for text in PAYLOADS:
        b.fill("#chat-input", text)
        assert b.inner_text("#chat-count") == f"{len(text)}/200"
        b.press("#chat-input", "Enter")
        lines = PAYLOADS.index(text) + 1
        b.wait_for_function(f"document.querySelectorAll('#chat-log li').length === {lines}")
    for page in pages:
        page.wait_for_function("document.querySelectorAll('#chat-log li').length === 2")
        texts = page.eval_on_selector_all(
            "#chat-log .chat-text", "els => els.map(e => e.textContent)"
        )
        assert texts == PAYLOADS
        assert page.locator("#chat-log img, #chat-log script").count() == 0
        assert page.evaluate("window.pwned") is None

    # a take-back needs the opponent's consent: declined changes nothing, accepted undoes
    black = mover(pages)
    white = other(pages, black)
    square = play_one(pages)
    before = discs(black)
    assert before == discs(white)
    black.click("#takeback")
    white.wait_for_selector("#takeback-decline", timeout=TIMEOUT_MS)
    assert "bittet" in white.inner_text("#takeback-question")
    black.wait_for_selector("#takeback-wait", timeout=TIMEOUT_MS)
    white.click("#takeback-decline")
    for page in pages:
        wait_table(page, "t.takeback === null")
        assert discs(page) == before
    wait_text(black, "duel-notice", "abgelehnt")
    # a new request waits for the next move, and the button says why
    assert black.is_disabled("#takeback")
    assert "nächsten Zug" in black.inner_text("#takeback-why")
    play_one(pages)  # white answers
    black.wait_for_selector("#takeback:not([disabled])", timeout=TIMEOUT_MS)
    assert black.locator("#takeback-why").count() == 0
    black.click("#takeback")
    white.click("#takeback-accept", timeout=TIMEOUT_MS)
    for page in pages:
        wait_table(page, "t.ply === 0 && t.state === 'idle'")
        assert discs(page) == "." * 27 + "WB" + "." * 6 + "BW" + "." * 27
    assert mover(pages) is black
    assert play_one(pages, square) == square

    # the socket of one page drops mid-game: it catches up with nothing lost
    played = 1
    while played < 8:
        play_one(pages)
        played += 1
    watcher = other(pages, mover(pages))
    (a_sockets if watcher is a else b_sockets).drop()
    wait_socket(watcher, "!open")
    play_one([mover(pages)])
    wait_socket(watcher, "open")
    sync(pages)
    assert discs(a) == discs(b)

    # and to the end, by clicking legal squares drawn on the board
    while table(a)["status"] == "playing":
        play_one(pages)
        played += 1
        assert played <= 60
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        wait_recorded(page)
        assert page.is_visible("#rematch")
    ta, tb = table(a), table(b)
    assert ta["end"] == tb["end"]
    assert ta["game"]["squares"] == tb["game"]["squares"]
    assert ta["end"]["reason"] == "game_over"
    end = ta["end"]
    counts = ta["game"]["counts"]
    assert (end["black"], end["white"]) == (counts["black"], counts["white"])
    assert discs(a) == discs(b) == ta["game"]["squares"]
    texts = {a.inner_text("#result-text"), b.inner_text("#result-text")}
    score = f"{end['black']}:{end['white']}"
    assert all(score in text for text in texts)
    if end["winner_seat"] is None:
        assert all(text.startswith("Unentschieden") for text in texts)
    else:
        assert any(text.startswith("Du hast gewonnen") for text in texts)
        assert any(text.startswith("Du hast verloren") for text in texts)
    assert console.errors == []
