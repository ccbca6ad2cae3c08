"""Duels ("zu 2") through the browser: two (or three) real Chromium profiles at one table.

Every player is a fresh browser context with its own cookie. The tests wait for
conditions on the page, never for fixed times.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    Sockets,
    at_a_table,
    join,
    mover,
    open_table,
    play_one,
    seat_of,
    shown,
    sync,
    table,
    wait_hall_open,
    wait_ready,
    wait_socket,
    wait_table,
    wait_text,
)

PAYLOADS = ["<script>window.pwned = 1</script>", '<img src=x onerror="window.pwned = 1">']


@pytest.fixture(scope="module")
def duel_server(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


def other(pages: list[Any], page: Any) -> Any:
    return pages[1] if page is pages[0] else pages[0]


def clock_seconds(page: Any, seat: int) -> int:
    minutes, seconds = page.inner_text(f"#clock-{seat}").split(":")
    return int(minutes) * 60 + int(seconds)


def discs(page: Any) -> str:
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        ".sq", "els => els.map(e => ({black: 'B', white: 'W'})[e.dataset.disc] || '.').join('')"
    )


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
        page.wait_for_selector("#duel-result:not([hidden])")
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


def test_typed_code_abort_rematch_and_resign(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    code = open_table(a, base)
    # B types the code as people do: lower case, a dash, spaces
    b.goto(base + "/")
    b.fill("#join-code", f" {code[:3].lower()}-{code[3:].lower()} ")
    b.click("#join-go")
    b.wait_for_url(f"**/tisch/{code}", timeout=TIMEOUT_MS)
    wait_ready(b)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
        # before both moved: abort, no resign
        assert page.is_visible("#abort") and not page.is_visible("#resign")
    b.click("#abort")
    for page in pages:
        wait_table(page, "t.status === 'aborted'")
        page.wait_for_selector("#duel-result:not([hidden])")
    assert "abgebrochen" in a.inner_text("#result-text")
    assert b.inner_text("#result-text").startswith("Du hast die Partie abgebrochen")
    for page in pages:
        # an aborted game is simply over: no rematch, no "null" anywhere in the box
        assert "null" not in page.inner_text("#duel-result")
        assert page.locator("#rematch").count() == 0
        assert page.is_visible("#back-hall")

    # a second table: both move (the first by typing its square on the keyboard), then
    # one resigns (after a confirmation that can be taken back)
    code = open_table(a, base)
    join(b, base, code)
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
    keys = mover(pages)
    keys.wait_for_selector("#duel[data-state=idle][data-mine='1']", state="attached")
    square = keys.eval_on_selector("[data-legal]", "e => e.dataset.square")
    version = shown(keys)["version"]
    keys.keyboard.type(square)
    for page in pages:
        wait_table(page, f"t.version > {version} && t.ply === 1")
    assert table(a)["game"]["last"]["square"] == square
    play_one(pages)
    loser = mover(pages)
    winner = other(pages, loser)
    assert not loser.is_visible("#abort")
    loser.click("#resign")
    loser.click("#confirm-no")
    assert table(loser)["status"] == "playing"
    loser.click("#resign")
    assert "Wirklich aufgeben" in loser.inner_text("#confirm-text")
    loser.click("#confirm-yes")
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        page.wait_for_selector("#duel-result:not([hidden])")
    assert table(a)["end"]["reason"] == "resign"
    assert loser.inner_text("#result-text").startswith("Du hast verloren")
    assert "Du hast aufgegeben." in loser.inner_text("#result-text")
    assert winner.inner_text("#result-text").startswith("Du hast gewonnen")
    assert "hat aufgegeben" in winner.inner_text("#result-text")
    colors = {seat_of(p): table(p)["seats"][seat_of(p)]["color"] for p in pages}

    # a rematch offer can be declined
    winner.click("#rematch")
    loser.click("#rematch-decline", timeout=TIMEOUT_MS)
    wait_text(winner, "duel-notice", "abgelehnt")

    # Revanche: offered, accepted, followed to the new table with colours swapped
    a.click("#rematch")
    b.wait_for_selector("#rematch-question", timeout=TIMEOUT_MS)
    a.wait_for_selector("#rematch-wait", timeout=TIMEOUT_MS)
    b.click("#rematch")
    for page in pages:
        page.wait_for_function(f"!location.pathname.endsWith('{code}')", timeout=TIMEOUT_MS)
        wait_ready(page)
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
    assert a.url == b.url
    assert table(a)["rematch_of"] == code
    for page in pages:
        seat = seat_of(page)
        assert table(page)["seats"][seat]["color"] != colors[seat]
        # swapped, not drawn: the line above the board says so
        assert page.inner_text("#draw").startswith("🔁 Revanche mit getauschten Farben:")
        assert "Los" not in page.inner_text("#draw")
    assert console.errors == []


def test_onlooker_presence_and_callback(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a, b, c = players(), players(), players()
    code = open_table(a, base)
    join(b, base, code)
    wait_table(a, "t.status === 'playing'")
    # the opponent is here: no call-back needed
    a.wait_for_selector("#seat-0 .presence.on", timeout=TIMEOUT_MS)
    a.wait_for_selector("#seat-1 .presence.on", timeout=TIMEOUT_MS)
    assert a.is_disabled("#callback")

    # a third person on the full table only watches
    join(c, base, code)
    wait_table(c, "t.status === 'playing'")
    assert seat_of_or_none(c) is None
    assert c.is_visible("#onlooker")
    assert not c.is_visible("#chat-form") and not c.is_visible("#abort")
    assert discs(c) == discs(a)
    assert c.locator("[data-legal]").count() == 0
    c.click("[data-square=d3]")
    assert "zu" in c.inner_text("#duel-notice")
    play_one([a, b])
    wait_table(c, f"t.version === {shown(a)['version']}")
    assert discs(c) == discs(a)

    # A mutes B: B's lines no longer reach A, until A shows them again
    a.click("#mute")
    wait_table(a, "t.muted === true")
    assert "wieder zeigen" in a.inner_text("#mute")
    chat_line(b, "Hörst du mich?")
    wait_table(a, f"t.version >= {shown(b)['version']}")
    assert a.locator("#chat-log li").count() == 0
    a.click("#mute")
    wait_table(a, "t.muted === false")
    chat_line(b, "Jetzt?")
    a.wait_for_function("document.querySelectorAll('#chat-log li').length === 1")
    assert a.inner_text("#chat-log .chat-text") == "Jetzt?"
    # too many lines at once: the server's German refusal is shown, the text kept
    for n in range(8):
        b.fill("#chat-input", f"Zeile {n}")
        b.press("#chat-input", "Enter")
        if b.inner_text("#chat-error"):
            break
    wait_text(b, "chat-error", "zu viele Nachrichten")
    assert b.input_value("#chat-input").startswith("Zeile")

    # B leaves for the start page; A calls B back, and B's page shows it
    b.goto(base + "/")
    wait_hall_open(b)
    a.wait_for_selector("#seat-1 .presence.off", timeout=TIMEOUT_MS)
    assert "nicht da" in a.inner_text("#seat-1")
    a.click("#callback")
    b.wait_for_selector("#callback-notice", timeout=TIMEOUT_MS)
    assert "ruft dich an den Tisch zurück" in b.inner_text("#callback-notice")
    assert b.get_attribute("#callback-go", "href") == f"/tisch/{code}"
    b.click("#callback-go")
    wait_ready(b)
    a.wait_for_selector("#seat-1 .presence.on", timeout=TIMEOUT_MS)
    assert console.errors == []


def chat_line(page: Any, text: str) -> None:
    """Send a line and wait until the sender's own log shows it."""
    count = page.locator("#chat-log li").count()
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")
    page.wait_for_function(f"document.querySelectorAll('#chat-log li').length > {count}")


