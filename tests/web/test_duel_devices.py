"""A duel's player and their devices, in the browser: the nickname, "Auf anderem Gerät
weiterspielen" (a one-time link and code, on to a third device) and the own seat link,
which moves the player too."""

from __future__ import annotations

import re
from typing import Any

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    open_table,
    seat_of,
    seat_two,
    wait_ready,
    wait_table,
    wait_text,
)


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
    """The seat link is a transfer: the phone continues as the same
    player, under the same name; the old page says it moved and stops playing."""
    base = duel_server.url
    a, b = players(), players()
    code = seat_two(a, b, base)
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
