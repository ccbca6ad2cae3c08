"""Who is at a duel's table, in the browser: the players' presence, a third person who
only watches, muting the opponent's chat, the chat's limit, and calling an absent
opponent back."""

from __future__ import annotations

from typing import Any

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    discs,
    join,
    play_one,
    seat_two,
    shown,
    wait_hall_open,
    wait_ready,
    wait_table,
    wait_text,
)


def test_onlooker_presence_and_callback(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a, b, c = players(), players(), players()
    code = seat_two(a, b, base)
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


def seat_of_or_none(page: Any) -> int | None:
    return shown(page)["seat"]  # type: ignore[no-any-return]