def test_without_the_server_the_table_page_says_so(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    page = players()
    page.route("**/api/**", lambda route: route.abort("connectionrefused"))
    page.goto(duel_server.url + "/tisch/ACDEFH")
    page.wait_for_selector("#error", timeout=TIMEOUT_MS)
    assert "braucht das Netz" in page.inner_text("#error")
    assert page.get_attribute("#duel-status a", "href") == "/allein"
    assert [e for e in console.errors if "Failed to load resource" not in e] == []


def seat_of_or_none(page: Any) -> int | None:
    return shown(page)["seat"]  # type: ignore[no-any-return]


def test_a_move_made_while_the_server_is_down_is_sent_after_the_restart(
    built: None, tmp_path: Path, players: Any, console: Any
) -> None:
    server = DuelServer(tmp_path).start()
    try:
        pages = at_a_table(players, server.url)
        a, b = pages
        play_one(pages)
        play_one(pages)
        m = mover(pages)
        square = m.eval_on_selector("[data-legal]", "e => e.dataset.square")
        server.kill()
        for page in pages:
            wait_socket(page, "!open")
            page.wait_for_selector("#conn:not([hidden])", timeout=TIMEOUT_MS)
        m.click(f"[data-square={square}]")
        wait_text(m, "conn", "sobald die Verbindung")
        assert "wird gesendet" in m.inner_text("#duel-status")
        server.start()
        for page in pages:
            wait_socket(page, "open", timeout=30_000)
            wait_table(page, "t.ply === 3 && t.state === 'idle'", timeout=30_000)
            page.wait_for_selector("#conn", state="hidden", timeout=TIMEOUT_MS)
        assert table(a)["game"]["moves"] == table(b)["game"]["moves"]
        assert table(a)["game"]["moves"][-1]["square"] == square
        assert discs(a) == discs(b)
        play_one(pages)  # and the game goes on
    finally:
        server.stop()
    # the refused connections while the server was down are the only errors
    assert [e for e in console.errors if "WebSocket" not in e and "Failed to load" not in e] == []


def test_nickname_and_moving_to_another_device(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a = players()
    code = open_table(a, base)
    a.fill("#nick-input", "<b>")
    a.click("#nick-save")
    wait_text(a, "nick-msg", "Ein Name")
    assert a.get_attribute("#nick-input", "aria-invalid") == "true"
    a.fill("#nick-input", "Anna Lena")
    a.click("#nick-save")
    a.wait_for_function(
        "document.getElementById('nick-current').textContent === 'Anna Lena'", timeout=TIMEOUT_MS
    )
    assert "Anna Lena" in a.inner_text("#nick-msg")

    # "Auf anderem Gerät weiterspielen": a one-time link and code, 10 minutes
    a.click("#transfer-start")
    a.wait_for_selector("#transfer-link", timeout=TIMEOUT_MS)
    link = a.inner_text("#transfer-link")
    assert re.fullmatch(re.escape(base) + r"/weiter#[\w-]+", link)
    assert re.fullmatch(r"[A-Z0-9]{8}", a.inner_text("#transfer-code"))
    assert "10 Minuten" in a.inner_text("#transfer-expiry")
    # the transfer code is a secret: the chat refuses it
    a.fill("#chat-input", f"Mein Code: {a.inner_text('#transfer-code')}")
    a.press("#chat-input", "Enter")
    wait_text(a, "chat-error", "geheim")
    assert a.locator("#chat-log li").count() == 0
    other_device = players()
    other_device.goto(link)
    wait_text(other_device, "redeem-status", "Anna Lena")
    assert "#" not in other_device.url  # the token does not stay in the address bar
    # the old device is told, and plays no more
    a.wait_for_selector("#moved-notice", timeout=TIMEOUT_MS)
    assert "anderen Gerät" in a.inner_text("#moved-notice")
    # the new device continues at the table
    other_device.click(f"#redeem-tables a[href='/tisch/{code}']")
    wait_ready(other_device)
    assert seat_of(other_device) == 0
    assert other_device.is_visible("#rules-form")

    # and by the code field, moving on to a third device
    other_device.click("#transfer-start")
    other_device.wait_for_selector("#transfer-code", timeout=TIMEOUT_MS)
    transfer_code = other_device.inner_text("#transfer-code")
    third = players()
    third.goto(base + "/weiter")
    third.fill("#redeem-code", f"{transfer_code[:4].lower()} {transfer_code[4:].lower()}")
    third.click("#redeem-go")
    wait_text(third, "redeem-status", "Anna Lena")
    other_device.wait_for_selector("#moved-notice", timeout=TIMEOUT_MS)
    # a refused nickname is a 400: the browser logs the failed request, nothing else
    assert [e for e in console.errors if "Failed to load resource" not in e] == []


def test_the_own_resume_link_moves_the_player(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    """The seat link is a transfer (issue 13, fault 1): the phone continues as the same
    player, under the same name; the old page says it moved and stops playing."""
    base = duel_server.url
    a, b = players(), players()
    code = open_table(a, base)
    join(b, base, code)
    wait_table(a, "t.status === 'playing'")
    a.click("#resume summary")
    link = a.inner_text("#resume-link")
    secret = link.split("#platz=", 1)[1]
    assert link == f"{base}/tisch/{code}#platz={secret}"
    # the secret is nowhere in the opponent's page
    assert secret not in b.content()
    name = a.inner_text("#seat-0 .seat-label")
    phone = players(viewport={"width": 360, "height": 640})
    phone.goto(link)
    wait_ready(phone)
    wait_table(phone, "t.seat === 0")
    assert "#" not in phone.url
    assert phone.inner_text("#seat-0 .seat-label") == name  # the same player
    # the old page was signed out; the new secret is not the old one
    a.wait_for_selector("#moved-notice", timeout=TIMEOUT_MS)
    phone.click("#resume summary")
    assert phone.inner_text("#resume-link").split("#platz=", 1)[1] != secret
    assert console.errors == []
